/**
 * The metrics of a process that answers requests (a worker, or `serve --workers 1`): its requests
 * (counted by the server, request-tracking.ts) and its engine (store requests, lock holds, jobs).
 * A worker hands its registry to the primary when asked (metrics-link.ts); alone, the process
 * scrapes it itself.
 */
import type { CatalogClient } from '../../catalog/client';
import {
  engineMetrics,
  requestMetrics,
  type RequestMetrics,
} from '../../server/operations/service-metrics';
import { answerMetricsAsks } from './metrics-link';

export interface EngineMetrics {
  request: RequestMetrics;
  scrape: () => Promise<{ body: string; contentType: string }>;
  stop: () => void;
}

export function engineProcessMetrics(
  catalogs: Map<string, CatalogClient>,
  isWorker: boolean,
): EngineMetrics {
  const request = requestMetrics();
  const { registry } = request;
  const stop = engineMetrics(registry, () =>
    [...catalogs.values()].map((catalog) => () => catalog.listJobs()),
  );
  if (isWorker) answerMetricsAsks(registry);
  return {
    request,
    scrape: async () => ({ body: await registry.metrics(), contentType: registry.contentType }),
    stop,
  };
}
