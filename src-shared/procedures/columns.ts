/** A table's schema changed: columns added, altered, dropped. */
import { z } from 'zod';
import { AddColumnSchema, ColumnAlterationSchema } from '../catalog-api';
import { SchemaChangeResultSchema, InTable } from '../studio-schemas';
import { procedure, SCHEMA_CHANGE_ERRORS } from './define';

export const COLUMNS_PROCEDURES = {
  /** Schema evolution: each call is one commit; a refused change leaves the version as it was. */
  'columns:add': procedure(
    InTable.extend({ columns: z.array(AddColumnSchema).min(1).max(1_000) }).strict(),
    SchemaChangeResultSchema,
    SCHEMA_CHANGE_ERRORS,
    'write',
  ),
  'columns:alter': procedure(
    InTable.extend({ alterations: z.array(ColumnAlterationSchema).min(1).max(1_000) }).strict(),
    SchemaChangeResultSchema,
    SCHEMA_CHANGE_ERRORS,
    'write',
  ),
  'columns:drop': procedure(
    InTable.extend({ columns: z.array(z.string().min(1)).min(1).max(1_000) }).strict(),
    SchemaChangeResultSchema,
    SCHEMA_CHANGE_ERRORS,
    'write',
  ),
} as const;
