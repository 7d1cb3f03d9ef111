/**
 * The service's Prometheus metrics, in one registry per process (prom-client). Loaded only by a
 * `serve` whose `--metrics` is not off, so a service without metrics does not pay for the module.
 *
 * Labels are bounded sets: a request's route is its template (`/v1/table/:id/describe`), never
 * the id in its URL, and a request that matched no route is `unmatched`. With workers, every
 * worker keeps its own registry and the primary sums them (metrics-link.ts); a metric that is
 * the same in every process (the catalog's jobs, read from the root they share) is aggregated
 * with `max` instead, so it is not counted once per worker.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { JobRecord } from '../../../src-shared/catalog-api';
import { onLockHold } from '../../catalog/dir/coordination/lock-trace';
import { onStoreRequest } from '../../catalog/storage/store-requests';

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export interface RequestMetrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  duration: Histogram<'method' | 'route'>;
  inFlight: Gauge;
  refused: Counter;
}

/** The request metrics every answering process has (a worker, or `serve --workers 1`). */
export function requestMetrics(registry = new Registry()): RequestMetrics {
  return {
    registry,
    requests: new Counter({
      name: 'catalog_http_requests_total',
      help: 'Requests answered, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'catalog_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by method and route template',
      labelNames: ['method', 'route'],
      buckets: SECONDS,
      registers: [registry],
    }),
    inFlight: new Gauge({
      name: 'catalog_http_in_flight',
      help: 'Requests arrived and not yet answered',
      registers: [registry],
    }),
    refused: new Counter({
      name: 'catalog_http_refused_total',
      help: 'Requests answered 503 (too many in flight, the store unavailable, no worker ready, stopping)',
      registers: [registry],
    }),
  };
}

/**
 * The engine's side: the catalog's own store requests (by kind and outcome, and their latency),
 * catalog-lock holds (by outcome, and how long) and takeovers of an abandoned lock, and the jobs
 * of each catalog by kind and state, read when scraped. Returns the call that stops listening.
 */
export function engineMetrics(
  registry: Registry,
  jobsOf: () => Array<() => Promise<JobRecord[]>>,
): () => void {
  const storeRequests = new Counter({
    name: 'catalog_store_requests_total',
    help: "The catalog's own object-store requests (retries included in one), by kind and outcome; LanceDB's are not counted",
    labelNames: ['kind', 'outcome'],
    registers: [registry],
  });
  const storeSeconds = new Histogram({
    name: 'catalog_store_request_duration_seconds',
    help: "The catalog's own object-store requests' latency (retries included), by kind",
    labelNames: ['kind'],
    buckets: SECONDS,
    registers: [registry],
  });
  const lockHolds = new Counter({
    name: 'catalog_lock_holds_total',
    help: 'Holds of the catalog lock by this process, by outcome (released, failed, lost)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const lockSeconds = new Histogram({
    name: 'catalog_lock_hold_seconds',
    help: 'How long this process held the catalog lock for one change',
    buckets: SECONDS,
    registers: [registry],
  });
  const takeovers = new Counter({
    name: 'catalog_lock_takeovers_total',
    help: 'Catalog-lock epochs this process took over from a holder that abandoned them',
    registers: [registry],
  });
  new Gauge({
    name: 'catalog_jobs',
    help: "The catalog's jobs (shared by every process serving it), by kind and state",
    labelNames: ['kind', 'state'],
    registers: [registry],
    aggregator: 'max',
    async collect() {
      this.reset();
      const counts = new Map<string, { kind: string; state: string; n: number }>();
      for (const list of jobsOf()) {
        for (const job of await list().catch(() => [])) {
          const key = `${job.kind}\u0000${job.state}`;
          const entry = counts.get(key) ?? { kind: job.kind, state: job.state, n: 0 };
          entry.n += 1;
          counts.set(key, entry);
        }
      }
      for (const { kind, state, n } of counts.values()) this.set({ kind, state }, n);
    },
  });
  const stops = [
    onStoreRequest(({ kind, ok, seconds }) => {
      storeRequests.inc({ kind, outcome: ok ? 'ok' : 'failed' });
      storeSeconds.observe({ kind }, seconds);
    }),
    onLockHold((hold) => {
      lockHolds.inc({ outcome: hold.outcome });
      lockSeconds.observe(Math.max(0, hold.endedAt - hold.acquiredAt) / 1000);
      if (hold.tookOver) takeovers.inc();
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
