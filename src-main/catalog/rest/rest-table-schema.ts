/**
 * Schema evolution of a remote table: add, alter and drop columns, and replace the schema
 * metadata. The contract carries new columns as SQL expressions only.
 */
import { REST } from '../../../src-shared/rest-contract';
import type {
  AddColumnsRequest,
  AlterColumnsRequest,
  BranchOption,
  DropColumnsRequest,
  SchemaChangeResult,
  SchemaMetadata,
} from '../../../src-shared/catalog-api';
import { SchemaMetadataSchema } from '../../../src-shared/catalog-api';
import { errors } from '../../../src-shared/vocabulary/errors';
import { parseOptions } from '../parse-options';
import type { RestTableCore } from './rest-table-core';

export async function addColumns(
  t: RestTableCore,
  { columns, branch }: AddColumnsRequest,
): Promise<SchemaChangeResult> {
  t.writable();
  const b = t.branchOf(branch);
  const reply = await t.post<{ version: number }>(REST.addColumns, {
    // The contract's new columns are computed; an all-null one is the SQL cast of NULL.
    new_columns: columns.map((c) => ({
      name: c.name,
      expression: 'expression' in c ? c.expression : nullOfType(c.name, c.dataType),
    })),
    ...(b ? { branch: b } : {}),
  });
  return { version: reply.version };
}

export async function alterColumns(
  t: RestTableCore,
  { alterations, branch }: AlterColumnsRequest,
): Promise<SchemaChangeResult> {
  t.writable();
  const b = t.branchOf(branch);
  const reply = await t.post<{ version: number }>(REST.alterColumns, {
    alterations: alterations.map((a) => ({
      path: a.path,
      ...(a.rename !== undefined ? { rename: a.rename } : {}),
      ...(a.nullable !== undefined ? { nullable: a.nullable } : {}),
      ...(a.dataType !== undefined ? { data_type: a.dataType } : {}),
    })),
    ...(b ? { branch: b } : {}),
  });
  return { version: reply.version };
}

export async function dropColumns(
  t: RestTableCore,
  { columns, branch }: DropColumnsRequest,
): Promise<SchemaChangeResult> {
  t.writable();
  const b = t.branchOf(branch);
  const reply = await t.post<{ version: number; dropped_indexes?: string[] }>(REST.dropColumns, {
    columns,
    ...(b ? { branch: b } : {}),
  });
  return {
    version: reply.version,
    ...(reply.dropped_indexes?.length ? { droppedIndexes: reply.dropped_indexes } : {}),
  };
}

export async function updateSchemaMetadata(
  t: RestTableCore,
  metadata: SchemaMetadata,
  { branch }: BranchOption = {},
): Promise<SchemaMetadata> {
  t.writable();
  const reply = await t.session.json<unknown>({
    ...t.at(REST.updateSchemaMetadata),
    query: { branch: t.branchOf(branch) },
    json: metadata,
  });
  // The reply is checked against the contract as well: it comes from another process.
  return parseOptions(SchemaMetadataSchema, reply);
}

/**
 * SQL types (Lance's SQL dialect) for an all-null column sent as `CAST(NULL AS …)`, the contract
 * having no type field.
 */
const SQL_TYPES: Record<string, string> = {
  bool: 'BOOLEAN',
  int8: 'TINYINT',
  int16: 'SMALLINT',
  int32: 'INT',
  int64: 'BIGINT',
  uint8: 'TINYINT UNSIGNED',
  uint16: 'SMALLINT UNSIGNED',
  uint32: 'INT UNSIGNED',
  uint64: 'BIGINT UNSIGNED',
  float32: 'FLOAT',
  float64: 'DOUBLE',
  utf8: 'STRING',
  binary: 'BINARY',
  date32: 'DATE',
};

function nullOfType(name: string, type: { type: string }): string {
  const sql = SQL_TYPES[type.type];
  if (!sql) {
    throw errors.Unsupported(
      `Column ${name}: an all-null ${type.type} column cannot be added through a remote catalog (the contract carries only SQL expressions); give an expression instead`,
    );
  }
  return `CAST(NULL AS ${sql})`;
}
