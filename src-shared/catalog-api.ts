/**
 * The catalog's data contract: option and result shapes as zod schemas, with the TypeScript
 * types inferred from them. The engine, the REST server and the app's IPC all validate against
 * these, so a shape is written once.
 */
import type {
  JsonArrowDataType,
  JsonArrowField,
  JsonArrowSchema,
} from './vocabulary/json-arrow-types';
import { z } from 'zod';

const Properties = z.record(z.string(), z.string());

export const NamespacePathSchema = z.array(z.string());

export const CreateModeSchema = z.enum(['create', 'exist_ok', 'overwrite']);
export type CreateMode = z.infer<typeof CreateModeSchema>;

export const ListOptionsSchema = z
  .object({
    /** Opaque; in practice the last name of the previous page ("start after"). */
    pageToken: z.string().optional(),
    limit: z.number().int().min(1).max(100_000).optional(),
  })
  .strict();
export type ListOptions = z.infer<typeof ListOptionsSchema>;

export const CreateNamespaceOptionsSchema = z
  .object({ mode: CreateModeSchema.optional(), properties: Properties.optional() })
  .strict();
export type CreateNamespaceOptions = z.infer<typeof CreateNamespaceOptionsSchema>;

export const DropNamespaceOptionsSchema = z
  .object({
    mode: z.enum(['fail', 'skip']).optional(),
    behavior: z.enum(['restrict', 'cascade']).optional(),
  })
  .strict();
export type DropNamespaceOptions = z.infer<typeof DropNamespaceOptionsSchema>;

export const CreateTableOptionsSchema = z
  .object({
    mode: CreateModeSchema.optional(),
    properties: Properties.optional(),
    storageOptions: Properties.optional(),
  })
  .strict();
export type CreateTableOptions = z.infer<typeof CreateTableOptionsSchema>;

export const OpenTableOptionsSchema = z
  .object({ version: z.number().int().min(1).optional(), branch: z.string().min(1).optional() })
  .strict();
export type OpenTableOptions = z.infer<typeof OpenTableOptionsSchema>;

export const RenameTableOptionsSchema = z
  .object({ newNamespacePath: NamespacePathSchema.optional() })
  .strict();
export type RenameTableOptions = z.infer<typeof RenameTableOptionsSchema>;

export const InsertOptionsSchema = z
  .object({
    mode: z.enum(['append', 'overwrite']).optional(),
    branch: z.string().min(1).optional(),
  })
  .strict();
export type InsertOptions = z.infer<typeof InsertOptionsSchema>;

export const BranchOptionSchema = z.object({ branch: z.string().min(1).optional() }).strict();
export type BranchOption = z.infer<typeof BranchOptionSchema>;

/** Versions of a branch, oldest first; `newest` keeps only the last few (a timeline's window). */
export const ListVersionsOptionsSchema = BranchOptionSchema.extend({
  newest: z.number().int().min(1).optional(),
}).strict();
export type ListVersionsOptions = z.infer<typeof ListVersionsOptionsSchema>;

export const CountOptionsSchema = z
  .object({
    filter: z.string().optional(),
    branch: z.string().min(1).optional(),
    version: z.number().int().min(1).optional(),
  })
  .strict();
export type CountOptions = z.infer<typeof CountOptionsSchema>;

export const DistanceTypeSchema = z.enum(['l2', 'cosine', 'dot', 'hamming']);

/**
 * A full-text search: `match` finds rows with any (or, with operator `and`, all) of the words, in
 * one column or several; `phrase` finds the words in order, at most `slop` words apart, in one.
 */
export const FullTextQuerySchema = z
  .object({
    query: z.string(),
    columns: z.array(z.string().min(1)).optional(),
    kind: z.enum(['match', 'phrase']).optional(),
    operator: z.enum(['or', 'and']).optional(),
    /** Edits allowed per word (match only): 0, 1 or 2. */
    fuzziness: z.number().int().min(0).max(2).optional(),
    slop: z.number().int().min(0).optional(),
  })
  .strict();
export type FullTextQuery = z.infer<typeof FullTextQuerySchema>;

export const QueryRequestSchema = z
  .object({
    filter: z.string().optional(),
    /** Column paths to return; all columns when absent. */
    columns: z.array(z.string().min(1)).optional(),
    limit: z.number().int().min(0).optional(),
    offset: z.number().int().min(0).optional(),
    vector: z.array(z.number()).min(1).optional(),
    vectorColumn: z.string().min(1).optional(),
    distanceType: DistanceTypeSchema.optional(),
    nprobes: z.number().int().min(1).optional(),
    refineFactor: z.number().int().min(1).optional(),
    ef: z.number().int().min(1).optional(),
    bypassVectorIndex: z.boolean().optional(),
    fastSearch: z.boolean().optional(),
    prefilter: z.boolean().optional(),
    /** Vector search only: rows whose distance is at least `lower` and below `upper`. */
    distanceRange: z
      .object({ lower: z.number().optional(), upper: z.number().optional() })
      .strict()
      .optional(),
    /** With `vector` as well it is a hybrid search, the two fused by reciprocal rank (RRF). */
    fullTextQuery: FullTextQuerySchema.optional(),
    withRowId: z.boolean().optional(),
    branch: z.string().min(1).optional(),
    version: z.number().int().min(1).optional(),
    /** Row order for a plain scan (not a search, which orders by score): first key first. */
    orderBy: z
      .array(
        z
          .object({
            column: z.string().min(1),
            ascending: z.boolean(),
            /** Where nulls go; last by default, either way. */
            nullsFirst: z.boolean().optional(),
          })
          .strict(),
      )
      .max(16)
      .optional(),
  })
  .strict();
export type QueryRequest = z.infer<typeof QueryRequestSchema>;

export const UpdateRequestSchema = z
  .object({
    /** Column path → SQL expression. */
    updates: z.record(z.string().min(1), z.string()),
    filter: z.string().optional(),
    branch: z.string().min(1).optional(),
  })
  .strict();
export type UpdateRequest = z.infer<typeof UpdateRequestSchema>;

export const MergeInsertOptionsSchema = z
  .object({
    on: z.array(z.string().min(1)).min(1),
    whenMatchedUpdateAll: z.boolean().optional(),
    whenMatchedUpdateAllFilter: z.string().optional(),
    whenNotMatchedInsertAll: z.boolean().optional(),
    whenNotMatchedBySourceDelete: z.boolean().optional(),
    whenNotMatchedBySourceDeleteFilter: z.string().optional(),
    branch: z.string().min(1).optional(),
  })
  .strict();
export type MergeInsertOptions = z.infer<typeof MergeInsertOptionsSchema>;

export const CreateBranchOptionsSchema = z
  .object({
    fromBranch: z.string().min(1).optional(),
    fromVersion: z.number().int().min(1).optional(),
  })
  .strict();
export type CreateBranchOptions = z.infer<typeof CreateBranchOptionsSchema>;

/** A JSON Arrow data type (the contract's JsonArrowDataType), e.g. `{ type: 'int64' }`. */
const JsonDataTypeSchema: z.ZodType<JsonArrowDataType> = z.lazy(() =>
  z.object({
    type: z.string().min(1),
    fields: z.array(JsonFieldSchema).optional(),
    length: z.number().int().optional(),
  }),
);
const JsonFieldSchema: z.ZodType<JsonArrowField> = z.lazy(() =>
  z.object({
    name: z.string(),
    nullable: z.boolean(),
    type: JsonDataTypeSchema,
    metadata: z.record(z.string(), z.string()).optional(),
  }),
);

/** A table's schema in its JSON form (the contract's JsonArrowSchema), for every boundary. */
export const JsonArrowSchemaSchema: z.ZodType<JsonArrowSchema> = z.object({
  fields: z.array(JsonFieldSchema),
  metadata: z.record(z.string(), z.string()).optional(),
});

/** A new column: computed from an SQL expression over the row, or all null of a type. */
export const AddColumnSchema = z.union([
  z.object({ name: z.string().min(1), expression: z.string().min(1) }).strict(),
  z.object({ name: z.string().min(1), dataType: JsonDataTypeSchema }).strict(),
]);
export type AddColumn = z.infer<typeof AddColumnSchema>;
export const AddColumnsRequestSchema = z
  .object({ columns: z.array(AddColumnSchema).min(1), branch: z.string().min(1).optional() })
  .strict();
export type AddColumnsRequest = z.infer<typeof AddColumnsRequestSchema>;

/** A change to one column: a new name, nullability, or a cast to a compatible type. */
export const ColumnAlterationSchema = z
  .object({
    path: z.string().min(1),
    rename: z.string().min(1).optional(),
    nullable: z.boolean().optional(),
    dataType: JsonDataTypeSchema.optional(),
  })
  .strict();
export type ColumnAlteration = z.infer<typeof ColumnAlterationSchema>;
export const AlterColumnsRequestSchema = z
  .object({
    alterations: z.array(ColumnAlterationSchema).min(1),
    branch: z.string().min(1).optional(),
  })
  .strict();
export type AlterColumnsRequest = z.infer<typeof AlterColumnsRequestSchema>;

export const DropColumnsRequestSchema = z
  .object({ columns: z.array(z.string().min(1)).min(1), branch: z.string().min(1).optional() })
  .strict();
export type DropColumnsRequest = z.infer<typeof DropColumnsRequestSchema>;

/**
 * A table's schema metadata: the key-value pairs on its Arrow schema. An update replaces the whole
 * map, as the contract's `UpdateTableSchemaMetadata` does; an empty map clears it.
 */
export const SchemaMetadataSchema = z.record(z.string().min(1), z.string());
export type SchemaMetadata = z.infer<typeof SchemaMetadataSchema>;

export interface SchemaChangeResult {
  version: number;
  /** Indexes that went with the columns they covered (drop only). */
  droppedIndexes?: string[];
}

// ---- results ------------------------------------------------------------------------------

export const TableStatsSchema = z.object({
  totalBytes: z.number(),
  numRows: z.number(),
  numIndices: z.number(),
  numFragments: z.number(),
  numSmallFragments: z.number(),
  /** Rows per fragment: min, max, mean and percentiles. */
  fragmentLengths: z.object({
    min: z.number(),
    max: z.number(),
    mean: z.number(),
    p25: z.number(),
    p50: z.number(),
    p75: z.number(),
    p99: z.number(),
  }),
});
export type TableStats = z.infer<typeof TableStatsSchema>;

/** A version's fragments in detail: live rows per fragment as a histogram, and deleted rows. */
/** A table's stored bytes by which versions hold them (all files: data, indexes, manifests). */
export const VersionBytesSchema = z.object({
  /** Read by the latest version, or by another branch's latest. */
  latest: z.number(),
  /** Held only by tagged old versions: cleanup keeps them. */
  onlyTagged: z.number(),
  /** Held only by untagged old versions: what cleaning up every old version would free. */
  onlyOld: z.number(),
});
export type VersionBytes = z.infer<typeof VersionBytesSchema>;

export const FragmentStatsSchema = z.object({
  fragments: z.number(),
  physicalRows: z.number(),
  deletedRows: z.number(),
  histogram: z.array(z.object({ min: z.number(), max: z.number(), fragments: z.number() })),
  /** Absent from a server that does not count them. */
  versionBytes: VersionBytesSchema.optional(),
});
export type FragmentStats = z.infer<typeof FragmentStatsSchema>;

export const IndexStatusSchema = z.enum(['building', 'ready']);

export const IndexInfoSchema = z.object({
  name: z.string(),
  /** Canonical type name from the index spec table, e.g. IVF_PQ, BTREE, FTS. */
  indexType: z.string(),
  columns: z.array(z.string()),
  status: IndexStatusSchema,
  numIndexedRows: z.number(),
  numUnindexedRows: z.number(),
  distanceType: z.string().optional(),
  sizeBytes: z.number().optional(),
  createdAt: z.string().optional(),
  uuid: z.string().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
  /** The build job, while one is running. */
  jobId: z.string().optional(),
});
export type IndexInfo = z.infer<typeof IndexInfoSchema>;

export const IndexStatsSchema = z.object({
  indexType: z.string(),
  status: IndexStatusSchema,
  numIndexedRows: z.number(),
  numUnindexedRows: z.number(),
  distanceType: z.string().optional(),
  numIndices: z.number().optional(),
});
export type IndexStats = z.infer<typeof IndexStatsSchema>;

export const VersionInfoSchema = z.object({
  version: z.number(),
  timestampMillis: z.number(),
  metadata: z.record(z.string(), z.string()),
});
export type VersionInfo = z.infer<typeof VersionInfoSchema>;

/**
 * What one version's commit did, from the transaction Lance keeps with it. `operation` is Lance's
 * own name for it (`append`, `delete`, `create_index`, `rewrite` for a compaction, `merge` for
 * added columns, `project` for dropped or renamed ones, `restore`…), or `unknown` when the
 * version's transaction is gone (cleaned up) or unreadable.
 */
export const TransactionInfoSchema = z.object({
  version: z.number(),
  operation: z.enum([
    'append',
    'delete',
    'overwrite',
    'create_index',
    'rewrite',
    'merge',
    'restore',
    'reserve_fragments',
    'update',
    'project',
    'update_config',
    'data_replacement',
    'update_mem_wal_state',
    'clone',
    'update_bases',
    'data_overlay',
    'append_fri_transitions',
    'unknown',
  ]),
  readVersion: z.number().optional(),
  uuid: z.string().optional(),
  tag: z.string().optional(),
  /** For a restore: the version it brought back. */
  restoredVersion: z.number().optional(),
  /** For an index commit: the indexes it added and the ones it replaced or dropped. */
  indexesAdded: z.array(z.string()).optional(),
  indexesRemoved: z.array(z.string()).optional(),
  /** For a delete: its filter. */
  predicate: z.string().optional(),
  /** The table has no such version (its manifest is not there). */
  missing: z.boolean().optional(),
});
export type TransactionInfo = z.infer<typeof TransactionInfoSchema>;

/**
 * Old versions removed with their files: those written before `olderThanMillis`, except tagged
 * versions and the `keepVersions` (a version someone has checked out); each of those moves the
 * cutoff back to its own time, so it and every later version stay.
 */
export const CleanupRequestSchema = z
  .object({
    olderThanMillis: z.number().int().min(0),
    keepVersions: z.array(z.number().int().min(1)).max(1000).optional(),
  })
  .strict();
export type CleanupRequest = z.infer<typeof CleanupRequestSchema>;

export const CleanupResultSchema = z.object({
  versionsRemoved: z.number(),
  bytesRemoved: z.number(),
  /** The cutoff applied: the one asked for, or earlier when a kept version was older. */
  cutoffMillis: z.number(),
  /** Why the cutoff moved back, in words; absent when it did not. */
  keptBecause: z.string().optional(),
  /** The version the cleanup's own optimize wrote, when it wrote one. */
  version: z.number(),
});
export type CleanupResult = z.infer<typeof CleanupResultSchema>;

/** At most this many versions are described in one call (a timeline asks for a window). */
export const MAX_TRANSACTIONS_PER_CALL = 200;

/** One version in full: the manifest file that holds it, for the external-manifest routes. */
export const VersionDetailSchema = VersionInfoSchema.extend({
  /** Relative to the table's folder, e.g. `_versions/18446744073709551614.manifest`. */
  manifestPath: z.string().optional(),
  manifestSize: z.number().optional(),
});
export type VersionDetail = z.infer<typeof VersionDetailSchema>;

export const CreateVersionRequestSchema = z
  .object({
    version: z.number().int().min(1),
    /** A staged manifest, relative to the table's folder, copied into place if the version is free. */
    manifestPath: z.string().min(1),
    namingScheme: z.enum(['V1', 'V2']).optional(),
  })
  .strict();
export type CreateVersionRequest = z.infer<typeof CreateVersionRequestSchema>;

export const DeleteVersionsRequestSchema = z
  .object({
    /** Start inclusive, end exclusive; an end of -1 means no end. */
    ranges: z.array(z.object({ start: z.number().int(), end: z.number().int() }).strict()),
  })
  .strict();
export type DeleteVersionsRequest = z.infer<typeof DeleteVersionsRequestSchema>;

export const TagInfoSchema = z.object({
  name: z.string(),
  version: z.number(),
  manifestSize: z.number().optional(),
});
export type TagInfo = z.infer<typeof TagInfoSchema>;

export const BranchInfoSchema = z.object({
  name: z.string(),
  parentBranch: z.string().optional(),
  parentVersion: z.number().optional(),
  createdAtMillis: z.number().optional(),
  manifestSize: z.number().optional(),
});
export type BranchInfo = z.infer<typeof BranchInfoSchema>;

export const JobStateSchema = z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']);
export type JobState = z.infer<typeof JobStateSchema>;

export const JobRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(['create_index', 'import', 'recall_check', 'export', 'copy', 'compact', 'cleanup']),
  target: z.object({
    namespacePath: z.array(z.string()),
    table: z.string(),
    index: z.string().optional(),
    column: z.string().optional(),
    indexType: z.string().optional(),
    branch: z.string().optional(),
    /** An index build's parameters as given (the others were LanceDB's defaults). */
    params: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]))
      .optional(),
  }),
  state: JobStateSchema,
  /** A word for what the job is doing now: queued, training, building, committing, done… */
  phase: z.string(),
  progress: z.object({
    /** 0..1 when it can be known honestly; absent otherwise. */
    fraction: z.number().min(0).max(1).optional(),
    numIndexedRows: z.number().optional(),
    numUnindexedRows: z.number().optional(),
    rowsDone: z.number().optional(),
    rowsTotal: z.number().optional(),
    /** Imports: how much of the file has been read, and its size. */
    bytesDone: z.number().optional(),
    bytesTotal: z.number().optional(),
  }),
  createdAt: z.number(),
  startedAt: z.number().optional(),
  endedAt: z.number().optional(),
  /** Milliseconds left, from the throughput of earlier builds of the same kind; absent without history. */
  estimateMs: z.number().optional(),
  error: z.object({ code: z.number(), name: z.string(), message: z.string() }).optional(),
  /** What an ended job did, in a sentence ("412 fragments merged into 9"), when it says. */
  summary: z.string().optional(),
});
export type JobRecord = z.infer<typeof JobRecordSchema>;

export type JobEvent =
  { type: 'jobs:progress'; job: JobRecord } | { type: 'jobs:finished'; job: JobRecord };
