/**
 * `catalog-studio serve`'s command line, read once into what every process of the service needs:
 * the primary reads it to listen and to start its workers, and each worker reads the very same
 * arguments to open its catalogs, so that no setting has to be passed between them a second way.
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import type { ServerOptions } from '../server/server-options';
import type { AccessLogFormat } from './access-log';
import { METRICS_KEY_ENV, type MetricsAccess } from './serve-ops/ops-endpoints';
import { parseStorageFlags } from './storage-flags';
import { SERVE_USAGE } from './usage';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

type LimitOption =
  | 'maxInFlight'
  | 'bodyLimit'
  | 'jsonBodyLimit'
  | 'headersTimeoutMs'
  | 'requestTimeoutMs'
  | 'idleTimeoutMs'
  | 'maxConnectionsPerClient';

export type ServeLimits = Pick<ServerOptions, LimitOption>;

export interface ServeConfig {
  host: string;
  port: number;
  /** Engine processes behind the listening socket; 1 serves in this process, without a primary. */
  workers: number;
  /** The auth file, loaded by whichever process opens the catalogs. */
  auth?: string;
  /** The database that answers requests without a database header (`--root`). */
  defaultDatabase?: string;
  databases: Map<string, string>;
  catalogOptions: {
    jobConcurrency: number;
    maxQueuedJobs: number;
    journal: boolean;
    storageOptions: Record<string, string>;
    /** On an object store: a request the store does not answer is given up on after this (503). */
    storeBoundMs?: number;
  };
  limits: ServeLimits;
  operations: ServeOperations;
}

/** How the service is run by others: its probes, metrics, access log and stop. */
export interface ServeOperations {
  metrics: MetricsAccess;
  /** With `--metrics key`: the key, from CATALOG_STUDIO_METRICS_KEY (never the command line). */
  metricsKey?: string;
  logFormat: AccessLogFormat;
  /** On SIGTERM: how long requests in flight may take to finish before their connections are cut. */
  stopTimeoutMs: number;
  /** On SIGTERM: how long to go on serving, not ready, so that a load balancer sees it first. */
  drainMs: number;
}

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

function positiveInt(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`--${name} must be a whole number (got ${value})`);
  return n;
}

/** The limits given on the command line; the server's own defaults (server-options.ts) fill the rest. */
function limitFlags(values: Record<string, unknown>): ServeLimits {
  const limits: ServeLimits = {};
  for (const [flag, option, unit] of LIMIT_FLAGS) {
    const value = values[flag];
    if (typeof value === 'string') limits[option] = positiveInt(value, flag, 0) * unit;
  }
  return limits;
}

/** One worker per core, and never fewer than two: one crash must leave a worker answering. */
export function defaultWorkers(): number {
  return Math.max(2, availableParallelism());
}

/**
 * The configuration, or the exit code when there is nothing to serve (help was asked for, or the
 * arguments are refused; the reason is printed).
 */
export function parseServeArgs(argv: string[]): ServeConfig | number {
  const { values } = parseArgs({
    args: argv,
    options: {
      root: { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '2333' },
      workers: { type: 'string' },
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
      'store-timeout-s': { type: 'string' },
      metrics: { type: 'string', default: 'off' },
      'log-format': { type: 'string', default: 'json' },
      'stop-timeout-s': { type: 'string' },
      'drain-s': { type: 'string' },
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
  const operations = operationFlags(values);
  if (typeof operations === 'string') {
    console.error(operations);
    return 2;
  }
  const workers = positiveInt(values.workers, 'workers', defaultWorkers());
  if (workers < 1) throw new Error('--workers must be at least 1');
  return {
    host,
    port: positiveInt(values.port, 'port', 2333),
    workers,
    ...(values.auth ? { auth: values.auth } : {}),
    ...(values.root ? { defaultDatabase: 'default' } : {}),
    databases,
    catalogOptions: {
      jobConcurrency: Math.max(1, positiveInt(values['max-index-builds'], 'max-index-builds', 2)),
      maxQueuedJobs: positiveInt(values['max-queued-builds'], 'max-queued-builds', 16),
      // The server owns its folders, so it journals them: after a crash or restart the jobs it was
      // running are reported as interrupted instead of vanishing, and cut-off creates are removed.
      journal: true,
      storageOptions: parseStorageFlags(values.storage),
      ...(values['store-timeout-s'] === undefined
        ? {}
        : {
            storeBoundMs:
              Math.max(1, positiveInt(values['store-timeout-s'], 'store-timeout-s', 10)) * 1000,
          }),
    },
    limits: limitFlags(values),
    operations,
  };
}

/** The operations flags, or why they are refused. */
function operationFlags(values: Record<string, unknown>): ServeOperations | string {
  const metrics = values.metrics as string;
  if (metrics !== 'off' && metrics !== 'loopback' && metrics !== 'key')
    return `--metrics takes off, loopback or key (got ${metrics})`;
  const metricsKey = process.env[METRICS_KEY_ENV];
  if (metrics === 'key' && !metricsKey)
    return `--metrics key needs the key in the environment variable ${METRICS_KEY_ENV}`;
  const logFormat = values['log-format'] as string;
  if (logFormat !== 'json' && logFormat !== 'text')
    return `--log-format takes json or text (got ${logFormat})`;
  const seconds = (flag: string, fallback: number) =>
    positiveInt(values[flag] as string | undefined, flag, fallback) * 1000;
  return {
    metrics,
    ...(metrics === 'key' ? { metricsKey } : {}),
    logFormat,
    stopTimeoutMs: seconds('stop-timeout-s', 30),
    drainMs: seconds('drain-s', 0),
  };
}
