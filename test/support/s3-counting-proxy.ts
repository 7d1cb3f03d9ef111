/**
 * A counting HTTP proxy in front of an S3 store, on loopback: every request is forwarded to the
 * store unchanged (method, path, query, headers and body; the Host header as the client sent it,
 * so SigV4 signatures made for the proxy's address stay valid, and the gateway answers path-style
 * requests for any host). Point LanceDB (`aws_endpoint`) and the AWS SDK (`endpoint`) at
 * `proxy.endpoint`. Each request is recorded with its kind (GET, HEAD, PUT, LIST, DELETE, POST),
 * and a fixed delay can be added before each one is forwarded, to stand in for a distant store.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type RequestKind = 'GET' | 'HEAD' | 'PUT' | 'LIST' | 'DELETE' | 'POST' | 'OTHER';
export const REQUEST_KINDS: readonly RequestKind[] = [
  'GET',
  'HEAD',
  'PUT',
  'LIST',
  'DELETE',
  'POST',
  'OTHER',
];

export interface StoreRequest {
  kind: RequestKind;
  method: string;
  /** The path and query as sent, e.g. `/catalog/root/__manifest/_versions/1.manifest`. */
  url: string;
  /** A `Range` header, if any (Lance reads files in ranges). */
  range?: string;
  /** The store's status code, once it answered. */
  status?: number;
}

export type RequestCounts = Record<RequestKind, number> & { total: number };

/** GET on a bucket (no key) or with `list-type`/`prefix` in the query is a LIST. */
export function requestKind(method: string, url: string): RequestKind {
  const [path = '', query = ''] = url.split('?', 2);
  const params = new URLSearchParams(query);
  switch (method.toUpperCase()) {
    case 'GET': {
      const segments = path.split('/').filter((s) => s !== '');
      return params.has('list-type') || params.has('prefix') || segments.length <= 1
        ? 'LIST'
        : 'GET';
    }
    case 'HEAD':
      return 'HEAD';
    case 'PUT':
      return 'PUT';
    case 'DELETE':
      return 'DELETE';
    case 'POST':
      return 'POST';
    default:
      return 'OTHER';
  }
}

export function countRequests(requests: readonly StoreRequest[]): RequestCounts {
  const counts = Object.fromEntries(REQUEST_KINDS.map((k) => [k, 0])) as RequestCounts;
  counts.total = 0;
  for (const r of requests) {
    counts[r.kind] += 1;
    counts.total += 1;
  }
  return counts;
}

/** `3 (LIST 1, GET 2)`: the total and the kinds that occurred. */
export function formatCounts(counts: RequestCounts): string {
  const parts = REQUEST_KINDS.filter((k) => counts[k] > 0).map((k) => `${k} ${counts[k]}`);
  return parts.length ? `${counts.total} (${parts.join(', ')})` : '0';
}

/** One line per request, for finding where requests go. */
export function formatRequests(requests: readonly StoreRequest[]): string {
  return requests
    .map(
      (r) =>
        `${r.kind.padEnd(6)} ${r.method} ${decodeURIComponent(r.url)}${r.range ? ` [${r.range}]` : ''} -> ${r.status ?? '…'}`,
    )
    .join('\n');
}

export interface CountingS3Proxy {
  /** `http://127.0.0.1:PORT`, to use as the S3 endpoint. */
  endpoint: string;
  /** Milliseconds added before each request is forwarded; may be changed at any time. */
  delayMs: number;
  /** Every request since the last `reset`. */
  readonly requests: StoreRequest[];
  /** Requests forwarded and not yet answered. */
  readonly inFlight: number;
  reset(): void;
  /**
   * Runs `work` and returns the requests that arrived while it ran, after the store has answered
   * every one of them (a request still in flight when `work` resolves is waited for and counted).
   */
  measure<T>(work: () => Promise<T>): Promise<{ result: T; requests: StoreRequest[] }>;
  close(): Promise<void>;
}

export async function startCountingProxy(
  target: string,
  options: { delayMs?: number } = {},
): Promise<CountingS3Proxy> {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let requests: StoreRequest[] = [];
  let inFlight = 0;
  let idle: (() => void)[] = [];
  const settle = () => {
    if (inFlight > 0) return;
    const waiting = idle;
    idle = [];
    for (const resolve of waiting) resolve();
  };

  const server = http.createServer((req, res) => {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const range = req.headers.range;
    const record: StoreRequest = {
      kind: requestKind(method, url),
      method,
      url,
      ...(typeof range === 'string' ? { range } : {}),
    };
    requests.push(record);
    inFlight += 1;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      inFlight -= 1;
      settle();
    };
    res.on('close', finish);
    const forward = () => {
      const outbound = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method,
          path: url,
          headers: req.headers,
          agent,
        },
        (reply) => {
          record.status = reply.statusCode ?? 0;
          res.writeHead(reply.statusCode ?? 502, reply.statusMessage, reply.rawHeaders);
          reply.pipe(res);
        },
      );
      outbound.on('error', (error) => {
        record.status = 502;
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`counting proxy: ${error.message}`);
      });
      req.pipe(outbound);
    };
    if (proxy.delayMs > 0) setTimeout(forward, proxy.delayMs);
    else forward();
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const proxy: CountingS3Proxy = {
    endpoint: `http://127.0.0.1:${port}`,
    delayMs: options.delayMs ?? 0,
    get requests() {
      return requests;
    },
    get inFlight() {
      return inFlight;
    },
    reset() {
      requests = [];
    },
    async measure(work) {
      const start = requests.length;
      const list = requests;
      const result = await work();
      if (inFlight > 0) await new Promise<void>((resolve) => idle.push(resolve));
      return { result, requests: list.slice(start) };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
  return proxy;
}
