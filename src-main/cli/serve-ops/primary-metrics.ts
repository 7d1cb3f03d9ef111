/**
 * The primary's own metrics: the 503s it answers itself (no worker ready, or the worker died
 * before answering), which no worker counts, beside every worker's registry, summed on each
 * scrape (metrics-link.ts). Loaded only when `--metrics` is on.
 */
import type { ChildProcess } from 'node:child_process';
import { requestMetrics } from '../../server/operations/service-metrics';
import { primaryScrape } from './metrics-link';

/** The route label of what the primary answers itself: it never matched a route. */
const NO_WORKER = 'no_worker';

export function primaryMetrics(workers: () => ChildProcess[]) {
  const own = requestMetrics();
  return {
    scrape: primaryScrape(own.registry, workers),
    refusedHere(method: string) {
      own.requests.inc({ method, route: NO_WORKER, status: '503' });
      own.refused.inc();
    },
  };
}
