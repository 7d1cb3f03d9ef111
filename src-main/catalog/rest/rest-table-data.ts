/**
 * A remote table's rows: count, insert, query (and its plan), update, delete and merge-insert.
 * Data crosses as Arrow IPC; writes are refused on a handle pinned at a version.
 */
import { REST } from '../../../src-shared/rest-contract';
import type { Table as ArrowTable } from 'apache-arrow';
import type { ArrowIpcStream, MergeInsertResult, WriteResult } from '../client';
import type {
  BranchOption,
  CountOptions,
  FullTextQuery,
  InsertOptions,
  MergeInsertOptions,
  QueryRequest,
  UpdateRequest,
} from '../../../src-shared/catalog-api';
import {
  ARROW_FILE_TYPE,
  ARROW_STREAM_TYPE,
  decodeIpc,
  encodeIpcStream,
  toArrowTable,
  type TableData,
} from '../arrow-data';
import type { RestTableCore } from './rest-table-core';
import { errors } from '../../../src-shared/vocabulary/errors';

/** The namespace contract's QueryTableRequest for a QueryRequest. */
export function toWireQuery(request: QueryRequest): Record<string, unknown> {
  return {
    ...(request.vector ? { vector: { single_vector: request.vector } } : {}),
    ...(request.limit === undefined ? {} : { k: request.limit }),
    ...(request.offset === undefined ? {} : { offset: request.offset }),
    ...(request.filter === undefined ? {} : { filter: request.filter }),
    ...(request.columns ? { columns: { column_names: request.columns } } : {}),
    ...(request.vectorColumn ? { vector_column: request.vectorColumn } : {}),
    ...(request.distanceType ? { distance_type: request.distanceType } : {}),
    ...(request.nprobes === undefined ? {} : { nprobes: request.nprobes }),
    ...(request.refineFactor === undefined ? {} : { refine_factor: request.refineFactor }),
    ...(request.ef === undefined ? {} : { ef: request.ef }),
    ...(request.prefilter === undefined ? {} : { prefilter: request.prefilter }),
    ...(request.bypassVectorIndex ? { bypass_vector_index: true } : {}),
    ...(request.fastSearch ? { fast_search: true } : {}),
    ...(request.withRowId ? { with_row_id: true } : {}),
    // Ours, beside the contract (which has no ordering): our server reads it.
    ...(request.orderBy?.length
      ? {
          order_by: request.orderBy.map((key) => ({
            column_name: key.column,
            ascending: key.ascending,
            ...(key.nullsFirst === undefined ? {} : { nulls_first: key.nullsFirst }),
          })),
        }
      : {}),
    ...(request.distanceRange?.lower === undefined
      ? {}
      : { lower_bound: request.distanceRange.lower }),
    ...(request.distanceRange?.upper === undefined
      ? {}
      : { upper_bound: request.distanceRange.upper }),
    ...(request.fullTextQuery ? { full_text_query: toWireFullText(request.fullTextQuery) } : {}),
    ...(request.version === undefined ? {} : { version: request.version }),
    ...(request.branch === undefined ? {} : { branch: request.branch }),
  };
}

/**
 * A plain search as the contract's `string_query`; a phrase, an operator or fuzziness need its
 * `structured_query` (a match per column, or a multi-match over several).
 */
function toWireFullText(fts: FullTextQuery): Record<string, unknown> {
  const plain = !fts.kind && !fts.operator && fts.fuzziness === undefined;
  if (plain) {
    return { string_query: { query: fts.query, ...(fts.columns ? { columns: fts.columns } : {}) } };
  }
  const columns = fts.columns ?? [];
  // What the folder engine refuses is refused here too, rather than sent changed.
  if (fts.kind === 'phrase' && columns.length !== 1)
    throw errors.InvalidInput('A phrase search names exactly one column');
  if (fts.kind !== 'phrase' && fts.slop !== undefined)
    throw errors.InvalidInput('slop applies to a phrase search');
  if (fts.fuzziness !== undefined && columns.length !== 1)
    throw errors.InvalidInput('fuzziness applies to a search of one column');
  if (fts.kind === 'phrase') {
    return {
      structured_query: {
        query: { phrase: { terms: fts.query, column: columns[0], slop: fts.slop ?? 0 } },
      },
    };
  }
  const match = (column: string | undefined) => ({
    terms: fts.query,
    ...(column === undefined ? {} : { column }),
    operator: fts.operator === 'and' ? 'And' : 'Or',
    ...(fts.fuzziness === undefined ? {} : { fuzziness: fts.fuzziness }),
  });
  return {
    structured_query: {
      query:
        columns.length > 1
          ? { multi_match: { match_queries: columns.map(match) } }
          : { match: match(columns[0]) },
    },
  };
}

export async function countRows(
  t: RestTableCore,
  { filter, branch, version }: CountOptions = {},
): Promise<number> {
  const b = t.branchOf(branch);
  const v = version ?? t.pinnedVersion;
  return t.post<number>(REST.countTableRows, {
    ...(filter && filter.trim() !== '' ? { predicate: filter } : {}),
    ...(b ? { branch: b } : {}),
    ...(v ? { version: v } : {}),
  });
}

export async function insert(
  t: RestTableCore,
  data: TableData,
  { mode, branch }: InsertOptions = {},
): Promise<WriteResult> {
  t.writable();
  const table = toArrowTable(data);
  const b = t.branchOf(branch);
  const reply = await t.session.json<{ num_inserted_rows?: number; version: number }>({
    ...t.at(REST.insertIntoTable),
    query: { ...(mode ? { mode } : {}), ...(b ? { branch: b } : {}) },
    bytes: encodeIpcStream(table),
  });
  return { version: reply.version, numRows: reply.num_inserted_rows ?? table.numRows };
}

export async function query(t: RestTableCore, request: QueryRequest = {}): Promise<ArrowTable> {
  const response = await openQuery(t, request);
  return decodeIpc(new Uint8Array(await response.body.arrayBuffer()));
}

export async function queryStream(
  t: RestTableCore,
  request: QueryRequest = {},
): Promise<ArrowIpcStream> {
  const response = await openQuery(t, request);
  if ((response.context['header.content-type'] ?? '').includes(ARROW_STREAM_TYPE)) {
    return response.body;
  }
  // A server that answers with the specification's IPC file: a file is indexed at its end, so it
  // is read whole and handed on as a stream.
  const table = decodeIpc(new Uint8Array(await response.body.arrayBuffer()));
  return (async function* () {
    yield encodeIpcStream(table);
  })();
}

/** Asks for an IPC stream, which our server sends as it reads; others may answer a file. */
function openQuery(t: RestTableCore, request: QueryRequest) {
  const b = t.branchOf(request.branch);
  const v = request.version ?? t.pinnedVersion;
  return t.session.open({
    ...t.at(REST.queryTable),
    json: toWireQuery({ ...request, ...(b ? { branch: b } : {}), ...(v ? { version: v } : {}) }),
    accept: `${ARROW_STREAM_TYPE}, ${ARROW_FILE_TYPE};q=0.9`,
  });
}

export async function explainPlan(
  t: RestTableCore,
  request: QueryRequest = {},
  options: { verbose?: boolean; analyze?: boolean } = {},
): Promise<string> {
  return options.analyze
    ? t.post<string>(REST.analyzeTableQueryPlan, toWireQuery(request))
    : t.post<string>(REST.explainTableQueryPlan, {
        query: toWireQuery(request),
        verbose: options.verbose ?? false,
      });
}

export async function update(
  t: RestTableCore,
  { updates, filter, branch }: UpdateRequest,
): Promise<WriteResult> {
  t.writable();
  const b = t.branchOf(branch);
  const reply = await t.post<{
    updated_rows?: number;
    rows_updated?: number;
    version: number;
  }>(REST.updateTable, {
    updates: Object.entries(updates),
    ...(filter ? { predicate: filter } : {}),
    ...(b ? { branch: b } : {}),
  });
  return { version: reply.version, numRows: reply.updated_rows ?? reply.rows_updated ?? 0 };
}

/** `filter` is not empty (validated-client.ts); "true" deletes every row. */
export async function deleteRows(
  t: RestTableCore,
  filter: string,
  { branch }: BranchOption = {},
): Promise<WriteResult> {
  t.writable();
  const b = t.branchOf(branch);
  const reply = await t.post<{ num_deleted_rows?: number; version: number }>(REST.deleteFromTable, {
    predicate: filter,
    ...(b ? { branch: b } : {}),
  });
  return { version: reply.version, numRows: reply.num_deleted_rows ?? 0 };
}

export async function mergeInsert(
  t: RestTableCore,
  data: TableData,
  o: MergeInsertOptions,
): Promise<MergeInsertResult> {
  t.writable();
  const b = t.branchOf(o.branch);
  const reply = await t.session.json<{
    version: number;
    num_inserted_rows?: number;
    num_updated_rows?: number;
    num_deleted_rows?: number;
  }>({
    ...t.at(REST.mergeInsertIntoTable),
    query: {
      on: o.on,
      when_matched_update_all: o.whenMatchedUpdateAll ?? false,
      when_matched_update_all_filt: o.whenMatchedUpdateAllFilter,
      when_not_matched_insert_all: o.whenNotMatchedInsertAll ?? false,
      when_not_matched_by_source_delete: o.whenNotMatchedBySourceDelete ?? false,
      when_not_matched_by_source_delete_filt: o.whenNotMatchedBySourceDeleteFilter,
      branch: b,
    },
    bytes: encodeIpcStream(toArrowTable(data)),
  });
  return {
    version: reply.version,
    numInsertedRows: reply.num_inserted_rows ?? 0,
    numUpdatedRows: reply.num_updated_rows ?? 0,
    numDeletedRows: reply.num_deleted_rows ?? 0,
  };
}
