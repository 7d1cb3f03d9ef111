/**
 * "Test connection": one request to the catalog's root listing, with a precise answer for each
 * way it can fail: the name does not resolve, TLS is not trusted, the catalog refuses the
 * credentials (401) or the listing (403), or the address answers but is not a catalog — which
 * includes a 401 or 403 from a server that is not one, told apart by the catalog's error body.
 */
import { request } from 'undici';
import type { RemoteSettings } from '../../src-shared/studio-procedures';
import { remoteAgent } from './remote-agent';
import { remoteHeaders } from './remote-headers';

export interface TestResult {
  ok: boolean;
  message: string;
  namespaces?: number;
  /** The error code of a failed test, when one is known. */
  code?: number;
  /** The address answered, but not as a catalog: connecting to it would only fail later. */
  notCatalog?: boolean;
}

/**
 * The error body of a Lance namespace catalog (ours and the specification's): a JSON object with
 * a numeric error `code` and a message in `error` or `detail`.
 */
function isCatalogError(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const { code, error, detail } = body as { code?: unknown; error?: unknown; detail?: unknown };
  return (
    typeof code === 'number' &&
    Number.isInteger(code) &&
    (typeof error === 'string' || typeof detail === 'string')
  );
}

function describeNetworkError(raw: unknown, url: URL): string {
  const error = raw as Error & { code?: string; cause?: { code?: string } };
  const code = error.code ?? error.cause?.code ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `The host name ${url.hostname} could not be resolved (DNS)`;
  if (code === 'ECONNREFUSED') return `Nothing is listening at ${url.host}`;
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/i.test(code)) {
    return `The TLS certificate of ${url.host} is not trusted (${code}); give the CA file of a self-signed server`;
  }
  if (/TIMEOUT/i.test(code)) return `${url.host} did not answer in time`;
  return `Cannot reach ${url.host}: ${code || error.message}`;
}

export async function testRemote(
  settings: RemoteSettings,
  timeoutMs = 10_000,
): Promise<TestResult> {
  const url = new URL(`${settings.url.replace(/\/+$/, '')}/v1/namespace/%24/list`);
  const dispatcher = remoteAgent(settings, timeoutMs);
  try {
    const response = await request(url, {
      method: 'GET',
      headers: remoteHeaders(settings),
      dispatcher,
    });
    const text = await response.body.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    // Any web server may answer 401 or 403 (a login page, a proxy): only a refusal in the
    // catalog's own error body is about the catalog's credentials.
    if ((response.statusCode === 401 || response.statusCode === 403) && !isCatalogError(body))
      return {
        ok: false,
        notCatalog: true,
        message: `${url.origin} answered HTTP ${response.statusCode} without a catalog's error body: it is not a Lance namespace catalog, or something in front of it (a proxy, a login page) refused the request; check the URL`,
      };
    if (response.statusCode === 401)
      return {
        ok: false,
        message: 'The catalog refused the credentials (401): check the API key or token',
      };
    if (response.statusCode === 403)
      return {
        ok: false,
        message: 'The credentials are valid but may not list this catalog (403)',
      };
    const namespaces = (body as { namespaces?: unknown } | undefined)?.namespaces;
    if (response.statusCode !== 200 || !Array.isArray(namespaces)) {
      const failure = isCatalogError(body)
        ? (body as { error?: string; detail?: string })
        : undefined;
      return failure
        ? {
            ok: false,
            message: `The catalog at ${url.origin} answered HTTP ${response.statusCode}: ${failure.detail ?? failure.error}`,
          }
        : {
            ok: false,
            notCatalog: true,
            message: `${url.origin} answered HTTP ${response.statusCode} but is not a Lance namespace catalog`,
          };
    }
    return {
      ok: true,
      message: `Connected: ${namespaces.length} top-level namespace(s)`,
      namespaces: namespaces.length,
    };
  } catch (error) {
    return { ok: false, message: describeNetworkError(error, url) };
  } finally {
    await dispatcher.close();
  }
}
