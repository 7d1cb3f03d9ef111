/**
 * What the access log and the metrics know of every request beyond its path and status: the
 * body bytes of its answer (counted as they are written, for answers streamed without a length
 * too) and, with metrics on, the requests in flight, each answer by route template and status,
 * its latency, and the 503s. Installed before the edge (http/edge.ts), so that a request the edge
 * refuses is counted like any other.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestMetrics } from './service-metrics';

/** The label of a request that matched no route: its raw path would be an unbounded label. */
export const UNMATCHED_ROUTE = 'unmatched';

/** A request's route template (`/v1/table/:id/describe`), never its URL. */
export function routeTemplate(request: FastifyRequest): string {
  return request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
}

export function trackRequests(app: FastifyInstance, metrics: RequestMetrics | undefined): void {
  // Hooks that wait for nothing take Fastify's callback: an async one costs a turn of promises.
  app.addHook('onRequest', (request, reply, done) => {
    request.bytesSent = 0;
    const res = reply.raw;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    const count = (chunk: unknown) => {
      if (typeof chunk === 'string') request.bytesSent! += Buffer.byteLength(chunk);
      else if (chunk instanceof Uint8Array) request.bytesSent! += chunk.byteLength;
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      count(chunk);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (typeof chunk !== 'function') count(chunk);
      return end(chunk, ...rest);
    }) as typeof res.end;
    if (metrics) {
      metrics.inFlight.inc();
      res.once('close', () => metrics.inFlight.dec());
    }
    done();
  });
  if (!metrics) return;
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeTemplate(request);
    const status = reply.statusCode;
    metrics.requests.inc({ method: request.method, route, status: String(status) });
    metrics.duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    if (status === 503) metrics.refused.inc();
    done();
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Body bytes of the answer written so far (trackRequests). */
    bytesSent?: number;
  }
}
