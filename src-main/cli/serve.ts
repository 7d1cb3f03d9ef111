/**
 * `catalog-studio serve`: serves catalog folders over the namespace REST contract.
 * The first line on stdout is exactly `listening on http://HOST:PORT`.
 */
import { parseArgs } from 'node:util';
import type { CatalogClient } from '../catalog/client';
// The directory catalog itself, not the engine's index, which also loads the REST client.
import { openDirCatalog as connect } from '../catalog/dir/dir-catalog';
import {
  DEFAULT_BODY_LIMIT,
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_JSON_BODY_LIMIT,
  DEFAULT_MAX_CONNECTIONS_PER_CLIENT,
  DEFAULT_MAX_IN_FLIGHT,
  DEFAULT_REQUEST_TIMEOUT_MS,
} from '../server/server-options';
import { parseStorageFlags } from './storage-flags';
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
  const MB = 1024 * 1024;
  const seconds = (name: string, fallbackMs: number) =>
    positiveInt(
      values[name as keyof typeof values] as string | undefined,
      name,
      fallbackMs / 1000,
    ) * 1000;

  // The server's modules (Fastify, the routes and their schemas) load while the catalogs open,
  // which mostly waits on LanceDB's own threads: on a start, one overlaps the other.
  const server = import('../server/build-server');
  server.catch(() => undefined); // a failed open is reported instead; it ends the process
  const catalogs = new Map<string, CatalogClient>();
  for (const [name, dir] of databases) catalogs.set(name, await connect(dir, catalogOptions));
  const { buildServer } = await server;
  const app = buildServer({
    databases: catalogs,
    ...(values.root ? { defaultDatabase: 'default' } : {}),
    ...(authenticator ? { authenticator } : {}),
    maxInFlight: positiveInt(values['max-in-flight'], 'max-in-flight', DEFAULT_MAX_IN_FLIGHT),
    bodyLimit: positiveInt(values['body-limit-mb'], 'body-limit-mb', DEFAULT_BODY_LIMIT / MB) * MB,
    jsonBodyLimit:
      positiveInt(
        values['json-body-limit-mb'],
        'json-body-limit-mb',
        DEFAULT_JSON_BODY_LIMIT / MB,
      ) * MB,
    headersTimeoutMs: seconds('headers-timeout-s', DEFAULT_HEADERS_TIMEOUT_MS),
    requestTimeoutMs: seconds('request-timeout-s', DEFAULT_REQUEST_TIMEOUT_MS),
    idleTimeoutMs: seconds('idle-timeout-s', DEFAULT_IDLE_TIMEOUT_MS),
    maxConnectionsPerClient: positiveInt(
      values['max-connections-per-client'],
      'max-connections-per-client',
      DEFAULT_MAX_CONNECTIONS_PER_CLIENT,
    ),
    accessLog: (entry) => process.stderr.write(`${JSON.stringify(entry)}\n`),
  });
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
      process.stderr.write(`${signal}: stopping; finishing requests in flight\n`);
      // close() stops accepting and waits for requests in flight; then running builds are
      // cancelled through LanceDB, whose commits are atomic, so no index is left half-written.
      await app.close();
      for (const catalog of catalogs.values()) await catalog.close();
      resolve();
    };
    process.once('SIGINT', () => void stop('SIGINT'));
    process.once('SIGTERM', () => void stop('SIGTERM'));
  });
  return 0;
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
