/**
 * The primary of `catalog-studio serve --workers N`: it listens, starts N workers (each opens the
 * catalogs, as any replica may: the catalog is linearizable across processes and job state lives
 * in the root) and forwards every request to the one with the fewest in flight. It never loads
 * LanceDB, so the native crashes the workers are there to contain cannot reach it.
 *
 * The listening line is printed once the first worker is ready; the others start then, and
 * `/readyz` says ready once they all are. The primary answers `/healthz`, `/readyz` and
 * `/metrics` itself (serve-ops/): it knows its pool, and gathers the workers' metrics over their
 * IPC channels. SIGINT/SIGTERM: not ready, then (after `--drain-s`) stop accepting, finish the
 * requests in flight within `--stop-timeout-s`, then stop the workers (each closes its catalogs).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { stderrAccessLog } from '../access-log';
import type { ServeConfig } from '../serve-args';
import { requestIdOf } from '../../server/operations/request-id';
import { answerOps } from '../serve-ops/ops-endpoints';
import { Readiness } from '../serve-ops/readiness';
import { answerUnavailable, forward } from './proxy';
import { listenPublic } from './public-listener';
import { WorkerPool, type Worker } from './worker-pool';

/** Seconds a client is told to wait on a 503, as the workers' own "Slow down" says. */
const RETRY_AFTER = '1';

export async function runPrimary(config: ServeConfig, argv: string[]): Promise<number> {
  const log = stderrAccessLog({}, config.operations.logFormat);
  let stopping = false;
  let inFlight = 0;
  let giveUp: ((reason: string) => void) | undefined;
  const pool = new WorkerPool({
    count: config.workers,
    argv,
    onGiveUp: (reason) => giveUp?.(reason),
  });
  const readiness = new Readiness({
    roots: config.databases,
    storageOptions: config.catalogOptions.storageOptions,
    pool: () => pool.allReady(),
  });
  const metrics =
    config.operations.metrics === 'off'
      ? undefined
      : (await import('../serve-ops/primary-metrics')).primaryMetrics(() => pool.readyProcesses());
  const ops = {
    readiness: () => readiness.state(),
    metrics: config.operations.metrics,
    ...(config.operations.metricsKey ? { metricsKey: config.operations.metricsKey } : {}),
    ...(metrics ? { scrape: metrics.scrape } : {}),
  };

  /** The primary's own answer: a 503 when no worker has the request, written to the access log. */
  const unavailable = (
    req: IncomingMessage,
    res: ServerResponse,
    started: number,
    detail: string,
    w?: number,
  ) => {
    answerUnavailable(req, res, detail, RETRY_AFTER);
    metrics?.refusedHere(req.method ?? '?');
    log.write({
      time: new Date().toISOString(),
      id: requestIdOf(req),
      method: req.method ?? '?',
      path: (req.url ?? '/').split('?')[0]!,
      status: 503,
      ms: Math.round((performance.now() - started) * 100) / 100,
      code: 17,
      ...(w === undefined ? {} : { w }),
    });
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (answerOps(req, res, ops)) return;
    const started = performance.now();
    const worker = pool.pick();
    if (!worker) {
      unavailable(req, res, started, 'No worker is ready: they are starting or restarting');
      return;
    }
    track(worker, res);
    forward(req, res, {
      socket: worker.socket,
      agent: worker.agent,
      closing: () => stopping,
      lost: () =>
        unavailable(
          req,
          res,
          started,
          `Worker ${worker.id} stopped before it answered (it crashed or was killed); the request may be sent again`,
          worker.id,
        ),
    });
  };

  /** Counts a request against its worker and the service until its answer is done, either way. */
  const track = (worker: Worker, res: ServerResponse) => {
    worker.inFlight += 1;
    inFlight += 1;
    res.once('close', () => {
      worker.inFlight -= 1;
      inFlight -= 1;
    });
  };

  const listener = await listenPublic(config.host, config.port, config.limits, handle);
  try {
    await pool.start(listener.addresses);
  } catch (error) {
    process.stderr.write(`serve: ${(error as Error).message}; stopping\n`);
    await listener.close();
    await pool.stop();
    log.flush();
    return 1;
  }
  readiness.start();
  const port = listener.addresses[0]!.port;
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  process.stdout.write(`listening on http://${shownHost}:${port}\n`);

  const ended = await new Promise<{ reason: string; code: number }>((resolve) => {
    giveUp = (reason) => resolve({ reason, code: 1 });
    process.once('SIGINT', () => resolve({ reason: 'SIGINT', code: 0 }));
    process.once('SIGTERM', () => resolve({ reason: 'SIGTERM', code: 0 }));
  });
  // Not ready first, so that a load balancer stops sending before anything is refused; during
  // --drain-s requests are still served as usual.
  readiness.markStopping();
  log.flush();
  if (ended.code === 0)
    process.stderr.write(`${ended.reason}: stopping; finishing requests in flight\n`);
  if (ended.code === 0 && config.operations.drainMs > 0)
    await new Promise((resolve) => setTimeout(resolve, config.operations.drainMs));
  stopping = true;
  // No new connections; busy ones close after their answer (Connection: close), idle ones after
  // a short linger in which a request already on its way is still answered (public-listener.ts).
  // The workers stay up until every connection is closed, for at most the stop timeout.
  const closed = listener.close();
  const bound = config.operations.stopTimeoutMs;
  const inTime = await Promise.race([
    closed.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), bound).unref()),
  ]);
  if (!inTime) {
    process.stderr.write(
      `${ended.reason}: ${inFlight} requests still in flight after ${bound / 1000} s; cutting their connections\n`,
    );
    for (const server of listener.servers) server.closeAllConnections();
    await closed;
  }
  // Then each worker finishes what it still has (its index builds are cancelled through LanceDB)
  // and closes its catalogs.
  await pool.stop();
  await readiness.close();
  log.flush();
  return ended.code;
}
