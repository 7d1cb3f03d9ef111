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
} from './catalog-api';
import type { ProcedureName } from './procedure-names';
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

const ConnectionId = z.string().min(1).max(100);
const Path = z.array(z.string()).max(64);
const Name = z.string().min(1).max(255);
const Properties = z.record(z.string(), z.string());

const ConnectionKind = z.enum(['folder', 'remote', 'object-store']);

export const ConnectionSchema = z.object({
  id: ConnectionId,
  kind: ConnectionKind,
  name: z.string(),
  /** The folder path, the remote base URL, or the object-store URI (s3://bucket/prefix). */
  target: z.string(),
  color: z.string(),
  readOnly: z.boolean(),
});
export type Connection = z.infer<typeof ConnectionSchema>;

export const RemoteSettingsSchema = z
  .object({
    url: z.string().url(),
    apiKey: z.string().optional(),
    bearerToken: z.string().optional(),
    database: z.string().optional(),
    headers: z.record(z.string(), z.string()).optional(),
    caFile: z.string().optional(),
  })
  .strict();
export type RemoteSettings = z.infer<typeof RemoteSettingsSchema>;

/**
 * Where an object-store connection takes its credentials: the AWS_* environment (as LanceDB
 * reads it), a named profile in ~/.aws, or typed keys, which the host keeps in the secret store.
 * Keys are optional so that reopening a recent connection can send none: the host fills in the
 * stored ones, which never cross to the renderer.
 */
export const ObjectStoreCredentialsSchema = z.discriminatedUnion('source', [
  z.object({ source: z.literal('environment') }).strict(),
  z.object({ source: z.literal('profile'), profile: z.string().trim().min(1).max(200) }).strict(),
  z
    .object({
      source: z.literal('keys'),
      accessKeyId: z.string().min(1).max(256).optional(),
      secretAccessKey: z.string().min(1).max(1024).optional(),
      sessionToken: z.string().min(1).max(8192).optional(),
    })
    .strict(),
]);
export type ObjectStoreCredentials = z.infer<typeof ObjectStoreCredentialsSchema>;

const ObjectStoreLocation = {
  /** An S3-compatible endpoint (Ceph, MinIO, …); absent for AWS itself. */
  endpoint: z.string().url().max(2048).optional(),
  region: z.string().trim().min(1).max(64).optional(),
  /** Bucket in the path (`endpoint/bucket/key`), which most S3-compatible stores need. */
  pathStyle: z.boolean().optional(),
};

/** A catalog on an object store: the engine opens `uri` with LanceDB's storage options. */
export const ObjectStoreSettingsSchema = z
  .object({
    kind: z.literal('object-store'),
    /** `s3://bucket/prefix`; other schemes reach the engine, which says which it supports. */
    uri: z
      .string()
      .trim()
      .max(2048)
      .regex(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/\s]/, 'expected a URI such as s3://bucket/prefix'),
    ...ObjectStoreLocation,
    credentials: ObjectStoreCredentialsSchema,
  })
  .strict();
export type ObjectStoreSettings = z.infer<typeof ObjectStoreSettingsSchema>;

/** An object-store connection as the recent list keeps it: everything but the keys. */
export const RecentObjectStoreSchema = z.object({
  ...ObjectStoreLocation,
  credentials: z.discriminatedUnion('source', [
    z.object({ source: z.literal('environment') }),
    z.object({ source: z.literal('profile'), profile: z.string() }),
    z.object({ source: z.literal('keys') }),
  ]),
});
export type RecentObjectStore = z.infer<typeof RecentObjectStoreSchema>;

export const RecentConnectionSchema = z.object({
  kind: ConnectionKind,
  name: z.string(),
  target: z.string(),
  color: z.string(),
  readOnly: z.boolean(),
  lastOpenedAt: z.number(),
  /** Whether stored secrets exist for it (the secrets themselves never cross to the renderer). */
  hasSecrets: z.boolean(),
  /** For an object store, what reopening it needs besides the stored keys. */
  objectStore: RecentObjectStoreSchema.optional(),
});

const Display = {
  name: z.string().max(100).optional(),
  color: z.string().max(32).optional(),
  readOnly: z.boolean().optional(),
};

/** A schema as the renderer sees it: the contract's JsonArrowSchema. */
const JsonField: z.ZodType<{
  name: string;
  nullable: boolean;
  type: { type: string; fields?: unknown[]; length?: number };
}> = z.lazy(() =>
  z.object({
    name: z.string(),
    nullable: z.boolean(),
    type: z.object({
      type: z.string(),
      fields: z.array(JsonField).optional(),
      length: z.number().optional(),
    }),
    metadata: z.record(z.string(), z.string()).optional(),
  }),
);
export const JsonSchemaSchema = z.object({
  fields: z.array(JsonField),
  metadata: z.record(z.string(), z.string()).optional(),
});

const ArrowBytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array, {
  message: 'expected Arrow IPC bytes',
});
const WriteResultSchema = z.object({ version: z.number(), numRows: z.number() });
/** A schema change's new version, and for a drop the indexes LanceDB dropped with the columns. */
const SchemaChangeResultSchema = z.object({
  version: z.number(),
  droppedIndexes: z.array(z.string()).optional(),
});
/** The codes a schema change may return besides the common ones. */
const SCHEMA_CHANGE_ERRORS = [
  E.TableNotFound,
  E.TableColumnNotFound,
  E.TableSchemaValidationError,
  E.InvalidTableState,
  // An all-null column of a type a remote catalog's SQL cannot name.
  E.Unsupported,
];

const InConn = z.object({ connectionId: ConnectionId });
const ImportFormatSchema = z.enum(['csv', 'tsv', 'json', 'ndjson', 'parquet', 'arrow']);

/** The types an imported column can be cast to; `vector` is fixed_size_list<float32> × dimension. */
export const IMPORT_COLUMN_TYPES = [
  'int32',
  'int64',
  'float32',
  'float64',
  'utf8',
  'bool',
  'binary',
  'date32',
  'timestamp',
  'vector',
] as const;
export type ImportColumnType = (typeof IMPORT_COLUMN_TYPES)[number];

/**
 * One column of an edited import schema, in output order: the file column it reads, its name in
 * the table, and its type (absent: as inferred from the file). Columns left out are not imported.
 * Names and dimensions are checked by the host, which can say which column is wrong.
 */
export const ImportColumnSchema = z
  .object({
    source: z.string().min(1).max(1000),
    name: z.string().max(1000),
    type: z.enum(IMPORT_COLUMN_TYPES).optional(),
    dimension: z.number().optional(),
  })
  .strict();
export type ImportColumn = z.infer<typeof ImportColumnSchema>;
const InNs = InConn.extend({ path: Path });
const InTable = InConn.extend({ path: Path, table: Name });

function procedure<I extends z.ZodType, O extends z.ZodType>(
  input: I,
  output: O,
  errors: readonly number[],
) {
  return { input, output, errors: [...new Set([...COMMON, ...errors])] };
}

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
  'connections:close': procedure(InConn.strict(), z.object({}), []),
  'connections:forget-recent': procedure(
    z.object({ target: z.string() }).strict(),
    z.object({}),
    [],
  ),
  'fs:list-folder': procedure(
    z.object({ path: z.string().max(4096).optional() }).strict(),
    z.object({
      path: z.string(),
      parent: z.string().nullable(),
      folders: z.array(z.object({ name: z.string(), isCatalog: z.boolean() })),
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
  ),
  'namespaces:describe': procedure(InNs.strict(), z.object({ properties: Properties }), [
    E.NamespaceNotFound,
  ]),
  'namespaces:drop': procedure(
    InNs.extend(DropNamespaceOptionsSchema.shape).strict(),
    z.object({}),
    [E.NamespaceNotFound, E.NamespaceNotEmpty],
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
    InTable.extend({ schema: JsonSchemaSchema, mode: CreateModeSchema.optional() }).strict(),
    z.object({}),
    [E.NamespaceNotFound, E.TableAlreadyExists],
  ),
  'tables:describe': procedure(
    InTable.strict(),
    z.object({
      version: z.number(),
      location: z.string(),
      rowCount: z.number(),
      schema: JsonSchemaSchema,
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
    }).strict(),

    /** Arrow IPC stream bytes. */
    ArrowBytes,
    [E.TableNotFound, E.TableColumnNotFound],
  ),
  'tables:drop': procedure(InTable.strict(), z.object({}), [E.TableNotFound, E.NamespaceNotFound]),
  'tables:rename': procedure(
    InTable.extend({ newName: Name, newPath: Path.optional() }).strict(),
    z.object({}),
    [E.TableNotFound, E.TableAlreadyExists, E.NamespaceNotFound, E.InvalidTableState],
  ),
  'tables:versions': procedure(InTable.strict(), z.array(VersionInfoSchema), [E.TableNotFound]),
  'tables:restore': procedure(
    InTable.extend({ version: z.number().int().min(1) }).strict(),
    WriteResultSchema,
    [E.TableNotFound, E.TableVersionNotFound],
  ),
  'tables:stats': procedure(InTable.strict(), TableStatsSchema, [E.TableNotFound]),
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
  'rows:update': procedure(
    InTable.extend({
      updates: z.record(z.string().min(1), z.string()),
      filter: z.string().optional(),
    }).strict(),
    WriteResultSchema,
    [E.TableNotFound, E.TableColumnNotFound],
  ),
  'rows:delete': procedure(
    InTable.extend({ filter: z.string().min(1) }).strict(),
    WriteResultSchema,
    [E.TableNotFound, E.TableColumnNotFound],
  ),
  /** Schema evolution: each call is one commit; a refused change leaves the version as it was. */
  'columns:add': procedure(
    InTable.extend({ columns: z.array(AddColumnSchema).min(1).max(1_000) }).strict(),
    SchemaChangeResultSchema,
    SCHEMA_CHANGE_ERRORS,
  ),
  'columns:alter': procedure(
    InTable.extend({ alterations: z.array(ColumnAlterationSchema).min(1).max(1_000) }).strict(),
    SchemaChangeResultSchema,
    SCHEMA_CHANGE_ERRORS,
  ),
  'columns:drop': procedure(
    InTable.extend({ columns: z.array(z.string().min(1)).min(1).max(1_000) }).strict(),
    SchemaChangeResultSchema,
    SCHEMA_CHANGE_ERRORS,
  ),
  'branches:list': procedure(InTable.strict(), z.array(BranchInfoSchema), [E.TableNotFound]),
  'branches:create': procedure(
    InTable.extend({ name: Name, fromVersion: z.number().int().min(1).optional() }).strict(),
    z.object({}),
    [E.TableNotFound, E.TableBranchAlreadyExists, E.TableVersionNotFound],
  ),
  'branches:delete': procedure(InTable.extend({ name: Name }).strict(), z.object({}), [
    E.TableNotFound,
    E.TableBranchNotFound,
  ]),
  'tags:list': procedure(InTable.strict(), z.array(TagInfoSchema), [E.TableNotFound]),
  'tags:create': procedure(
    InTable.extend({ tag: Name, version: z.number().int().min(1) }).strict(),
    z.object({}),
    [E.TableNotFound, E.TableTagAlreadyExists, E.TableVersionNotFound],
  ),
  'tags:delete': procedure(InTable.extend({ tag: Name }).strict(), z.object({}), [
    E.TableNotFound,
    E.TableTagNotFound,
  ]),

  'indexes:list': procedure(InTable.strict(), z.array(IndexInfoSchema), [E.TableNotFound]),
  'indexes:stats': procedure(InTable.extend({ name: Name }).strict(), IndexStatsSchema, [
    E.TableNotFound,
    E.TableIndexNotFound,
  ]),
  'indexes:create': procedure(
    InTable.extend({ request: z.record(z.string(), z.unknown()) }).strict(),
    JobRecordSchema,
    [E.TableNotFound, E.TableColumnNotFound, E.TableIndexAlreadyExists, E.Unsupported],
  ),
  'indexes:drop': procedure(InTable.extend({ name: Name }).strict(), z.object({}), [
    E.TableNotFound,
    E.TableIndexNotFound,
  ]),

  'imports:preview': procedure(
    z.object({ path: z.string().min(1).max(4096), format: ImportFormatSchema.optional() }).strict(),
    z.object({
      format: ImportFormatSchema,
      schema: JsonSchemaSchema,
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
  'job:progress': JobRecordSchema.extend({ connectionId: ConnectionId }),
  'job:finished': JobRecordSchema.extend({ connectionId: ConnectionId }),
  'catalog:changed': z.object({
    connectionId: ConnectionId,
    path: Path,
    table: z.string().optional(),
  }),
  'connections:changed': z.object({}),
} as const;

export type EventName = keyof typeof EVENTS;
export type EventPayload<N extends EventName> = z.infer<(typeof EVENTS)[N]>;

/** What crosses a transport: a value, or an error as a value (never a thrown stack). */
export type Result<T> =
  { ok: true; value: T } | { ok: false; error: { code: number; name: string; message: string } };

export function isProcedureName(name: string): name is ProcedureName {
  return Object.prototype.hasOwnProperty.call(PROCEDURES, name);
}
