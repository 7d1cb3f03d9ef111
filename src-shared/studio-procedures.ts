/**
 * The renderer ⇄ main contract: every procedure and event the renderer may use, with input and
 * output schemas and the error codes each may return. Both transports (Electron IPC and the web
 * mode's HTTP + SSE) and the renderer's typed client are derived from this one table.
 *
 * The entries live by procedure prefix in ./procedures/ (`tables:*` in procedures/tables.ts, as
 * the host's handlers do); this module joins them, and the compiler checks that together they
 * name every procedure exactly once.
 *
 * No Electron, Node or React imports here: the renderer bundles this file.
 */
import { z } from 'zod';
import type { ProcedureName } from './procedure-names';
import type { ProcedureSpec } from './procedures/define';
import { CONNECTIONS_PROCEDURES } from './procedures/connections';
import { FS_PROCEDURES } from './procedures/fs';
import { NAMESPACES_PROCEDURES } from './procedures/namespaces';
import { CATALOG_PROCEDURES } from './procedures/catalog';
import { TABLES_PROCEDURES } from './procedures/tables';
import { ROWS_PROCEDURES } from './procedures/rows';
import { COLUMNS_PROCEDURES } from './procedures/columns';
import { BRANCHES_PROCEDURES } from './procedures/branches';
import { TAGS_PROCEDURES } from './procedures/tags';
import { INDEXES_PROCEDURES } from './procedures/indexes';
import { IMPORTS_PROCEDURES } from './procedures/imports';
import { JOBS_PROCEDURES } from './procedures/jobs';
import { SEARCH_PROCEDURES } from './procedures/search';
import { CONSOLE_PROCEDURES } from './procedures/console';
import { RECALL_PROCEDURES } from './procedures/recall';
import { COPY_PROCEDURES } from './procedures/copy';
import { SERVE_PROCEDURES } from './procedures/serve';
import { ACCESS_PROCEDURES } from './procedures/access';
import { StoreStatusSchema } from './procedures/connections';
import { ConnectionId, Path } from './studio-schemas';
import { JobRecordSchema } from './catalog-api';

export type { ProcedureAccess } from './procedures/define';
export { HistoryEntrySchema, type HistoryEntry } from './procedures/search';
export { StoredRecallReportSchema } from './procedures/recall';

export const PROCEDURES = {
  ...CONNECTIONS_PROCEDURES,
  ...FS_PROCEDURES,
  ...NAMESPACES_PROCEDURES,
  ...CATALOG_PROCEDURES,
  ...TABLES_PROCEDURES,
  ...ROWS_PROCEDURES,
  ...COLUMNS_PROCEDURES,
  ...BRANCHES_PROCEDURES,
  ...TAGS_PROCEDURES,
  ...INDEXES_PROCEDURES,
  ...IMPORTS_PROCEDURES,
  ...JOBS_PROCEDURES,
  ...SEARCH_PROCEDURES,
  ...CONSOLE_PROCEDURES,
  ...RECALL_PROCEDURES,
  ...COPY_PROCEDURES,
  ...SERVE_PROCEDURES,
  ...ACCESS_PROCEDURES,
} as const satisfies Record<ProcedureName, ProcedureSpec>;

export type { ProcedureName };
export type ProcedureInput<N extends ProcedureName> = z.input<(typeof PROCEDURES)[N]['input']>;
export type ProcedureOutput<N extends ProcedureName> = z.infer<(typeof PROCEDURES)[N]['output']>;

export const EVENTS = {
  'jobs:progress': JobRecordSchema.extend({ connectionId: ConnectionId }),
  'jobs:finished': JobRecordSchema.extend({ connectionId: ConnectionId }),
  'catalog:changed': z.object({
    connectionId: ConnectionId,
    path: Path,
    table: z.string().optional(),
  }),
  'connections:changed': z.object({}),
  /** A connection's store changed condition, or retried more (see the procedure of that name). */
  'connections:store-status': StoreStatusSchema.extend({ connectionId: ConnectionId }),
  /** A command from outside the page (the desktop app's menu) for the renderer to carry out. */
  'app:command': z.object({ command: z.enum(['serve']) }),
} as const;

export type EventName = keyof typeof EVENTS;
export type EventPayload<N extends EventName> = z.infer<(typeof EVENTS)[N]>;

/** What crosses a transport: a value, or an error as a value (never a thrown stack). */
export type Result<T> =
  { ok: true; value: T } | { ok: false; error: { code: number; name: string; message: string } };

export function isProcedureName(name: string): name is ProcedureName {
  return Object.prototype.hasOwnProperty.call(PROCEDURES, name);
}

export * from './studio-schemas';
