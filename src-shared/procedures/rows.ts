/** A table's rows updated or deleted where a filter matches. */
import { z } from 'zod';
import { WriteResultSchema, InTable } from '../studio-schemas';
import { E, procedure } from './define';

export const ROWS_PROCEDURES = {
  'rows:update': procedure(
    InTable.extend({
      updates: z.record(z.string().min(1), z.string()),
      filter: z.string().optional(),
    }).strict(),
    WriteResultSchema,
    [E.TableNotFound, E.TableColumnNotFound],
    'write',
  ),
  'rows:delete': procedure(
    InTable.extend({ filter: z.string().min(1) }).strict(),
    WriteResultSchema,
    [E.TableNotFound, E.TableColumnNotFound],
    'write',
  ),
} as const;
