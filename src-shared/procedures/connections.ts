/** Connections: opened, tested, listed, closed and remembered; a store's status. */
import { z } from 'zod';
import {
  ConnectionSchema,
  RemoteSettingsSchema,
  ObjectStoreSettingsSchema,
  RecentConnectionSchema,
  Display,
  InConn,
} from '../studio-schemas';
import { E, procedure } from './define';

/** How a connection's store is doing (`connections:store-status`). */
export const StoreStatusSchema = z.object({
  condition: z.enum(['ok', 'throttling', 'failing', 'unreachable']),
  /** Requests retried, and given up on, in the last 30 s. */
  recentRetries: z.number(),
  recentFailures: z.number(),
  /** Since the connection opened. */
  retries: z.number(),
  /** What a person is told, when the condition is not `ok`. */
  message: z.string().optional(),
});

export const CONNECTIONS_PROCEDURES = {
  'connections:list-open': procedure(z.object({}).strict(), z.array(ConnectionSchema), []),
  'connections:list-recent': procedure(z.object({}).strict(), z.array(RecentConnectionSchema), []),
  'connections:open-folder': procedure(
    z
      .object({ path: z.string().min(1).max(4096), create: z.boolean().optional(), ...Display })
      .strict(),
    ConnectionSchema,
    [E.NamespaceNotFound],
  ),
  /** A remote catalog by URL, or a catalog on an object store by its URI. */
  'connections:connect-url': procedure(
    z.union([
      RemoteSettingsSchema.extend(Display).strict(),
      ObjectStoreSettingsSchema.extend(Display).strict(),
    ]),
    ConnectionSchema,
    [E.NamespaceNotFound, E.Unsupported],
  ),
  'connections:test': procedure(
    z.union([RemoteSettingsSchema, ObjectStoreSettingsSchema]),
    z.object({
      ok: z.boolean(),
      message: z.string(),
      namespaces: z.number().optional(),
      /** The error code of a failed test, when the engine named one. */
      code: z.number().optional(),
    }),
    [],
  ),
  /**
   * How a connection's store is doing, as the app saw it: an object store that throttles, fails
   * or does not answer, and the retries behind it; a folder or remote catalog is always `ok`.
   */
  /**
   * How a connection's store is doing, as the app saw it: an object store that throttles, fails
   * or does not answer, and the retries behind it; a folder or remote catalog is always `ok`.
   * Changes are also pushed as the event of the same name.
   */
  'connections:store-status': procedure(InConn.strict(), StoreStatusSchema, []),
  'connections:close': procedure(InConn.strict(), z.object({}), []),
  'connections:forget-recent': procedure(
    z.object({ target: z.string() }).strict(),
    z.object({}),
    [],
  ),
} as const;
