/**
 * Schema evolution of a `dir` table: add, alter and drop columns (dir-columns.ts), and replace the
 * schema metadata (dir-schema-metadata.ts). Each is one commit, and each makes this process forget
 * the query schema it remembered for the table.
 */
import type * as lancedb from '@lancedb/lancedb';
import type {
  AddColumnsRequest,
  AlterColumnsRequest,
  BranchOption,
  DropColumnsRequest,
  SchemaChangeResult,
  SchemaMetadata,
} from '../../../../src-shared/catalog-api';
import { lance } from '../lance-errors';
import { forgetQuerySchema } from '../query/query-schemas';
import * as columns from './dir-columns';
import { updateSchemaMetadata as writeSchemaMetadata } from './dir-schema-metadata';
import type { DirTableCore } from './dir-table-core';

export async function addColumns(
  t: DirTableCore,
  request: AddColumnsRequest,
): Promise<SchemaChangeResult> {
  return changingSchema(t, request.branch, (table) => columns.addColumns(table, request.columns));
}

export async function alterColumns(
  t: DirTableCore,
  request: AlterColumnsRequest,
): Promise<SchemaChangeResult> {
  return changingSchema(t, request.branch, (table) =>
    columns.alterColumns(table, request.alterations),
  );
}

export async function dropColumns(
  t: DirTableCore,
  request: DropColumnsRequest,
): Promise<SchemaChangeResult> {
  return changingSchema(t, request.branch, (table) => columns.dropColumns(table, request.columns));
}

export async function updateSchemaMetadata(
  t: DirTableCore,
  metadata: SchemaMetadata,
  { branch }: BranchOption = {},
): Promise<SchemaMetadata> {
  const table = await t.writable(branch);
  await writeSchemaMetadata(await t.branchFiles(branch), metadata);
  // This process's handle would otherwise go on answering from the version before.
  await lance(() => table.checkoutLatest());
  forgetQuerySchema(table);
  return metadata;
}

async function changingSchema(
  t: DirTableCore,
  branch: string | undefined,
  change: (table: lancedb.Table) => Promise<SchemaChangeResult>,
): Promise<SchemaChangeResult> {
  const table = await t.writable(branch);
  try {
    return await change(table);
  } finally {
    forgetQuerySchema(table);
  }
}
