/**
 * One engine process of `catalog-studio serve`: it opens the catalogs and answers requests. With
 * `--workers 1` it is the whole service, listening on the public address; otherwise it is a
 * worker of the primary (serve-workers/primary.ts), which listens and hands it client
 * connections (serve-workers/connection-intake.ts), and it tells the primary when it is ready
 * instead of printing the listening line.
 */
import type { CatalogClient } from '../catalog/client';
// The directory catalog itself, not the engine's index, which also loads the REST client.
import { openDirCatalog as connect } from '../catalog/dir/dir-catalog';
import { markProcessStopping } from '../catalog/jobs/process-stop';
import { stderrAccessLog } from './access-log';
import type { ServeConfig } from './serve-args';
import { announceReady, holdToPrimary, type WorkerRole } from './serve-workers/worker-link';
import { ConnectionIntake } from './serve-workers/connection-intake';
import { putOpsInFront } from './serve-ops/front-door';
import { makeCloseGentle } from '../server/http/gentle-close';
import { trackHandedConnections } from '../server/http/handed-only';
import { Readiness } from './serve-ops/readiness';
import type { EngineMetrics } from './serve-ops/engine-metrics';

/** Set to 1 to serve the route that crashes the process (tests only; see test-crash.ts). */
export const TEST_CRASH_ENV = 'CATALOG_STUDIO_TEST_CRASH';

export async function runEngine(config: ServeConfig, worker?: WorkerRole): Promise<number> {
  // Dies with the primary, whichever way the primary ends; registered first, so that a worker
  // whose primary is gone before it opened its catalogs does not go on opening them.
  const hold = worker ? holdToPrimary(worker) : undefined;
  // The audit trail and the principals managed through the API, in the catalog's own state.
  const { openServingAccess, accessRoot } = await import('../server/access/serving-access');
  const access = await openServingAccess(
    accessRoot(config.databases, config.defaultDatabase),
    config.catalogOptions.storageOptions,
  );
  // The authenticator (and its JWT library) is loaded only for a server that has an --auth file.
  const authenticator = config.auth
    ? await (async (file: string) => {
        const [{ Authenticator }, { loadAuthFile }] = await Promise.all([
          import('../server/auth/authenticator'),
          import('../server/auth/auth-config'),
        ]);
        const { config: auth, jwks } = loadAuthFile(file);
        // Every worker reads the same file: the first one says what is wrong with it.
        if (!worker || worker.id === 1)
          warnUnservedDatabases([...auth.principals, ...(auth.oidc ? [auth.oidc] : [])], config);
        return new Authenticator(auth, jwks, await access.keys(auth));
      })(config.auth)
    : undefined;
  // The catalogs open (mostly waiting on LanceDB's threads and the root's lock) while the server's
  // modules load and its routes are built: on a start, one overlaps the other. Routes find their
  // catalog in the map per request, and nothing is served before it is filled.
  const opening = openCatalogs(config.databases, config.catalogOptions);
  opening.catch(() => undefined); // awaited below; a failure ends the command there
  const { buildServer } = await import('../server/build-server');
  const log = stderrAccessLog(worker ? { w: worker.id } : {}, config.operations.logFormat);
  const catalogs = new Map<string, CatalogClient>();
  const metrics = await serviceMetrics(config, catalogs, worker);
  const app = buildServer({
    databases: catalogs,
    ...(config.defaultDatabase ? { defaultDatabase: config.defaultDatabase } : {}),
    ...(authenticator ? { authenticator } : {}),
    ...(access.keyStore ? { keyStore: access.keyStore } : {}),
    audit: access.audit,
    ...config.limits,
    // A worker's clients connect to the primary: the browser guard checks their Host against the
    // primary's addresses, and the primary, which sees every client's connections, caps them.
    ...(worker
      ? { publicAddresses: worker.addresses, maxConnectionsPerClient: Number.POSITIVE_INFINITY }
      : {}),
    testCrashRoute: process.env[TEST_CRASH_ENV] === '1',
    accessLog: log.write,
    ...(metrics ? { requestMetrics: metrics.request } : {}),
  });
  // Alone, this process answers the probes and metrics itself. A worker answers them on the
  // connections it is handed with what the primary, which knows the whole pool, tells it.
  const readiness = worker
    ? undefined
    : new Readiness({
        roots: config.databases,
        storageOptions: config.catalogOptions.storageOptions,
        pool: () => (catalogs.size > 0 ? true : 'the catalogs are opening'),
      });
  const fromPrimary = worker ? await import('./serve-ops/worker-ops') : undefined;
  putOpsInFront(app.server, {
    readiness: readiness ? () => readiness.state() : fromPrimary!.readinessFromPrimary(),
    metrics: config.operations.metrics,
    ...(config.operations.metricsKey ? { metricsKey: config.operations.metricsKey } : {}),
    ...(metrics ? { scrape: fromPrimary?.scrapeThroughPrimary ?? metrics.scrape } : {}),
  });
  readiness?.start();
  // A stop must not cut a request already on its way on an idle connection. After the front
  // door, which takes the server's one request handler. A worker's connections were handed to it,
  // and its close waits for them as well.
  let intake: ConnectionIntake | undefined;
  makeCloseGentle(app.server, worker ? () => intake?.drained() ?? Promise.resolve() : undefined);
  for (const [name, catalog] of await opening) catalogs.set(name, catalog);
  if (worker) {
    await app.ready();
    trackHandedConnections(app.server);
    intake = new ConnectionIntake(app.server, worker.stateFile);
    announceReady();
  } else {
    await app.listen({ host: config.host, port: config.port });
    const address = app.server.address();
    const actualPort = typeof address === 'object' && address ? address.port : config.port;
    const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
    process.stdout.write(`listening on http://${shownHost}:${actualPort}\n`);
  }

  await new Promise<void>((resolve) => {
    let stopped = false;
    const stop = async (signal: string) => {
      if (stopped) return;
      stopped = true;
      hold?.stopping();
      // Builds still running when the catalogs close end as interrupted (to be run again), in
      // the job table every replica reads, as they would if this process had died.
      markProcessStopping();
      // Not ready first, so that a load balancer stops sending before anything is refused.
      readiness?.markStopping();
      log.flush();
      // The primary says once that the service stops; its workers stop without a word each.
      if (!worker) process.stderr.write(`${signal}: stopping; finishing requests in flight\n`);
      if (readiness && config.operations.drainMs > 0)
        await new Promise((done) => setTimeout(done, config.operations.drainMs));
      // close() stops accepting and waits for requests in flight, for at most the stop timeout,
      // after which their connections are cut; then running builds are ended through LanceDB,
      // whose commits are atomic, so no index is left half-written, and the catalogs close
      // (the catalog lock is held only during a change, so none is held once requests are done).
      const cut = setTimeout(() => {
        process.stderr.write(
          `${signal}: requests still in flight after ${config.operations.stopTimeoutMs / 1000} s; cutting their connections\n`,
        );
        app.server.closeAllConnections();
      }, config.operations.stopTimeoutMs);
      await app.close();
      clearTimeout(cut);
      intake?.close();
      log.flush();
      await access.close();
      for (const catalog of catalogs.values()) await catalog.close();
      metrics?.stop();
      await readiness?.close();
      resolve();
    };
    // A worker is stopped by its primary once the primary stops accepting: a word on its IPC
    // channel, or SIGTERM (either taken from its start on: worker-link.ts); a Ctrl-C reaches the
    // whole process group, and the primary decides what it means.
    if (hold) {
      void hold.terminated.then(() => stop('SIGTERM'));
    } else {
      process.once('SIGINT', () => void stop('SIGINT'));
      process.once('SIGTERM', () => void stop('SIGTERM'));
    }
  });
  return 0;
}

/** The process's metrics, when `--metrics` is on; loaded only then. */
async function serviceMetrics(
  config: ServeConfig,
  catalogs: Map<string, CatalogClient>,
  worker: WorkerRole | undefined,
): Promise<EngineMetrics | undefined> {
  if (config.operations.metrics === 'off') return undefined;
  const { engineProcessMetrics } = await import('./serve-ops/engine-metrics');
  return engineProcessMetrics(catalogs, worker !== undefined);
}

/** Opens every database at once; if one fails, those that opened are closed again. */
async function openCatalogs(
  databases: Map<string, string>,
  options: Parameters<typeof connect>[1],
): Promise<Map<string, CatalogClient>> {
  const names = [...databases.keys()];
  const settled = await Promise.allSettled(
    names.map((name) => connect(databases.get(name)!, options)),
  );
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) {
    for (const result of settled) if (result.status === 'fulfilled') await result.value.close();
    throw failed.reason;
  }
  return new Map(
    names.map((name, i) => [name, (settled[i] as PromiseFulfilledResult<CatalogClient>).value]),
  );
}

/** A principal limited to databases this server does not serve can use none of them: say so. */
function warnUnservedDatabases(
  principals: Array<{ name: string; databases?: string[] | undefined }>,
  config: ServeConfig,
): void {
  for (const principal of principals) {
    const unknown = (principal.databases ?? []).filter((name) => !config.databases.has(name));
    if (unknown.length > 0) {
      process.stderr.write(
        `warning: ${principal.name} is limited to databases not served here: ${unknown.join(', ')}\n`,
      );
    }
  }
}
