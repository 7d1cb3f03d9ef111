/**
 * A `dir` table's rows: count, insert, query (and its plan), update, delete and merge-insert.
 * Writes go to a handle's branch and are refused on a handle pinned at a version.
 */
import type * as lancedb from '@lancedb/lancedb';
import type { Schema, Table as ArrowTable } from 'apache-arrow';
import type { ArrowIpcStream, MergeInsertResult, StreamOptions, WriteResult } from '../../client';
import type {
  BranchOption,
  CountOptions,
  InsertOptions,
  MergeInsertOptions,
  QueryRequest,
  UpdateRequest,
} from '../../../../src-shared/catalog-api';
import { errors } from '../../../../src-shared/vocabulary/errors';
import { encodeIpcStream, toArrowTable, wholeStream, type TableData } from '../../arrow-data';
import { lance } from '../lance-errors';
import { explainQuery, runQuery } from '../query/query-builder';
import { explainHybrid, isHybrid, runHybridSearch } from '../query/hybrid-search';
import { forgetQuerySchema, withQuerySchema } from '../query/query-schemas';
import { streamQuery } from '../query/query-stream';
import type { DirTableCore } from './dir-table-core';

export async function countRows(
  t: DirTableCore,
  { filter, branch, version }: CountOptions = {},
): Promise<number> {
  if (version !== undefined) {
    return countRows(await t.checkout(version, branch), filter === undefined ? {} : { filter });
  }
  const table = await t.lanceFor(branch);
  return lance(() => table.countRows(filter && filter.trim() !== '' ? filter : undefined));
}

export async function insert(
  t: DirTableCore,
  data: TableData,
  { mode = 'append', branch }: InsertOptions = {},
): Promise<WriteResult> {
  const table = await t.writable(branch);
  const arrow = toArrowTable(data);
  if (arrow.numRows === 0 && mode === 'append') {
    return { version: await lance(() => table.version()), numRows: 0 };
  }
  const result = await lance(() => table.add(arrow, { mode }));
  // An overwrite may bring a new schema with it.
  if (mode === 'overwrite') forgetQuerySchema(table);
  return { version: result.version, numRows: arrow.numRows };
}

export function query(t: DirTableCore, request: QueryRequest = {}): Promise<ArrowTable> {
  return onQueriedTable(t, request, isHybrid(request) ? runHybridSearch : runQuery);
}

export function queryStream(
  t: DirTableCore,
  request: QueryRequest = {},
  { batchBytes }: StreamOptions = {},
): Promise<ArrowIpcStream> {
  // A fused answer is made whole (k rows) before it is known, so it is streamed once made.
  return onQueriedTable(
    t,
    request,
    isHybrid(request)
      ? async (...args) => wholeStream(encodeIpcStream(await runHybridSearch(...args)))
      : (table, schema, r) => streamQuery(table, schema, r, batchBytes),
  );
}

/** Runs a query on the table, branch and version it names, against its remembered schema. */
async function onQueriedTable<T>(
  t: DirTableCore,
  request: QueryRequest,
  run: (table: lancedb.Table, schema: Schema, request: QueryRequest) => Promise<T>,
): Promise<T> {
  if (request.version !== undefined) {
    const pinned = await t.checkout(request.version, request.branch);
    return onQueriedTable(pinned, { ...request, version: undefined, branch: undefined }, run);
  }
  const table = await t.lanceFor(request.branch);
  return withQuerySchema(table, (schema) => run(table, schema, request));
}

export async function explainPlan(
  t: DirTableCore,
  request: QueryRequest = {},
  options: { verbose?: boolean; analyze?: boolean } = {},
): Promise<string> {
  const table = await t.lanceFor(request.branch);
  const schema = await lance(() => table.schema());
  return (isHybrid(request) ? explainHybrid : explainQuery)(
    table,
    schema,
    request,
    options.analyze ? 'analyze' : { verbose: options.verbose ?? false },
  );
}

export async function update(
  t: DirTableCore,
  { updates, filter, branch }: UpdateRequest,
): Promise<WriteResult> {
  if (Object.keys(updates).length === 0)
    throw errors.InvalidInput('An update needs at least one column');
  const table = await t.writable(branch);
  const result = await lance(() =>
    table.update({
      valuesSql: updates,
      ...(filter && filter.trim() !== '' ? { where: filter } : {}),
    }),
  );
  return { version: result.version, numRows: result.rowsUpdated };
}

/** `filter` is not empty (validated-client.ts); "true" deletes every row. */
export async function deleteRows(
  t: DirTableCore,
  filter: string,
  { branch }: BranchOption = {},
): Promise<WriteResult> {
  const table = await t.writable(branch);
  const result = await lance(() => table.delete(filter));
  return { version: result.version, numRows: result.numDeletedRows };
}

export async function mergeInsert(
  t: DirTableCore,
  data: TableData,
  o: MergeInsertOptions,
): Promise<MergeInsertResult> {
  const table = await t.writable(o.branch);
  let builder = table.mergeInsert(o.on);
  if (o.whenMatchedUpdateAll) {
    builder = builder.whenMatchedUpdateAll(
      o.whenMatchedUpdateAllFilter ? { where: o.whenMatchedUpdateAllFilter } : undefined,
    );
  }
  if (o.whenNotMatchedInsertAll) builder = builder.whenNotMatchedInsertAll();
  if (o.whenNotMatchedBySourceDelete) {
    builder = builder.whenNotMatchedBySourceDelete(
      o.whenNotMatchedBySourceDeleteFilter
        ? { where: o.whenNotMatchedBySourceDeleteFilter }
        : undefined,
    );
  }
  const arrow = toArrowTable(data);
  const result = await lance(() => builder.execute(arrow));
  return {
    version: result.version,
    numInsertedRows: result.numInsertedRows,
    numUpdatedRows: result.numUpdatedRows,
    numDeletedRows: result.numDeletedRows,
  };
}
