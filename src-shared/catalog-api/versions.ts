/**
 * A table's history: versions, their transactions, cleanups, external manifests, tags and branches.
 */
import { z } from 'zod';

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
  /**
   * For a commit that changed the schema (merge, project): the columns added, dropped, renamed
   * and given a new type, from its version's schema against the one before; absent where the
   * version before is gone or the back end does not read schemas.
   */
  columns: z
    .object({
      added: z.array(z.string()),
      dropped: z.array(z.string()),
      renamed: z.array(z.object({ from: z.string(), to: z.string() })),
      retyped: z.array(z.object({ path: z.string(), from: z.string(), to: z.string() })),
    })
    .optional(),
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
