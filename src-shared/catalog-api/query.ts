/**
 * A query and the writes by expression: vector, full-text and filtered queries, updates, merge-
 * inserts.
 */
import { z } from 'zod';
import { numberList } from '../vocabulary/number-list';

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
    vector: numberList(1).optional(),
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
