/** Files imported into tables, as jobs. */
import { z } from 'zod';
import { JobRecordSchema, JsonArrowSchemaSchema } from '../catalog-api';
import { Path, Name, InConn, ImportFormatSchema, ImportColumnSchema } from '../studio-schemas';
import { E, procedure } from './define';

export const IMPORTS_PROCEDURES = {
  'imports:preview': procedure(
    z.object({ path: z.string().min(1).max(4096), format: ImportFormatSchema.optional() }).strict(),
    z.object({
      format: ImportFormatSchema,
      schema: JsonArrowSchemaSchema,
      rows: z.array(z.record(z.string(), z.unknown())),
      totalRows: z.number().optional(),
    }),
    [],
  ),
  'imports:start': procedure(
    InConn.extend({
      path: z.string().min(1).max(4096),
      format: ImportFormatSchema.optional(),
      namespacePath: Path,
      table: Name,
      mode: z.enum(['create', 'append']),
      batchSize: z.number().int().min(1).max(10_000_000).optional(),
      columns: z.array(ImportColumnSchema).max(10_000).optional(),
    }).strict(),
    JobRecordSchema,
    [E.TableAlreadyExists, E.TableNotFound, E.NamespaceNotFound, E.TableSchemaValidationError],
    'write',
  ),
} as const;
