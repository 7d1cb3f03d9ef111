/**
 * The values the app's procedures carry: connections, their settings, recent entries, schemas as
 * the renderer sees them, and import columns. The procedures themselves are in
 * studio-procedures.ts.
 */
import { z } from 'zod';
import type { Rights } from './vocabulary/rights';

export const ConnectionId = z.string().min(1).max(100);
export const Path = z.array(z.string()).max(64);
export const Name = z.string().min(1).max(255);
export const Properties = z.record(z.string(), z.string());

export const ConnectionKind = z.enum(['folder', 'remote', 'object-store']);

export const ConnectionSchema = z.object({
  id: ConnectionId,
  kind: ConnectionKind,
  name: z.string(),
  /** The folder path, the remote base URL, or the object-store URI (s3://bucket/prefix). */
  target: z.string(),
  color: z.string(),
  readOnly: z.boolean(),
  /** What it may do, learned when it opened (vocabulary/rights.ts). */
  rights: z.object({
    role: z.enum(['reader', 'writer', 'admin']),
    namespaces: z.array(z.array(z.string())).optional(),
    source: z.enum(['server', 'files', 'chosen', 'assumed']),
    reason: z.string().optional(),
  }) satisfies z.ZodType<Rights>,
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

export const ObjectStoreLocation = {
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

export const Display = {
  name: z.string().max(100).optional(),
  color: z.string().max(32).optional(),
  readOnly: z.boolean().optional(),
};

export const ArrowBytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array, {
  message: 'expected Arrow IPC bytes',
});
export const WriteResultSchema = z.object({ version: z.number(), numRows: z.number() });
/** A schema change's new version, and for a drop the indexes LanceDB dropped with the columns. */
export const SchemaChangeResultSchema = z.object({
  version: z.number(),
  droppedIndexes: z.array(z.string()).optional(),
});
export const InConn = z.object({ connectionId: ConnectionId });
export const ImportFormatSchema = z.enum(['csv', 'tsv', 'json', 'ndjson', 'parquet', 'arrow']);

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
export const InNs = InConn.extend({ path: Path });
/**
 * Which state of a table a view reads: a version checked out (read-only), a branch, or both (a
 * version of that branch). Absent: the latest of main.
 */
export const TableAtSchema = z
  .object({
    version: z.number().int().min(1).optional(),
    branch: z.string().min(1).max(1000).optional(),
  })
  .strict();
export type TableAt = z.infer<typeof TableAtSchema>;
export const InTable = InConn.extend({ path: Path, table: Name, at: TableAtSchema.optional() });

const ColumnShape = z.object({ type: z.string(), nullable: z.boolean() });
const IndexShape = z.object({
  name: z.string(),
  indexType: z.string(),
  columns: z.array(z.string()),
});

/** What changed from one version of a table to another (either may be the older). */
export const VersionDiffSchema = z.object({
  from: z.number(),
  to: z.number(),
  rows: z.object({ from: z.number(), to: z.number() }),
  columnsAdded: z.array(ColumnShape.extend({ path: z.string() })),
  columnsRemoved: z.array(ColumnShape.extend({ path: z.string() })),
  columnsChanged: z.array(z.object({ path: z.string(), from: ColumnShape, to: ColumnShape })),
  indexesAdded: z.array(IndexShape),
  indexesRemoved: z.array(IndexShape),
});
export type VersionDiff = z.infer<typeof VersionDiffSchema>;

/** How the Serve dialog asks for a folder to be served. */
export const ServeRequestSchema = z
  .object({
    /** An IP address: 127.0.0.1 or ::1 for this machine only, 0.0.0.0 or a LAN address for others. */
    host: z.string().min(1).max(100),
    /** 0 picks a free port. */
    port: z.number().int().min(0).max(65_535),
    auth: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('key') }).strict(),
      z.object({ kind: z.literal('file'), path: z.string().min(1).max(4096) }).strict(),
      z.object({ kind: z.literal('none') }).strict(),
    ]),
    readOnly: z.boolean(),
  })
  .strict();
export type ServeRequest = z.infer<typeof ServeRequestSchema>;

export const ServedCatalogSchema = z.object({
  id: z.string(),
  connectionId: z.string(),
  name: z.string(),
  url: z.string(),
  host: z.string(),
  port: z.number(),
  auth: z.enum(['key', 'file', 'none']),
  /** The generated key; only this app's own renderer ever sees it. */
  apiKey: z.string().optional(),
  readOnly: z.boolean(),
  startedAt: z.number(),
  requests: z.object({ total: z.number(), failed: z.number(), lastAt: z.number().optional() }),
});
export type ServedCatalog = z.infer<typeof ServedCatalogSchema>;

/** One side of a copy: an open connection and a table or a namespace in it. */
export const CopyEndpointSchema = z
  .object({
    connectionId: ConnectionId,
    path: Path,
    /** Absent: the namespace `path`, with everything under it. */
    table: Name.optional(),
  })
  .strict();
export type CopyEndpointInput = z.infer<typeof CopyEndpointSchema>;
