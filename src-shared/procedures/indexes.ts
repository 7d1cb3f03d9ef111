/** A table's indexes: listed, built, dropped. */
import { z } from 'zod';
import { IndexInfoSchema, IndexStatsSchema, JobRecordSchema } from '../catalog-api';
import { Name, InTable } from '../studio-schemas';
import { E, procedure } from './define';

export const INDEXES_PROCEDURES = {
  'indexes:list': procedure(InTable.strict(), z.array(IndexInfoSchema), [E.TableNotFound]),
  'indexes:stats': procedure(InTable.extend({ name: Name }).strict(), IndexStatsSchema, [
    E.TableNotFound,
    E.TableIndexNotFound,
  ]),
  'indexes:create': procedure(
    InTable.extend({ request: z.record(z.string(), z.unknown()) }).strict(),
    JobRecordSchema,
    [E.TableNotFound, E.TableColumnNotFound, E.TableIndexAlreadyExists, E.Unsupported],
    'write',
  ),
  'indexes:drop': procedure(
    InTable.extend({ name: Name }).strict(),
    z.object({}),
    [E.TableNotFound, E.TableIndexNotFound],
    'write',
  ),
} as const;
