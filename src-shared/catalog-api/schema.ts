/**
 * A table's schema in its JSON form, and changes to it: columns added, altered, dropped; metadata.
 */
import type {
  JsonArrowDataType,
  JsonArrowField,
  JsonArrowSchema,
} from '../vocabulary/json-arrow-types';
import { z } from 'zod';

/** A JSON Arrow data type (the contract's JsonArrowDataType), e.g. `{ type: 'int64' }`. */
const JsonDataTypeSchema: z.ZodType<JsonArrowDataType> = z.lazy(() =>
  z.object({
    type: z.string().min(1),
    fields: z.array(JsonFieldSchema).optional(),
    length: z.number().int().optional(),
  }),
);
const JsonFieldSchema: z.ZodType<JsonArrowField> = z.lazy(() =>
  z.object({
    name: z.string(),
    nullable: z.boolean(),
    type: JsonDataTypeSchema,
    metadata: z.record(z.string(), z.string()).optional(),
  }),
);

/** A table's schema in its JSON form (the contract's JsonArrowSchema), for every boundary. */
export const JsonArrowSchemaSchema: z.ZodType<JsonArrowSchema> = z.object({
  fields: z.array(JsonFieldSchema),
  metadata: z.record(z.string(), z.string()).optional(),
});

/** A new column: computed from an SQL expression over the row, or all null of a type. */
export const AddColumnSchema = z.union([
  z.object({ name: z.string().min(1), expression: z.string().min(1) }).strict(),
  z.object({ name: z.string().min(1), dataType: JsonDataTypeSchema }).strict(),
]);
export type AddColumn = z.infer<typeof AddColumnSchema>;
export const AddColumnsRequestSchema = z
  .object({ columns: z.array(AddColumnSchema).min(1), branch: z.string().min(1).optional() })
  .strict();
export type AddColumnsRequest = z.infer<typeof AddColumnsRequestSchema>;

/** A change to one column: a new name, nullability, or a cast to a compatible type. */
export const ColumnAlterationSchema = z
  .object({
    path: z.string().min(1),
    rename: z.string().min(1).optional(),
    nullable: z.boolean().optional(),
    dataType: JsonDataTypeSchema.optional(),
  })
  .strict();
export type ColumnAlteration = z.infer<typeof ColumnAlterationSchema>;
export const AlterColumnsRequestSchema = z
  .object({
    alterations: z.array(ColumnAlterationSchema).min(1),
    branch: z.string().min(1).optional(),
  })
  .strict();
export type AlterColumnsRequest = z.infer<typeof AlterColumnsRequestSchema>;

export const DropColumnsRequestSchema = z
  .object({ columns: z.array(z.string().min(1)).min(1), branch: z.string().min(1).optional() })
  .strict();
export type DropColumnsRequest = z.infer<typeof DropColumnsRequestSchema>;

/**
 * A table's schema metadata: the key-value pairs on its Arrow schema. An update replaces the whole
 * map, as the contract's `UpdateTableSchemaMetadata` does; an empty map clears it.
 */
export const SchemaMetadataSchema = z.record(z.string().min(1), z.string());
export type SchemaMetadata = z.infer<typeof SchemaMetadataSchema>;

export interface SchemaChangeResult {
  version: number;
  /** Indexes that went with the columns they covered (drop only). */
  droppedIndexes?: string[];
}
