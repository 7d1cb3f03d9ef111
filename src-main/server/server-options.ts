/** What a catalog server is built from: its databases, its auth, and its limits. */
import type { AddressInfo } from 'node:net';
import type { CatalogClient } from '../catalog/client';
import type { Authenticator } from './auth/authenticator';
import type { RequestMetrics } from './operations/service-metrics';
import type { KeyStore } from './access/key-store';
import type { AuditLog } from './access/audit-log';

export interface ServerOptions {
  /** Catalogs by database name; the one named by `defaultDatabase` answers requests without a header. */
  databases: Map<string, CatalogClient>;
  defaultDatabase?: string;
  /** Absent: no authentication (the CLI then binds to loopback only). */
  authenticator?: Authenticator;
  /**
   * Largest Arrow body in bytes (create, insert, merge_insert), counted once inflated: after
   * Content-Encoding and after Arrow buffer compression. Larger ones get 413.
   */
  bodyLimit?: number;
  /** Largest JSON body in bytes, once inflated (every other route); at most `bodyLimit`. */
  jsonBodyLimit?: number;
  /** Complete request headers must arrive within this many ms of the connection or request starting. */
  headersTimeoutMs?: number;
  /** The whole request, body included, must arrive within this many ms; 0 for no limit. */
  requestTimeoutMs?: number;
  /** A body that pauses, or a kept-alive connection that idles, longer than this is closed. */
  idleTimeoutMs?: number;
  /** Connections one client address (an IPv6 /64) may hold open; more are closed at once. */
  maxConnectionsPerClient?: number;
  /**
   * Refuse foreign Host and Origin headers and form-like requests (see
   * src-main/http-edge/browser-guard.ts). Defaults to on when there is no authenticator: such a
   * server trusts loopback, and every web page the user opens is on loopback too.
   */
  browserGuard?: boolean;
  /**
   * Where clients reach this server, when that is not where it listens: a `serve` worker listens
   * on a socket of its own behind the primary, and its browser guard must check Host and Origin
   * against the primary's addresses. Absent: the server's own listening addresses.
   */
  publicAddresses?: AddressInfo[];
  /** Requests handled at once; beyond this new ones get 503 "Slow down". */
  maxInFlight?: number;
  /** Seconds a client is told to wait in Retry-After on a 503. */
  retryAfterSeconds?: number;
  /** Every route that changes anything answers 403 PermissionDenied, with or without auth. */
  readOnly?: boolean;
  /**
   * Tests only: serve `POST /v1/__test/crash`, which kills the process with SIGSEGV
   * (routes/test-crash.ts). `serve` sets it from CATALOG_STUDIO_TEST_CRASH=1.
   */
  testCrashRoute?: boolean;
  /** One structured line per request; secrets are never passed to it. */
  accessLog?: (entry: AccessLogEntry) => void;
  /** Counts every request by route template and status (operations/request-tracking.ts). */
  requestMetrics?: RequestMetrics;
  /** Principals and keys managed through the admin routes (access/key-store.ts); needs auth. */
  keyStore?: KeyStore;
  /** Where writes and admin actions are recorded (access/audit-log.ts). */
  audit?: AuditLog;
}

export interface AccessLogEntry {
  time: string;
  /** The request's id: the client's `x-request-id` when it sent a usable one, else a new UUID. */
  id?: string;
  method: string;
  path: string;
  /** The route's template (`/v1/table/:id/describe`); `unmatched` for a path with no route. */
  route?: string;
  status: number;
  ms: number;
  /** Body bytes of the answer. */
  bytes?: number;
  principal?: string;
  database?: string;
  code?: number;
}

export const DEFAULT_BODY_LIMIT = 512 * 1024 * 1024;
export const DEFAULT_JSON_BODY_LIMIT = 8 * 1024 * 1024;
export const DEFAULT_MAX_IN_FLIGHT = 256;
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 300_000;
export const DEFAULT_IDLE_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_CONNECTIONS_PER_CLIENT = 128;
/**
 * How often Node checks its servers' connections against those timeouts: every 30 s by default,
 * so a slow client would keep its socket for up to that much longer than the timeout says.
 */
export const CONNECTIONS_CHECK_MS = 1_000;

/**
 * The connection timeouts of an HTTP server made from these options, as Node's server takes them:
 * the single process's and each worker's (build-server.ts), and `serve`'s primary's own server.
 */
export function connectionTimeouts(
  options: Pick<ServerOptions, 'headersTimeoutMs' | 'requestTimeoutMs' | 'idleTimeoutMs'>,
): { requestTimeout: number; headersTimeout: number; keepAliveTimeout: number } {
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  return {
    requestTimeout,
    // Node refuses a headers timeout longer than the request timeout.
    headersTimeout: Math.min(
      options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS,
      requestTimeout || Infinity,
    ),
    keepAliveTimeout: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
  };
}

/** How long a connection may sit without progress (options.idleTimeoutMs, else the default). */
export function idleTimeoutOf(state: { options: ServerOptions }): number {
  return connectionTimeouts(state.options).keepAliveTimeout;
}
