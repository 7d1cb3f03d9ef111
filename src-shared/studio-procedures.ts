/**
 * The renderer ⇄ main contract: every procedure and event the renderer may use, with input and
 * output schemas and the error codes each may return. Both transports (Electron IPC and the web
 * mode's HTTP + SSE) and the renderer's typed client are derived from this one table.
 *
 * No Electron, Node or React imports here: the renderer bundles this file.
 */
import { z } from 'zod';
import {
  AddColumnSchema,
  ColumnAlterationSchema,
  CreateModeSchema,
  DropNamespaceOptionsSchema,
  IndexInfoSchema,
  IndexStatsSchema,
  BranchInfoSchema,
  JobRecordSchema,
  QueryRequestSchema,
  TableStatsSchema,
  TagInfoSchema,
  VersionInfoSchema,
  TransactionInfoSchema,
  CleanupRequestSchema,
  FragmentStatsSchema,
  MAX_TRANSACTIONS_PER_CALL,
  JsonArrowSchemaSchema,
} from './catalog-api';
import { EXPORT_FORMATS } from './export-formats';
import type { ProcedureName } from './procedure-names';
import { RecallCheckRequestSchema, RecallReportSchema } from './recall/recall-schemas';
import {
  ConnectionId,
  Path,
  Name,
  Properties,
  ConnectionSchema,
  RemoteSettingsSchema,
  ObjectStoreSettingsSchema,
  RecentConnectionSchema,
  Display,
  ArrowBytes,
  WriteResultSchema,
  SchemaChangeResultSchema,
  InConn,
  ImportFormatSchema,
  ImportColumnSchema,
  InNs,
  InTable,
  VersionDiffSchema,
  ServeRequestSchema,
  CopyEndpointSchema,
  ServedCatalogSchema,
} from './studio-schemas';
import { ERROR_CODES } from './vocabulary/errors';

const E = ERROR_CODES;

/** Errors any procedure may return: bad input, remote auth and availability, internal. */
const COMMON = [
  E.InvalidInput,
  E.Unauthenticated,
  E.PermissionDenied,
  E.ServiceUnavailable,
  E.Internal,
];

/** The codes a schema change may return besides the common ones. */
const SCHEMA_CHANGE_ERRORS = [
  E.TableNotFound,
  E.TableColumnNotFound,
  E.TableSchemaValidationError,
  E.InvalidTableState,
  // An all-null column of a type a remote catalog's SQL cannot name.
  E.Unsupported,
];

/**
 * What a procedure may do to the catalog of its `connectionId`: `write` procedures are refused
 * on a read-only connection, in one place (the host's dispatcher), before their handler runs.
 */
export type ProcedureAccess = 'read' | 'write';

function procedure<I extends z.ZodType, O extends z.ZodType>(
  input: I,
  output: O,
  errors: readonly number[],
  access: ProcedureAccess = 'read',
) {
  return { input, output, access, errors: [...new Set([...COMMON, ...errors])] };
}

/** A finished recall check's report, with the job that made it and the table it is of. */
export const StoredRecallReportSchema = z.object({
  jobId: z.string(),
  tableKey: z.string(),
  at: z.number(),
  report: RecallReportSchema,
});

/** One run of a search or a console query, as the history keeps it (newest first). */
export const HistoryEntrySchema = z.object({
  at: z.number(),
  query: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('search'), request: QueryRequestSchema }),
    z.object({ kind: z.literal('sql'), text: z.string() }),
  ]),
  elapsedMs: z.number(),
  rows: z.number(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

/** A search's answer: its rows as Arrow IPC, and how long the engine (and transport) took. */
const SearchAnswer = z.object({ arrow: ArrowBytes, elapsedMs: z.number(), rows: z.number() });

/** How a connection's store is doing (`connections:store-status`). */
const StoreStatusSchema = z.object({
  condition: z.enum(['ok', 'throttling', 'failing', 'unreachable']),
  /** Requests retried, and given up on, in the last 30 s. */
  recentRetries: z.number(),
  recentFailures: z.number(),
  /** Since the connection opened. */
  retries: z.number(),
  /** What a person is told, when the condition is not `ok`. */
  message: z.string().optional(),
});

export const PROCEDURES = {
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
  'fs:list-folder': procedure(
    z
      .object({
        path: z.string().max(4096).optional(),
        /** Also list the files an import can read (by their extension). */
        importableFiles: z.boolean().optional(),
      })
      .strict(),
    z.object({
      path: z.string(),
      parent: z.string().nullable(),
      folders: z.array(z.object({ name: z.string(), isCatalog: z.boolean() })),
      files: z.array(z.object({ name: z.string(), bytes: z.number() })).optional(),
    }),
    [E.NamespaceNotFound],
  ),

  'namespaces:list': procedure(
    InNs.extend({
      pageToken: z.string().optional(),
      limit: z.number().int().min(1).max(10_000).optional(),
    }).strict(),
    z.object({ namespaces: z.array(z.string()), pageToken: z.string().optional() }),
    [E.NamespaceNotFound],
  ),
  'namespaces:create': procedure(
    InNs.extend({ mode: CreateModeSchema.optional(), properties: Properties.optional() }).strict(),
    z.object({ properties: Properties }),
    [E.NamespaceNotFound, E.NamespaceAlreadyExists],
    'write',
  ),
  'namespaces:describe': procedure(InNs.strict(), z.object({ properties: Properties }), [
    E.NamespaceNotFound,
  ]),
  /** What is directly inside a namespace, each table with its rows, size and indexes. */
  'namespaces:children': procedure(
    InNs.strict(),
    z.object({
      namespaces: z.array(z.string()),
      tables: z.array(
        z.object({
          name: z.string(),
          rows: z.number().nullable(),
          bytes: z.number().nullable(),
          indexes: z.number().nullable(),
        }),
      ),
    }),
    [E.NamespaceNotFound],
  ),
  /** Everything inside a namespace at every depth, for a drop's confirmation. */
  'namespaces:contents': procedure(
    InNs.strict(),
    z.object({
      namespaces: z.array(z.array(z.string())),
      tables: z.array(
        z.object({
          path: z.array(z.string()),
          name: z.string(),
          rows: z.number().nullable(),
          versions: z.number().nullable(),
        }),
      ),
      totalNamespaces: z.number(),
      totalTables: z.number(),
      incomplete: z.boolean(),
    }),
    [E.NamespaceNotFound],
  ),
  'namespaces:drop': procedure(
    InNs.extend(DropNamespaceOptionsSchema.shape).strict(),
    z.object({}),
    [E.NamespaceNotFound, E.NamespaceNotEmpty],
    'write',
  ),

  'catalog:search': procedure(
    InConn.extend({
      query: z.string().trim().min(1).max(200),
      limit: z.number().int().min(1).max(5_000).optional(),
    }).strict(),
    z.object({
      matches: z.array(z.object({ path: Path, table: z.string().optional() })),
      scanned: z.number(),
      truncated: z.boolean(),
    }),
    [],
  ),

  'tables:list': procedure(
    InNs.extend({
      pageToken: z.string().optional(),
      limit: z.number().int().min(1).max(10_000).optional(),
    }).strict(),
    z.object({ tables: z.array(z.string()), pageToken: z.string().optional() }),
    [E.NamespaceNotFound],
  ),
  'tables:create-empty': procedure(
    InTable.extend({ schema: JsonArrowSchemaSchema, mode: CreateModeSchema.optional() }).strict(),
    z.object({}),
    [E.NamespaceNotFound, E.TableAlreadyExists],
    'write',
  ),
  'tables:describe': procedure(
    InTable.strict(),
    z.object({
      version: z.number(),
      location: z.string(),
      rowCount: z.number(),
      schema: JsonArrowSchemaSchema,
      stats: TableStatsSchema,
    }),
    [E.TableNotFound, E.NamespaceNotFound, E.InvalidTableState],
  ),
  'tables:count': procedure(
    InTable.extend({ filter: z.string().max(10_000).optional() }).strict(),
    z.number(),
    [E.TableNotFound, E.TableColumnNotFound],
  ),
  'tables:page': procedure(
    InTable.extend({
      offset: z.number().int().min(0),
      limit: z.number().int().min(0).max(100_000),
      columns: z.array(z.string()).max(10_000).optional(),
      filter: z.string().max(10_000).optional(),
      orderBy: QueryRequestSchema.shape.orderBy,
    }).strict(),

    /** Arrow IPC stream bytes. */
    ArrowBytes,
    [E.TableNotFound, E.TableColumnNotFound],
  ),
  'tables:drop': procedure(
    InTable.strict(),
    z.object({}),
    [E.TableNotFound, E.NamespaceNotFound],
    'write',
  ),
  'tables:rename': procedure(
    InTable.extend({ newName: Name, newPath: Path.optional() }).strict(),
    z.object({}),
    [E.TableNotFound, E.TableAlreadyExists, E.NamespaceNotFound, E.InvalidTableState],
    'write',
  ),
  /** Oldest first; `newest` answers only the last few (the timeline's first window). */
  'tables:versions': procedure(
    InTable.extend({ newest: z.number().int().min(1).optional() }).strict(),
    z.array(VersionInfoSchema),
    [E.TableNotFound],
  ),
  /** The newest version, polled by open tabs to see another writer's commit. */
  'tables:head': procedure(InTable.strict(), z.object({ version: z.number() }), [E.TableNotFound]),
  /** What each version's commit did, for a window of the timeline. */
  'tables:transactions': procedure(
    InTable.extend({
      versions: z.array(z.number().int().min(0)).max(MAX_TRANSACTIONS_PER_CALL),
    }).strict(),
    z.array(TransactionInfoSchema),
    [E.TableNotFound],
  ),
  'tables:version-diff': procedure(
    InTable.extend({ from: z.number().int().min(1), to: z.number().int().min(1) }).strict(),
    VersionDiffSchema,
    [E.TableNotFound, E.TableVersionNotFound],
  ),
  'tables:restore': procedure(
    InTable.extend({
      version: z.number().int().min(1),
      /**
       * The latest version the user saw when confirming: if another writer has committed since,
       * nothing is restored (ConcurrentModification) and the user decides again.
       */
      expectLatest: z.number().int().min(1).optional(),
    }).strict(),
    WriteResultSchema,
    [E.TableNotFound, E.TableVersionNotFound, E.ConcurrentModification],
    'write',
  ),
  'tables:stats': procedure(InTable.strict(), TableStatsSchema, [E.TableNotFound]),
  /** Starts a job that merges small fragments and updates indexes; no version removed. */
  'tables:compact': procedure(InTable.strict(), JobRecordSchema, [E.TableNotFound], 'write'),
  'tables:fragments': procedure(InTable.strict(), FragmentStatsSchema, [E.TableNotFound]),
  /**
   * Starts a job that removes old versions with the files only they hold; tagged and checked-out
   * ones stay. What it removed and kept is the job's summary.
   */
  'tables:cleanup': procedure(
    InTable.extend(CleanupRequestSchema.shape).strict(),
    JobRecordSchema,
    [E.TableNotFound],
    'write',
  ),
  'tables:query': procedure(
    InTable.extend({ request: QueryRequestSchema }).strict(),
    /** Arrow IPC stream bytes. */
    ArrowBytes,
    [E.TableNotFound, E.TableColumnNotFound],
  ),
  'tables:explain': procedure(
    InTable.extend({ request: QueryRequestSchema, analyze: z.boolean().optional() }).strict(),
    z.string(),
    [E.TableNotFound, E.TableColumnNotFound],
  ),
  /** A search from the Search tab: run, timed, and kept in the table's history. */
  'search:run': procedure(InTable.extend({ request: QueryRequestSchema }).strict(), SearchAnswer, [
    E.TableNotFound,
    E.TableColumnNotFound,
  ]),
  'search:history': procedure(InTable.strict(), z.array(HistoryEntrySchema), []),
  'search:clear-history': procedure(InTable.strict(), z.object({}), []),
  /** A recall check of a vector index, as a job of the host; refused at once if malformed. */
  'recall:start': procedure(
    InTable.extend({ request: RecallCheckRequestSchema }).strict(),
    JobRecordSchema,
    [E.TableNotFound, E.TableColumnNotFound, E.TableIndexNotFound, E.InvalidTableState],
  ),
  /** The table's kept reports, newest first. */
  'recall:reports': procedure(InTable.strict(), z.array(StoredRecallReportSchema), []),
  'recall:report': procedure(
    InConn.extend({ jobId: z.string() }).strict(),
    StoredRecallReportSchema.nullable(),
    [],
  ),
  /** A console query: its rows, or where and why the text cannot be run (nothing ran). */
  'console:run': procedure(
    InConn.extend({ sql: z.string().min(1).max(1_000_000) }).strict(),
    z.union([
      SearchAnswer.extend({
        namespacePath: z.array(z.string()),
        table: z.string(),
        /** Set when a scan without LIMIT was cut at this many rows for the screen. */
        cappedAt: z.number().optional(),
      }),
      z.object({
        problem: z.object({
          message: z.string(),
          offset: z.number(),
          length: z.number(),
          line: z.number(),
          column: z.number(),
        }),
      }),
    ]),
    [E.TableNotFound, E.TableColumnNotFound, E.NamespaceNotFound],
  ),
  /** A table's rows (all, or those a filter matches) written to a file on this machine, as a job. */
  'tables:export': procedure(
    InTable.extend({
      filter: z.string().optional(),
      columns: z.array(z.string().min(1)).optional(),
      format: z.enum(EXPORT_FORMATS),
      /** The file to write (`path` is the table's namespace): absolute; replaced only with `overwrite`. */
      file: z.string().min(1).max(4096),
      overwrite: z.boolean().optional(),
    }).strict(),
    JobRecordSchema,
    [E.TableNotFound, E.TableColumnNotFound],
  ),
  /** A table or a namespace copied from one connection to another, as a job. */
  'copy:start': procedure(
    z
      .object({
        source: CopyEndpointSchema,
        target: CopyEndpointSchema,
        mode: z.enum(['create', 'overwrite', 'append']),
        indexes: z.boolean().optional(),
        resume: z.boolean().optional(),
      })
      .strict(),
    JobRecordSchema,
    [E.TableNotFound, E.TableAlreadyExists, E.InvalidInput],
  ),
  /** What a copy that stopped part way left, dropped; only a table that is that copy. */
  'copy:remove-partial': procedure(
    z.object({ source: CopyEndpointSchema, target: CopyEndpointSchema }).strict(),
    z.object({}),
    [E.TableNotFound, E.InvalidInput],
  ),
  /** A folder or object-store connection served as a REST catalog, as `catalog-studio serve` does. */
  'serve:start': procedure(InConn.extend(ServeRequestSchema.shape).strict(), ServedCatalogSchema, [
    E.InvalidInput,
  ]),
  'serve:list': procedure(z.object({}).strict(), z.array(ServedCatalogSchema), []),
  'serve:stop': procedure(z.object({ id: z.string().min(1) }).strict(), z.object({}), []),
  'console:history': procedure(InConn.strict(), z.array(HistoryEntrySchema), []),
  /** A console query's whole answer written to a file on this machine, as a job. */
  'console:export': procedure(
    InConn.extend({
      sql: z.string().min(1).max(1_000_000),
      format: z.enum(EXPORT_FORMATS),
      /** Absolute; an existing file is replaced only with `overwrite`. */
      path: z.string().min(1).max(4096),
      overwrite: z.boolean().optional(),
    }).strict(),
    JobRecordSchema,
    [E.TableNotFound, E.TableColumnNotFound, E.NamespaceNotFound],
  ),
  'rows:update': procedure(
    InTable.extend({
      updates: z.record(z.string().min(1), z.string()),
      filter: z.string().optional(),
    }).strict(),
    WriteResultSchema,
    [E.TableNotFound, E.TableColumnNotFound],
    'write',
  ),
  'rows:delete': procedure(
    InTable.extend({ filter: z.string().min(1) }).strict(),
    WriteResultSchema,
    [E.TableNotFound, E.TableColumnNotFound],
    'write',
  ),
  /** Schema evolution: each call is one commit; a refused change leaves the version as it was. */
  'columns:add': procedure(
    InTable.extend({ columns: z.array(AddColumnSchema).min(1).max(1_000) }).strict(),
    SchemaChangeResultSchema,
    SCHEMA_CHANGE_ERRORS,
    'write',
  ),
  'columns:alter': procedure(
    InTable.extend({ alterations: z.array(ColumnAlterationSchema).min(1).max(1_000) }).strict(),
    SchemaChangeResultSchema,
    SCHEMA_CHANGE_ERRORS,
    'write',
  ),
  'columns:drop': procedure(
    InTable.extend({ columns: z.array(z.string().min(1)).min(1).max(1_000) }).strict(),
    SchemaChangeResultSchema,
    SCHEMA_CHANGE_ERRORS,
    'write',
  ),
  'branches:list': procedure(InTable.strict(), z.array(BranchInfoSchema), [E.TableNotFound]),
  'branches:create': procedure(
    InTable.extend({ name: Name, fromVersion: z.number().int().min(1).optional() }).strict(),
    z.object({}),
    [E.TableNotFound, E.TableBranchAlreadyExists, E.TableVersionNotFound],
    'write',
  ),
  'branches:delete': procedure(
    InTable.extend({ name: Name }).strict(),
    z.object({}),
    [E.TableNotFound, E.TableBranchNotFound],
    'write',
  ),
  'tags:list': procedure(InTable.strict(), z.array(TagInfoSchema), [E.TableNotFound]),
  'tags:create': procedure(
    InTable.extend({ tag: Name, version: z.number().int().min(1) }).strict(),
    z.object({}),
    [E.TableNotFound, E.TableTagAlreadyExists, E.TableVersionNotFound],
    'write',
  ),
  /** Moves a tag to another version. */
  'tags:update': procedure(
    InTable.extend({ tag: Name, version: z.number().int().min(1) }).strict(),
    z.object({}),
    [E.TableNotFound, E.TableTagNotFound, E.TableVersionNotFound],
    'write',
  ),
  'tags:delete': procedure(
    InTable.extend({ tag: Name }).strict(),
    z.object({}),
    [E.TableNotFound, E.TableTagNotFound],
    'write',
  ),

  'indexes:list': procedure(InTable.strict(), z.array(IndexInfoSchema), [E.TableNotFound]),
  'indexes:stats': procedure(InTable.extend({ name: Name }).strict(), IndexStatsSchema, [
    E.TableNotFound,
    E.TableIndexNotFound,
  ]),
  'indexes:create': procedure(
    InTable.extend({ request: z.record(z.string(), z.unknown()) }).strict(),
    JobRecordSchema,
    [E.TableNotFound, E.TableColumnNotFound, E.TableIndexAlreadyExists, E.Unsupported],
    'write',
  ),
  'indexes:drop': procedure(
    InTable.extend({ name: Name }).strict(),
    z.object({}),
    [E.TableNotFound, E.TableIndexNotFound],
    'write',
  ),

  'imports:preview': procedure(
    z.object({ path: z.string().min(1).max(4096), format: ImportFormatSchema.optional() }).strict(),
    z.object({
      format: ImportFormatSchema,
      schema: JsonArrowSchemaSchema,
      rows: z.array(z.record(z.string(), z.unknown())),
      totalRows: z.number().optional(),
    }),
    [],
  ),
  'imports:start': procedure(
    InConn.extend({
      path: z.string().min(1).max(4096),
      format: ImportFormatSchema.optional(),
      namespacePath: Path,
      table: Name,
      mode: z.enum(['create', 'append']),
      batchSize: z.number().int().min(1).max(10_000_000).optional(),
      columns: z.array(ImportColumnSchema).max(10_000).optional(),
    }).strict(),
    JobRecordSchema,
    [E.TableAlreadyExists, E.TableNotFound, E.NamespaceNotFound, E.TableSchemaValidationError],
    'write',
  ),

  'jobs:list': procedure(
    z.object({}).strict(),
    z.array(JobRecordSchema.extend({ connectionId: ConnectionId })),
    [],
  ),
  'jobs:cancel': procedure(
    InConn.extend({ jobId: z.string().min(1) }).strict(),
    JobRecordSchema,
    [],
  ),
} as const satisfies Record<ProcedureName, ProcedureSpec>;

type ProcedureSpec = ReturnType<typeof procedure>;
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
