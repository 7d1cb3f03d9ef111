/**
 * The recall check's request and report (issue 17) as zod schemas, since both travel over IPC and
 * may come from plain JavaScript; the TypeScript types are inferred from them.
 */
import { z } from 'zod';

/** One way to run the index: the knobs LanceDB's vector search takes; absent = LanceDB's default. */
export const RecallSettingSchema = z
  .object({
    nprobes: z.number().int().min(1).optional(),
    refineFactor: z.number().int().min(1).optional(),
    ef: z.number().int().min(1).optional(),
  })
  .strict();
export type RecallSetting = z.infer<typeof RecallSettingSchema>;

export const LatencySummarySchema = z.object({ median: z.number(), p95: z.number() });
export type LatencySummary = z.infer<typeof LatencySummarySchema>;

export const RecallPointSchema = z.object({
  setting: RecallSettingSchema,
  /** recall@k averaged over the queries, in [0, 1]. */
  recall: z.number(),
  latencyMs: LatencySummarySchema,
});
export type RecallPoint = z.infer<typeof RecallPointSchema>;

export const RecallAdviceSchema = z.object({
  /** Whether some setting reached the target. */
  met: z.boolean(),
  /** The advised point: the cheapest reaching the target, else the one with the best recall. */
  pointIndex: z.number().int().min(0).optional(),
  message: z.string(),
});
export type RecallAdvice = z.infer<typeof RecallAdviceSchema>;

export const RecallCheckRequestSchema = z
  .object({
    /** The indexed vector column. */
    column: z.string().min(1),
    /** The index's name; needed only when the column has more than one vector index. */
    index: z.string().min(1).optional(),
    /** Neighbours per query (default 10); at most the table's row count. */
    k: z.number().int().min(1).max(10_000).optional(),
    /** Query vectors sampled from the table (default 100); ignored when `vector` is given. */
    queries: z.number().int().min(1).max(10_000).optional(),
    /** One query vector of the user's instead of sampled ones (zod refuses NaN and infinities). */
    vector: z.array(z.number()).min(1).optional(),
    /** The settings to try; the default grid for the index type when absent (default-grid.ts). */
    grid: z.array(RecallSettingSchema).min(1).max(200).optional(),
    /** The recall the advice aims at (default 0.95). */
    target: z.number().gt(0).max(1).optional(),
    /** Makes the sampled query vectors the same from run to run. */
    seed: z.number().int().optional(),
    branch: z.string().min(1).optional(),
  })
  .strict();
export type RecallCheckRequest = z.infer<typeof RecallCheckRequestSchema>;

export const RecallReportSchema = z.object({
  column: z.string(),
  /** The index's name and canonical type (IVF_PQ, IVF_HNSW_SQ, …). */
  index: z.object({ name: z.string(), indexType: z.string(), distanceType: z.string() }),
  k: z.number().int(),
  /** How many query vectors were run, and where they came from. */
  queries: z.number().int(),
  source: z.enum(['sampled', 'given']),
  target: z.number(),
  exact: z.object({ latencyMs: LatencySummarySchema }),
  points: z.array(RecallPointSchema),
  /** Indexes into `points` of the settings no other setting beats on both recall and latency. */
  front: z.array(z.number().int().min(0)),
  advice: RecallAdviceSchema,
});
export type RecallReport = z.infer<typeof RecallReportSchema>;
