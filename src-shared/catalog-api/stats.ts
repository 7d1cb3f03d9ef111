/** What a table answers about itself: its stats, stored bytes by version, fragments, indexes. */
import { z } from 'zod';

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
