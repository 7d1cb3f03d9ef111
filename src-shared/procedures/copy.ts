/** Copies of namespaces and tables between open connections. */
import { z } from 'zod';
import { JobRecordSchema } from '../catalog-api';
import { CopyEndpointSchema } from '../studio-schemas';
import { E, procedure } from './define';

export const COPY_PROCEDURES = {
  /** A table or a namespace copied from one connection to another, as a job. */
  'copy:start': procedure(
    z
      .object({
        source: CopyEndpointSchema,
        target: CopyEndpointSchema,
        mode: z.enum(['create', 'overwrite', 'append']),
        indexes: z.boolean().optional(),
        resume: z.boolean().optional(),
      })
      .strict(),
    JobRecordSchema,
    [E.TableNotFound, E.TableAlreadyExists, E.InvalidInput],
  ),
  /** What a copy that stopped part way left, dropped; only a table that is that copy. */
  'copy:remove-partial': procedure(
    z.object({ source: CopyEndpointSchema, target: CopyEndpointSchema }).strict(),
    z.object({}),
    [E.TableNotFound, E.InvalidInput],
  ),
} as const;
