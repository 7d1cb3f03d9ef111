/** Jobs (index builds, imports, exports…): their states, records and events. */
import { z } from 'zod';

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
