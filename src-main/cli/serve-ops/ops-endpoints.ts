/**
 * `GET /healthz`, `GET /readyz` and `GET /metrics`: about the process, not the catalog, so they
 * are answered before a request reaches the catalog's routes, outside its authentication, its
 * in-flight limit and its access log, and they are not rows of the REST contract (no client of
 * the catalog calls them). With workers, the answer is the whole service's whichever worker
 * holds the probe's connection: the primary, which knows its pool, tells the workers
 * (worker-ops.ts).
 *
 * - `/healthz`: 200 whenever the process answers at all; it asks nothing of anyone.
 * - `/readyz`: 200 or 503 from the state readiness.ts keeps, with each check in the body.
 * - `/metrics`: Prometheus's text format, by `--metrics`: `off` (not answered: 406 like any path
 *   the service does not have), `loopback` (only to clients on this machine), or `key` (to a
 *   client that sends `Authorization: Bearer` with the key in CATALOG_STUDIO_METRICS_KEY).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ReadinessState } from './readiness';

export type MetricsAccess = 'off' | 'loopback' | 'key';

export const METRICS_KEY_ENV = 'CATALOG_STUDIO_METRICS_KEY';

export interface OpsEndpoints {
  readiness: () => ReadinessState;
  metrics: MetricsAccess;
  /** The key `key` access compares with (required then). */
  metricsKey?: string;
  /** The exposition, and its content type. */
  scrape?: () => Promise<{ body: string; contentType: string }>;
}

const PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** Answers the request if it is one of these; false leaves it to the catalog's routes. */
export function answerOps(req: IncomingMessage, res: ServerResponse, ops: OpsEndpoints): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = (req.url ?? '/').split('?')[0]!;
  if (!PATHS.has(path)) return false;
  if (path === '/healthz') {
    send(res, 200, { status: 'ok' });
    return true;
  }
  if (path === '/readyz') {
    const state = ops.readiness();
    send(res, state.ready ? 200 : 503, { status: state.ready ? 'ready' : 'not ready', ...state });
    return true;
  }
  if (ops.metrics === 'off' || !ops.scrape) return false;
  const refusal = metricsRefusal(req, ops);
  if (refusal) {
    send(res, refusal.status, { status: refusal.why });
    return true;
  }
  ops.scrape().then(
    ({ body, contentType }) => {
      res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
    },
    (error: unknown) => send(res, 500, { status: `metrics failed: ${(error as Error).message}` }),
  );
  return true;
}

function metricsRefusal(
  req: IncomingMessage,
  ops: OpsEndpoints,
): { status: number; why: string } | undefined {
  if (ops.metrics === 'loopback') {
    // A reverse proxy on this machine connects from loopback for every client: a relayed
    // request (it says whom it relays) is not this machine's.
    if (req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined) {
      return { status: 403, why: 'metrics are served to this machine only, not through a proxy' };
    }
    const from = req.socket.remoteAddress ?? '';
    const loopback = from === '::1' || from.startsWith('127.') || from.startsWith('::ffff:127.');
    return loopback ? undefined : { status: 403, why: 'metrics are served to this machine only' };
  }
  const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  if (given && ops.metricsKey && sameSecret(given, ops.metricsKey)) return undefined;
  return { status: 401, why: 'metrics need the metrics key (Authorization: Bearer)' };
}

/** Compared as digests, in constant time, so that neither the key's length nor its prefix leaks. */
function sameSecret(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
}

function send(res: ServerResponse, status: number, body: object): void {
  const text = `${JSON.stringify(body)}\n`;
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  res.end(res.req.method === 'HEAD' ? undefined : text);
}
