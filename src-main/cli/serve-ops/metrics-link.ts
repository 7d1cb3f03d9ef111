/**
 * Metrics across `serve`'s workers, over the IPC channel the primary already has with each one
 * (prom-client's AggregatorRegistry does the same over Node's cluster module, which `serve` does
 * not use). A scrape of the primary asks every ready worker for its registry as JSON, waits at
 * most `WORKER_ANSWER_MS`, and sums them with its own (prom-client's aggregation: counters and
 * histograms summed, a metric declared with `aggregator: 'max'` taken once). A worker that does
 * not answer in time (busy, dying) is left out of that scrape and counted in
 * `catalog_metrics_workers_missing`, rather than holding the scrape.
 */
import type { ChildProcess } from 'node:child_process';
import {
  AggregatorRegistry,
  Gauge,
  type MetricObjectWithValues,
  type MetricValue,
  type Registry,
} from 'prom-client';

interface MetricsAsk {
  metricsAsk: number;
}
interface MetricsAnswer {
  metricsAnswer: number;
  values: MetricObjectWithValues<MetricValue<string>>[];
}

const WORKER_ANSWER_MS = 2_000;

/** The worker's side: answers the primary's asks with its registry. */
export function answerMetricsAsks(registry: Registry): void {
  process.on('message', (message: Partial<MetricsAsk>) => {
    if (typeof message?.metricsAsk !== 'number') return;
    const id = message.metricsAsk;
    void registry.getMetricsAsJSON().then((values) => {
      const answer: MetricsAnswer = { metricsAnswer: id, values };
      process.send?.(answer);
    });
  });
}

let asks = 0;

/** The primary's side: the exposition of its own registry and every ready worker's, summed. */
export function primaryScrape(own: Registry, workers: () => ChildProcess[]) {
  const missing = new Gauge({
    name: 'catalog_metrics_workers_missing',
    help: 'Workers that did not answer the last scrape in time (their counts are absent from it)',
    registers: [own],
  });
  return async (): Promise<{ body: string; contentType: string }> => {
    const children = workers();
    const answers = await Promise.all(children.map((child) => ask(child)));
    const got = answers.filter((values) => values !== undefined);
    missing.set(children.length - got.length);
    const merged = AggregatorRegistry.aggregate([await own.getMetricsAsJSON(), ...got]);
    return { body: await merged.metrics(), contentType: merged.contentType };
  };
}

function ask(
  child: ChildProcess,
): Promise<MetricObjectWithValues<MetricValue<string>>[] | undefined> {
  const id = (asks += 1);
  return new Promise((resolve) => {
    const done = (values?: MetricObjectWithValues<MetricValue<string>>[]) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(values);
    };
    const onMessage = (message: Partial<MetricsAnswer>) => {
      if (message?.metricsAnswer === id) done(message.values);
    };
    const timer = setTimeout(() => done(), WORKER_ANSWER_MS);
    child.on('message', onMessage);
    // With a callback, a failed send (the worker is going) is told here, not as the child's
    // 'error', which the pool would take for a worker that cannot start.
    try {
      child.send({ metricsAsk: id } satisfies MetricsAsk, (error) => {
        if (error) done();
      });
    } catch {
      done();
    }
  });
}
