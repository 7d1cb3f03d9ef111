/**
 * Builds a LanceDB query from the contract's QueryRequest: plain scans, vector search and
 * full-text search, with filter, projection, limit and offset. Column paths are resolved against
 * the schema first, so a bad name is TableColumnNotFound rather than an engine error.
 */
import type { Table as LanceTable } from '@lancedb/lancedb';
import type { Schema, Table as ArrowTable } from 'apache-arrow';
import type { QueryRequest } from '../../../src-shared/catalog-api';
import { errors } from '../../../src-shared/vocabulary/errors';
import { resolveFieldPath } from '../schema-fields';
import { vectorDimension } from '../../../src-shared/vocabulary/index-types/column-kinds';
import { toJsonArrowField } from '../json-arrow-schema';
import { lance } from './lance-errors';
import { arrow } from '../arrow';

/** LanceDB returns 10 rows from a vector search unless told otherwise; so does the contract's k. */
const DEFAULT_SEARCH_LIMIT = 10;

export type BuiltQuery = ReturnType<LanceTable['query']> | ReturnType<LanceTable['vectorSearch']>;

export async function runQuery(
  table: LanceTable,
  schema: Schema,
  request: QueryRequest,
): Promise<ArrowTable> {
  const query = buildQuery(table, schema, request);
  const result = await lance(() => query.toArrow());
  // LanceDB answers an empty result with a schema-less table; callers (a grid, an IPC reply)
  // still need the columns, so an empty answer gets the projected schema.
  if (result.numRows > 0 || result.schema.fields.length > 0) return result;
  return new arrow.Table(projectedSchema(schema, request));
}

/** The columns a query asks for (all of them when it names none), for an empty answer. */
export function projectedSchema(schema: Schema, request: QueryRequest): Schema {
  if (!request.columns) return schema;
  return new arrow.Schema(
    request.columns.map((path) => {
      const resolved = resolveFieldPath(schema, path);
      return resolved.field.clone({ name: resolved.canonicalPath });
    }),
  );
}

export async function explainQuery(
  table: LanceTable,
  schema: Schema,
  request: QueryRequest,
  mode: { verbose: boolean } | 'analyze',
): Promise<string> {
  const query = buildQuery(table, schema, request);
  return lance(() => (mode === 'analyze' ? query.analyzePlan() : query.explainPlan(mode.verbose)));
}

export function buildQuery(table: LanceTable, schema: Schema, request: QueryRequest): BuiltQuery {
  if (request.orderBy?.length && (request.vector || request.fullTextQuery)) {
    throw errors.InvalidInput('A search is ordered by its score; orderBy applies to plain scans');
  }
  if (request.vector && request.fullTextQuery) {
    throw errors.InvalidInput(
      'A query takes a vector or a full-text query, not both (hybrid search is not supported)',
    );
  }
  const columns = request.columns?.map((path) => resolveFieldPath(schema, path).canonicalPath);

  let query;
  if (request.vector) {
    const vectorColumn = request.vectorColumn
      ? resolveFieldPath(schema, request.vectorColumn)
      : undefined;
    if (vectorColumn) {
      const dimension = vectorDimension(toJsonArrowField(vectorColumn.field));
      if (dimension === undefined) {
        throw errors.InvalidInput(`Column ${vectorColumn.canonicalPath} is not a vector column`);
      }
      if (dimension !== request.vector.length) {
        throw errors.InvalidInput(
          `The query vector has ${request.vector.length} values; column ${vectorColumn.canonicalPath} holds vectors of ${dimension}`,
        );
      }
    }
    let search = table.vectorSearch(request.vector);
    if (vectorColumn) search = search.column(vectorColumn.canonicalPath);
    // The typings omit hamming, which LanceDB accepts for binary vectors.
    if (request.distanceType) search = search.distanceType(request.distanceType as 'l2');
    if (request.nprobes !== undefined) search = search.nprobes(request.nprobes);
    if (request.refineFactor !== undefined) search = search.refineFactor(request.refineFactor);
    if (request.ef !== undefined) search = search.ef(request.ef);
    if (request.bypassVectorIndex) search = search.bypassVectorIndex();
    if (request.prefilter === false) search = search.postfilter();
    search = search.limit(request.limit ?? DEFAULT_SEARCH_LIMIT);
    query = search;
  } else if (request.fullTextQuery) {
    const ftsColumns = request.fullTextQuery.columns?.map(
      (path) => resolveFieldPath(schema, path).canonicalPath,
    );
    query = table
      .search(request.fullTextQuery.query, 'fts', ftsColumns)
      .limit(request.limit ?? DEFAULT_SEARCH_LIMIT);
  } else {
    query = table.query();
    if (request.limit !== undefined) query = query.limit(request.limit);
    if (request.orderBy?.length) {
      const keys = request.orderBy.map((key) => ({
        columnName: orderableColumn(schema, key.column),
        ascending: key.ascending,
        nullsFirst: key.nullsFirst ?? false,
      }));
      // LanceDB fails to plan an order by a column the query does not return (it reads the key
      // late): said plainly here rather than as its planner's words.
      const missing = columns ? keys.find((k) => !columns.includes(k.columnName)) : undefined;
      if (missing) {
        throw errors.InvalidInput(
          `Rows can be ordered only by a column the query returns; add ${missing.columnName} to columns`,
        );
      }
      query = query.orderBy(keys);
    }
  }
  if (request.filter !== undefined && request.filter.trim() !== '')
    query = query.where(request.filter);
  if (columns) query = query.select(columns);
  if (request.offset !== undefined) query = query.offset(request.offset);
  if (request.fastSearch) query = query.fastSearch();
  if (request.withRowId) query = query.withRowId();
  return query as BuiltQuery;
}

/** A column rows can be ordered by: a top-level scalar (LanceDB sorts by those). */
function orderableColumn(schema: Schema, path: string): string {
  const resolved = resolveFieldPath(schema, path);
  const type = resolved.field.type as { typeId: number };
  if (
    arrow.DataType.isList(type as never) ||
    arrow.DataType.isFixedSizeList(type as never) ||
    arrow.DataType.isStruct(type as never) ||
    arrow.DataType.isMap(type as never)
  ) {
    throw errors.InvalidInput(
      `Rows cannot be ordered by ${resolved.canonicalPath}: it holds lists or structs, not single values`,
    );
  }
  return resolved.canonicalPath;
}
