/** Recall checks of a vector index and their reports. */
import { z } from 'zod';
import { JobRecordSchema } from '../catalog-api';
import { RecallCheckRequestSchema, RecallReportSchema } from '../recall/recall-schemas';
import { InConn, InTable } from '../studio-schemas';
import { E, procedure } from './define';

/** A finished recall check's report, with the job that made it and the table it is of. */
export const StoredRecallReportSchema = z.object({
  jobId: z.string(),
  tableKey: z.string(),
  at: z.number(),
  report: RecallReportSchema,
});

export const RECALL_PROCEDURES = {
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
} as const;
