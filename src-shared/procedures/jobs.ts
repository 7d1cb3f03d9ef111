/** The jobs panel: every job listed and cancelled. */
import { z } from 'zod';
import { JobRecordSchema } from '../catalog-api';
import { ConnectionId, InConn } from '../studio-schemas';
import { procedure } from './define';

export const JOBS_PROCEDURES = {
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
} as const;
