/**
 * Serving as a capability the host is given, not a server it builds: the app and the CLI that
 * compose the host pass the real one (src-main/server/serving.ts), so the host never imports the
 * server, and a host built without it (tests, tools) simply cannot serve.
 */
import type { CatalogClient } from '../../catalog/client';

/** Who may call the served catalog: nobody checked, one generated key, or an auth file's principals. */
export type ServingAccess =
  | { kind: 'none' }
  | { kind: 'key'; apiKey: string; role: 'reader' | 'admin' }
  | { kind: 'file'; path: string };

export interface ServingRequest {
  catalog: CatalogClient;
  host: string;
  /** 0 picks a free port. */
  port: number;
  access: ServingAccess;
  /** Every write route refused, whatever the principal's role. */
  readOnly: boolean;
  /** Called once per answered request, with its status. */
  onRequest: (status: number) => void;
}

/** A catalog being served. */
export interface ServingHandle {
  /** The port it listens on (the chosen one when 0 was asked). */
  readonly port: number;
  close(): Promise<void>;
}

export interface Serving {
  /** Starts listening; an address in use or not to be had is an InvalidInput that says so. */
  listen(request: ServingRequest): Promise<ServingHandle>;
}
