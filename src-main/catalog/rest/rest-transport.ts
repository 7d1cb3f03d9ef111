/**
 * HTTP for the `rest` catalog: one place that sends requests, applies headers and the request
 * context, retries 503 "Slow down" with backoff that honours Retry-After, maps the error body onto
 * the catalog's error taxonomy (the `code` first, then the status), and turns network failures and
 * time-outs into ServiceUnavailable with their cause.
 */
import { readFileSync } from 'node:fs';
import { Agent, request, type Dispatcher } from 'undici';
import { ARROW_STREAM_TYPE } from '../arrow-data';
import {
  CatalogError,
  ERROR_CODES,
  errors,
  errorNameOf,
  type ErrorCode,
} from '../../../src-shared/vocabulary/errors';

export interface RestSettings {
  uri: string;
  headers: Record<string, string>;
  delimiter: string;
  timeoutMs: number;
  retries: number;
  maxRetryWaitMs: number;
  caFile?: string;
}

/** Reads `connectNamespace('rest', properties)`. */
export function parseRestProperties(properties: Record<string, string>): RestSettings {
  const uri = properties.uri?.trim();
  if (!uri) throw errors.InvalidInput('The rest implementation needs the property "uri"');
  let parsed: URL;
  try {
    parsed = new URL(uri);
  } catch {
    throw errors.InvalidInput(`The uri ${JSON.stringify(uri)} is not a valid URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw errors.InvalidInput(`The uri must be http or https (got ${parsed.protocol})`);
  }
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(properties)) {
    // `headers.<Name>` per the specification; `header.<Name>` as the lance client also accepts.
    const match = /^headers?\.(.+)$/.exec(key);
    if (match) headers[match[1]!] = value;
  }
  const number = (name: string, fallback: number, min: number) => {
    const text = properties[name];
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!Number.isFinite(value) || value < min)
      throw errors.InvalidInput(`${name} must be a number ≥ ${min}`);
    return value;
  };
  return {
    uri: uri.replace(/\/+$/, ''),
    headers,
    delimiter: properties.delimiter || '$',
    timeoutMs: number('timeout_ms', 30_000, 1),
    retries: number('retries', 3, 0),
    maxRetryWaitMs: number('max_retry_wait_ms', 10_000, 0),
    ...(properties['tls.ssl_ca_cert'] ? { caFile: properties['tls.ssl_ca_cert'] } : {}),
  };
}

export type RequestContext = Record<string, string>;

export interface RestRequest {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | string[] | number | boolean | undefined>;
  json?: unknown;
  bytes?: Uint8Array;
  /** Keys `header.<Name>` become request headers (the context object, specification §2). */
  context?: RequestContext;
  /** The code to report for a 404 whose body carries none. */
  notFound?: ErrorCode;
  /** The Accept header, for answers that come in more than one form (Arrow stream or file). */
  accept?: string;
}

export interface RestResponse {
  status: number;
  bytes: Uint8Array;
  /** Every response header as `header.<name>` (the context object, specification §2). */
  context: RequestContext;
  json<T = unknown>(): T;
}

export interface RestStreamResponse {
  status: number;
  context: RequestContext;
  /** The reply's body, to be read once (or dumped). */
  body: Dispatcher.ResponseData['body'];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function statusCode(status: number, notFound: ErrorCode): ErrorCode {
  if (status === 400 || status === 413 || status === 422) return ERROR_CODES.InvalidInput;
  if (status === 401) return ERROR_CODES.Unauthenticated;
  if (status === 403) return ERROR_CODES.PermissionDenied;
  if (status === 404) return notFound;
  if (status === 406) return ERROR_CODES.Unsupported;
  if (status === 409) return ERROR_CODES.ConcurrentModification;
  if (status === 429) return ERROR_CODES.Throttling;
  if (status === 503) return ERROR_CODES.ServiceUnavailable;
  return ERROR_CODES.Internal;
}

/** The error body's `code` decides the kind, as in the lance client; the status is the fallback. */
export function errorFromResponse(
  status: number,
  bytes: Uint8Array,
  notFound: ErrorCode,
): CatalogError {
  const text = Buffer.from(bytes).toString('utf8');
  let body: { code?: unknown; detail?: unknown; error?: unknown; title?: unknown } | undefined;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = undefined;
  }
  const code =
    typeof body?.code === 'number' &&
    Number.isInteger(body.code) &&
    body.code >= 0 &&
    body.code <= 23
      ? (body.code as ErrorCode)
      : statusCode(status, notFound);
  const detail = typeof body?.detail === 'string' && body.detail !== '' ? body.detail : undefined;
  const message =
    detail ??
    (typeof body?.error === 'string'
      ? body.error.replace(new RegExp(`^${errorNameOf(code)}: `), '')
      : undefined) ??
    (text.trim() || `HTTP ${status}`);
  return new CatalogError(code, message, { detail: `HTTP ${status}: ${text.slice(0, 2000)}` });
}

export class RestTransport {
  private readonly dispatcher: Dispatcher;

  constructor(readonly settings: RestSettings) {
    this.dispatcher = new Agent({
      headersTimeout: settings.timeoutMs,
      bodyTimeout: settings.timeoutMs,
      connect: {
        timeout: Math.min(settings.timeoutMs, 10_000),
        ...(settings.caFile ? { ca: readFileSync(settings.caFile, 'utf8') } : {}),
      },
    });
  }

  async send(req: RestRequest): Promise<RestResponse> {
    const { status, context, body } = await this.open(req);
    const bytes = new Uint8Array(await body.arrayBuffer());
    return {
      status,
      bytes,
      context,
      json<T>() {
        const text = Buffer.from(bytes).toString('utf8');
        if (text.trim() === '') return undefined as T;
        try {
          return JSON.parse(text) as T;
        } catch {
          throw errors.Internal(
            `The catalog answered with a body that is not JSON: ${text.slice(0, 200)}`,
          );
        }
      },
    };
  }

  /**
   * Sends a request and answers once a 2xx reply's headers are in, its body still to be read (an
   * Arrow answer, read as it arrives). Refusals are errors, and 503s are retried, as in `send`.
   */
  async open(req: RestRequest): Promise<RestStreamResponse> {
    const url = new URL(this.settings.uri + req.path);
    for (const [key, value] of Object.entries(req.query ?? {})) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value])
        url.searchParams.append(key, String(v));
    }
    if (this.settings.delimiter !== '$') url.searchParams.set('delimiter', this.settings.delimiter);
    const headers: Record<string, string> = { ...this.settings.headers };
    for (const [key, value] of Object.entries(req.context ?? {})) {
      if (key.startsWith('header.')) headers[key.slice('header.'.length)] = value;
    }
    if (req.accept) headers.accept = req.accept;
    let body: string | Buffer | undefined;
    if (req.bytes) {
      headers['content-type'] = ARROW_STREAM_TYPE;
      body = Buffer.from(req.bytes.buffer, req.bytes.byteOffset, req.bytes.byteLength);
    } else if (req.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(req.json);
    }

    for (let attempt = 0; ; attempt++) {
      let response: Dispatcher.ResponseData;
      try {
        response = await request(url, {
          method: req.method,
          headers,
          body,
          dispatcher: this.dispatcher,
        });
      } catch (cause) {
        const error = cause as Error & { code?: string };
        const timedOut = /timeout/i.test(error.code ?? '') || /timeout/i.test(error.name);
        throw errors.ServiceUnavailable(
          timedOut
            ? `The catalog at ${this.settings.uri} did not answer within ${this.settings.timeoutMs} ms`
            : `Cannot reach the catalog at ${this.settings.uri}: ${error.code ?? error.message}`,
          { cause },
        );
      }
      if (response.statusCode === 503 && attempt < this.settings.retries) {
        await response.body.dump();
        const retryAfter = Number(response.headers['retry-after']);
        const backoff = 200 * 2 ** attempt;
        await sleep(
          Math.min(
            this.settings.maxRetryWaitMs,
            Number.isFinite(retryAfter) ? retryAfter * 1000 : backoff,
          ),
        );
        continue;
      }
      const context: RequestContext = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined)
          context[`header.${name}`] = Array.isArray(value) ? value.join(', ') : value;
      }
      if (response.statusCode < 200 || response.statusCode >= 300) {
        throw errorFromResponse(
          response.statusCode,
          new Uint8Array(await response.body.arrayBuffer()),
          req.notFound ?? ERROR_CODES.TableNotFound,
        );
      }
      return { status: response.statusCode, context, body: response.body };
    }
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }
}
