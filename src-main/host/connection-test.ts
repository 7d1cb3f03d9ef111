/**
 * "Test connection": one request to the catalog's root listing, with a precise answer for each
 * way it can fail: the name does not resolve, TLS is not trusted, 401, 403, or the address
 * answers but is not a catalog.
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
    if (response.statusCode === 401)
      return {
        ok: false,
        message: 'The server refused the credentials (401): check the API key or token',
      };
    if (response.statusCode === 403)
      return {
        ok: false,
        message: 'The credentials are valid but may not list this catalog (403)',
      };
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const namespaces = (body as { namespaces?: unknown } | undefined)?.namespaces;
    if (response.statusCode !== 200 || !Array.isArray(namespaces)) {
      return {
        ok: false,
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
