/** What a catalog server is built from: its databases, its auth, and its limits. */
import type { CatalogClient } from '../catalog/client';
import type { Authenticator } from './auth/authenticator';

export interface ServerOptions {
  /** Catalogs by database name; the one named by `defaultDatabase` answers requests without a header. */
  databases: Map<string, CatalogClient>;
  defaultDatabase?: string;
  /** Absent: no authentication (the CLI then binds to loopback only). */
  authenticator?: Authenticator;
  /** Largest request body in bytes; larger ones get 413. */
  bodyLimit?: number;
  /** Requests handled at once; beyond this new ones get 503 "Slow down". */
  maxInFlight?: number;
  /** Seconds a client is told to wait in Retry-After on a 503. */
  retryAfterSeconds?: number;
  /** One structured line per request; secrets are never passed to it. */
  accessLog?: (entry: AccessLogEntry) => void;
}

export interface AccessLogEntry {
  time: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  principal?: string;
  database?: string;
  code?: number;
}

export const DEFAULT_BODY_LIMIT = 512 * 1024 * 1024;
export const DEFAULT_MAX_IN_FLIGHT = 256;
