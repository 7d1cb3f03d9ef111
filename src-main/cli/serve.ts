/**
 * `catalog-studio serve`: serves catalog folders over the namespace REST contract.
 * The first line on stdout is exactly `listening on http://HOST:PORT`.
 */
import { parseArgs } from 'node:util';
import type { CatalogClient } from '../catalog/client';
// The directory catalog itself, not the engine's index, which also loads the REST client.
import { openDirCatalog as connect } from '../catalog/dir/dir-catalog';
import type { ServerOptions } from '../server/server-options';
import { parseStorageFlags } from './storage-flags';
import { stderrAccessLog } from './access-log';
import { SERVE_USAGE } from './usage';

export { SERVE_USAGE };

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

function positiveInt(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`--${name} must be a whole number (got ${value})`);
  return n;
}

type LimitOption =
  | 'maxInFlight'
  | 'bodyLimit'
  | 'jsonBodyLimit'
  | 'headersTimeoutMs'
  | 'requestTimeoutMs'
  | 'idleTimeoutMs'
  | 'maxConnectionsPerClient';

/** Each limit flag, the server option it sets, and what one unit of the flag is in the option's. */
const LIMIT_FLAGS: readonly (readonly [flag: string, option: LimitOption, unit: number])[] = [
  ['max-in-flight', 'maxInFlight', 1],
  ['body-limit-mb', 'bodyLimit', 1024 * 1024],
  ['json-body-limit-mb', 'jsonBodyLimit', 1024 * 1024],
  ['headers-timeout-s', 'headersTimeoutMs', 1000],
  ['request-timeout-s', 'requestTimeoutMs', 1000],
  ['idle-timeout-s', 'idleTimeoutMs', 1000],
  ['max-connections-per-client', 'maxConnectionsPerClient', 1],
];

/** The limits given on the command line; the server's own defaults (server-options.ts) fill the rest. */
function limitFlags(values: Record<string, unknown>): Pick<ServerOptions, LimitOption> {
  const limits: Pick<ServerOptions, LimitOption> = {};
  for (const [flag, option, unit] of LIMIT_FLAGS) {
    const value = values[flag];
    if (typeof value === 'string') limits[option] = positiveInt(value, flag, 0) * unit;
  }
  return limits;
}

export async function serve(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      root: { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '2333' },
      auth: { type: 'string' },
      database: { type: 'string', multiple: true },
      storage: { type: 'string', multiple: true },
      'max-index-builds': { type: 'string' },
      'max-queued-builds': { type: 'string' },
      'max-in-flight': { type: 'string' },
      'body-limit-mb': { type: 'string' },
      'json-body-limit-mb': { type: 'string' },
      'headers-timeout-s': { type: 'string' },
      'request-timeout-s': { type: 'string' },
      'idle-timeout-s': { type: 'string' },
      'max-connections-per-client': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(SERVE_USAGE);
    return 0;
  }
  const host = values.host!;
  if (!values.auth && !LOOPBACK.has(host)) {
    console.error(
      `Refusing to listen on ${host} without --auth: an unauthenticated catalog is served on loopback only.`,
    );
    return 2;
  }
  const databases = new Map<string, string>();
  if (values.root) databases.set('default', values.root);
  for (const entry of values.database ?? []) {
    const at = entry.indexOf('=');
    if (at <= 0 || at === entry.length - 1)
      throw new Error(`--database takes NAME=DIR (got ${entry})`);
    databases.set(entry.slice(0, at), entry.slice(at + 1));
  }
  if (databases.size === 0) {
    console.error(`Give --root DIR or --database NAME=DIR.\n\n${SERVE_USAGE}`);
    return 2;
  }
  const port = positiveInt(values.port, 'port', 2333);
  const catalogOptions = {
    jobConcurrency: Math.max(1, positiveInt(values['max-index-builds'], 'max-index-builds', 2)),
    maxQueuedJobs: positiveInt(values['max-queued-builds'], 'max-queued-builds', 16),
    // The server owns its folders, so it journals them: after a crash or restart the jobs it was
    // running are reported as interrupted instead of vanishing, and cut-off creates are removed.
    journal: true,
    storageOptions: parseStorageFlags(values.storage),
  };
  // The authenticator (and its JWT library) is loaded only for a server that has an --auth file.
  const authenticator = values.auth
    ? await (async (file: string) => {
        const [{ Authenticator }, { loadAuthFile }] = await Promise.all([
          import('../server/auth/authenticator'),
          import('../server/auth/auth-config'),
        ]);
        const { config, jwks } = loadAuthFile(file);
        warnUnservedDatabases(
          [...config.principals, ...(config.oidc ? [config.oidc] : [])],
          databases,
        );
        return new Authenticator(config, jwks);
      })(values.auth)
    : undefined;
  // The catalogs open (mostly waiting on LanceDB's threads and the root's lock) while the server's
  // modules load and its routes are built: on a start, one overlaps the other. Routes find their
  // catalog in the map per request, and nothing is served before it is filled.
  const opening = openCatalogs(databases, catalogOptions);
  opening.catch(() => undefined); // awaited below; a failure ends the command there
  const { buildServer } = await import('../server/build-server');
  const log = stderrAccessLog();
  const catalogs = new Map<string, CatalogClient>();
  const app = buildServer({
    databases: catalogs,
    ...(values.root ? { defaultDatabase: 'default' } : {}),
    ...(authenticator ? { authenticator } : {}),
    ...limitFlags(values),
    accessLog: log.write,
  });
  for (const [name, catalog] of await opening) catalogs.set(name, catalog);
  await app.listen({ host, port });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  process.stdout.write(`listening on http://${shownHost}:${actualPort}\n`);

  await new Promise<void>((resolve) => {
    let stopping = false;
    const stop = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      log.flush();
      process.stderr.write(`${signal}: stopping; finishing requests in flight\n`);
      // close() stops accepting and waits for requests in flight; then running builds are
      // cancelled through LanceDB, whose commits are atomic, so no index is left half-written.
      await app.close();
      log.flush();
      for (const catalog of catalogs.values()) await catalog.close();
      resolve();
    };
    process.once('SIGINT', () => void stop('SIGINT'));
    process.once('SIGTERM', () => void stop('SIGTERM'));
  });
  return 0;
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
  served: Map<string, string>,
): void {
  for (const principal of principals) {
    const unknown = (principal.databases ?? []).filter((name) => !served.has(name));
    if (unknown.length > 0) {
      process.stderr.write(
        `warning: ${principal.name} is limited to databases not served here: ${unknown.join(', ')}\n`,
      );
    }
  }
}
