/**
 * The primary of `catalog-studio serve --workers N`: it listens, starts N workers (each opens the
 * catalogs, as any replica may: the catalog is linearizable across processes and job state lives
 * in the root) and hands each client connection to the one holding the fewest
 * (handed-connections.ts), which then serves it directly. It never loads LanceDB, so the native
 * crashes the workers are there to contain cannot reach it, and it keeps its own copy of every
 * connection, so that a worker's death costs its clients only an answer: 503 for a request it had
 * not begun to answer, a closed connection for one it had (own-answers.ts).
 *
 * The listening line is printed once the first worker is ready; the others start then, and
 * `/readyz` says ready once they all are. The primary keeps the readiness and gathers the
 * workers' metrics over their IPC channels; the workers answer the probes from what it sends
 * them (serve-ops/worker-ops.ts). It answers on a connection itself only when no worker is
 * ready, and on the connections of a worker that died. SIGINT/SIGTERM: not ready, then (after
 * `--drain-s`) stop accepting; the workers finish the requests on their connections within
 * `--stop-timeout-s`, close their catalogs and exit.
 */
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { stderrAccessLog } from '../access-log';
import type { ServeConfig } from '../serve-args';
import { closeGently } from '../../server/http/gentle-close';
import { Readiness } from '../serve-ops/readiness';
import { answerScrapeAsk, readinessPusher } from '../serve-ops/worker-ops';
import { ANSWERING, ASKED } from './connection-states';
import type { Orphan } from './handed-connections';
import { answerLostRequest, cutAnswer, lostDetail } from './own-answers';
import { ownServer } from './own-server';
import { listenPublic } from './public-listener';
import { WorkerPool } from './worker-pool';

/** Seconds a client is told to wait on a 503, as the workers' own "Slow down" says. */
const RETRY_AFTER = '1';
/** How long a worker may take to close its catalogs after its stop timeout, before it is killed. */
const WORKER_CLOSE_MS = 30_000;
/** How often the readiness is compared with what the workers were last sent. */
const READINESS_PUSH_MS = 250;

export async function runPrimary(config: ServeConfig, argv: string[]): Promise<number> {
  const log = stderrAccessLog({}, config.operations.logFormat);
  let giveUp: ((reason: string) => void) | undefined;
  // The pool is made below; these call it only once it exists.
  const readiness = new Readiness({
    roots: config.databases,
    storageOptions: config.catalogOptions.storageOptions,
    pool: () => pool.allReady(),
  });
  const pushReadiness = readinessPusher(
    () => readiness.state(),
    () => pool.readyProcesses(),
  );
  const metrics =
    config.operations.metrics === 'off'
      ? undefined
      : (await import('../serve-ops/primary-metrics')).primaryMetrics(() => pool.readyProcesses());
  const pool = new WorkerPool({
    count: config.workers,
    argv,
    onGiveUp: (reason) => giveUp?.(reason),
    onUnhanded: (socket) => route(socket),
    onOrphans: (worker, orphans, stopping) => settleOrphans(worker, orphans, stopping),
    onChange: () => pushReadiness(),
    onMessage: (child, message) => void answerScrapeAsk(child, message, metrics?.scrape),
  });
  const ops = {
    readiness: () => readiness.state(),
    metrics: config.operations.metrics,
    ...(config.operations.metricsKey ? { metricsKey: config.operations.metricsKey } : {}),
    ...(metrics ? { scrape: metrics.scrape } : {}),
  };

  /** A 503 of the primary's own, counted and written to the access log. */
  const refused = (id: string, method: string, path: string, started: number, w?: number) => {
    metrics?.refusedHere(method);
    log.write({
      time: new Date().toISOString(),
      id,
      method,
      path,
      status: 503,
      ms: Math.round((performance.now() - started) * 100) / 100,
      code: 17,
      ...(w === undefined ? {} : { w }),
    });
  };
  const own = ownServer({ limits: config.limits, ops, retryAfter: RETRY_AFTER, refused });

  /** What a dead worker's clients are owed, by where each connection stood (connection-states.ts). */
  const settleOrphans = (worker: number, orphans: Orphan[], stopping: boolean) => {
    for (const { socket, record } of orphans) {
      if (socket.destroyed) continue;
      if (record.state === ASKED) {
        const [method = '?', path = '/'] = record.request.split(' ');
        answerLostRequest(socket, record.request, lostDetail(worker), RETRY_AFTER);
        refused(randomUUID(), method, path, performance.now(), worker);
      } else if (record.state === ANSWERING) cutAnswer(socket);
      // Idle: no request was read from it, so a live worker takes the connection on, and its
      // client does not see the death at all; with none, a request on its way is refused.
      else if (stopping) socket.destroy();
      else if (!pool.hand(socket)) own.takeOrphan(socket, worker);
    }
  };
  /** A new connection: to the worker holding the fewest, or answered here when none is ready. */
  const route = (socket: Socket) => {
    if (!pool.hand(socket)) own.take(socket);
  };

  const listener = await listenPublic(config.host, config.port, config.limits, route);
  try {
    await pool.start(listener.addresses);
  } catch (error) {
    process.stderr.write(`serve: ${(error as Error).message}; stopping\n`);
    listener.stopAccepting();
    listener.cutAll();
    await pool.stop(config.operations.stopTimeoutMs);
    log.flush();
    return 1;
  }
  readiness.start();
  const pushing = setInterval(() => pushReadiness(), READINESS_PUSH_MS);
  pushing.unref();
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
  pushReadiness();
  log.flush();
  if (ended.code === 0)
    process.stderr.write(`${ended.reason}: stopping; finishing requests in flight\n`);
  if (ended.code === 0 && config.operations.drainMs > 0)
    await new Promise((resolve) => setTimeout(resolve, config.operations.drainMs));
  // No new connections. Each worker closes its connections gently (an answer begun goes out with
  // Connection: close; an idle one lingers for a request already on its way), cuts what is left
  // after the stop timeout, closes its catalogs and exits; the primary's own connections close
  // after their answer. Its copies of the workers' go as they do.
  listener.stopAccepting();
  closeGently(
    own.server,
    () => undefined,
    () => listener.drained(),
  );
  const bound = config.operations.stopTimeoutMs;
  // Past the workers' own stop timeout, with time to close their catalogs.
  await pool.stop(bound + WORKER_CLOSE_MS);
  // A timer that holds the process: the primary's copies of connections keep no reads going, so
  // nothing else would until they are closed.
  let bounded: NodeJS.Timeout | undefined;
  const inTime = await Promise.race([
    listener.drained().then(() => true),
    new Promise<boolean>((resolve) => (bounded = setTimeout(() => resolve(false), bound))),
  ]);
  clearTimeout(bounded);
  if (!inTime) listener.cutAll();
  clearInterval(pushing);
  await readiness.close();
  log.flush();
  return ended.code;
}
