/**
 * Builds a LanceDB query from the contract's QueryRequest: plain scans, vector search and
 * full-text search, with filter, projection, limit and offset. Column paths are resolved against
 * the schema first, so a bad name is TableColumnNotFound rather than an engine error.
 */
import {
  MatchQuery,
  MultiMatchQuery,
  Operator,
  PhraseQuery,
  type FullTextQuery as LanceFullTextQuery,
  type Table as LanceTable,
  type VectorQuery,
} from '@lancedb/lancedb';
import type { Schema, Table as ArrowTable } from 'apache-arrow';
import type { FullTextQuery, QueryRequest } from '../../../../src-shared/catalog-api';
import { errors } from '../../../../src-shared/vocabulary/errors';
import { resolveFieldPath } from '../../schema-fields';
import { vectorDimension } from '../../../../src-shared/vocabulary/index-types/column-kinds';
import { toJsonArrowField } from '../../json-arrow-schema';
import { lance } from '../lance-errors';
import { arrow } from '../../arrow';

/** LanceDB returns 10 rows from a vector search unless told otherwise; so does the contract's k. */
export const DEFAULT_SEARCH_LIMIT = 10;

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
  if (request.distanceRange && !request.vector) {
    throw errors.InvalidInput('distanceRange applies to a vector search; the query has no vector');
  }
  const columns = request.columns?.map((path) => resolveFieldPath(schema, path).canonicalPath);

  let query;
  if (request.vector && request.fullTextQuery) {
    throw errors.Internal('A hybrid search runs as its two parts (hybrid-search.ts)');
  } else if (request.vector) {
    query = vectorSearchOf(table.vectorSearch(request.vector), schema, request);
  } else if (request.fullTextQuery) {
    query = table
      .query()
      .fullTextSearch(fullTextQueryOf(schema, request.fullTextQuery))
      .limit(request.limit ?? DEFAULT_SEARCH_LIMIT);
  } else {
    query = table.query();
    if (request.limit !== undefined) query = query.limit(request.limit);
    if (request.orderBy?.length) {
      const resolved = request.orderBy.map((key) => ({
        ...orderableColumn(schema, key.column),
        ascending: key.ascending,
        nullsFirst: key.nullsFirst ?? false,
      }));
      // LanceDB fails to plan an order by a column the query does not return (it reads the key
      // late), a struct's field included: said plainly here rather than as its planner's words.
      const missing = columns ? resolved.find((k) => !columns.includes(k.topLevel)) : undefined;
      if (missing) {
        throw errors.InvalidInput(
          `Rows can be ordered only by a column the query returns; add ${missing.topLevel} to columns`,
        );
      }
      query = query.orderBy(
        resolved.map(({ columnName, ascending, nullsFirst }) => ({
          columnName,
          ascending,
          nullsFirst,
        })),
      );
    }
  }
  if (request.filter !== undefined && request.filter.trim() !== '')
    query = query.where(request.filter);
  if (columns) query = query.select(withSearchScore(columns, request));
  if (request.offset !== undefined) query = query.offset(request.offset);
  if (request.fastSearch) query = query.fastSearch();
  if (request.withRowId) query = query.withRowId();
  return query as BuiltQuery;
}

/**
 * A search's projection with its score column named. LanceDB adds `_distance` (vector) or
 * `_score` (full text) to a projection that leaves it out, and warns on stderr that it will stop
 * doing so, once per search: hundreds of lines in a short benchmark. Asking for the column it
 * adds anyway keeps the answer exactly as it was (same columns, same order, the score last) and
 * the log quiet, and does not change when LanceDB adopts the new behaviour.
 */
function withSearchScore(columns: string[], request: QueryRequest): string[] {
  const score = request.vector ? '_distance' : request.fullTextQuery ? '_score' : undefined;
  return score === undefined || columns.includes(score) ? columns : [...columns, score];
}

/** The vector part of a search: its column (checked against the vector) and its settings. */
function vectorSearchOf(search: VectorQuery, schema: Schema, request: QueryRequest): VectorQuery {
  const vector = request.vector!;
  const vectorColumn = request.vectorColumn
    ? resolveFieldPath(schema, request.vectorColumn)
    : undefined;
  if (vectorColumn) {
    const dimension = vectorDimension(toJsonArrowField(vectorColumn.field));
    if (dimension === undefined) {
      throw errors.InvalidInput(`Column ${vectorColumn.canonicalPath} is not a vector column`);
    }
    if (dimension !== vector.length) {
      throw errors.InvalidInput(
        `The query vector has ${vector.length} values; column ${vectorColumn.canonicalPath} holds vectors of ${dimension}`,
      );
    }
    search = search.column(vectorColumn.canonicalPath);
  }
  if (vector.some((value) => !Number.isFinite(value))) {
    throw errors.InvalidInput('The query vector holds a value that is not a finite number');
  }
  // The typings omit hamming, which LanceDB accepts for binary vectors.
  if (request.distanceType) search = search.distanceType(request.distanceType as 'l2');
  if (request.nprobes !== undefined) search = search.nprobes(request.nprobes);
  if (request.refineFactor !== undefined) search = search.refineFactor(request.refineFactor);
  if (request.ef !== undefined) search = search.ef(request.ef);
  if (request.bypassVectorIndex) search = search.bypassVectorIndex();
  if (request.prefilter === false) search = search.postfilter();
  if (request.distanceRange) {
    const { lower, upper } = request.distanceRange;
    if (lower !== undefined && upper !== undefined && lower >= upper) {
      throw errors.InvalidInput(
        `distanceRange is empty: lower ${lower} is not below upper ${upper}`,
      );
    }
    search = search.distanceRange(lower, upper);
  }
  return search.limit(request.limit ?? DEFAULT_SEARCH_LIMIT);
}

/** The contract's full-text query as LanceDB's: a plain string, a match, a phrase or a multi-match. */
function fullTextQueryOf(schema: Schema, fts: FullTextQuery): string | LanceFullTextQuery {
  const columns = fts.columns?.map((path) => resolveFieldPath(schema, path).canonicalPath) ?? [];
  const operator = fts.operator === 'and' ? Operator.And : Operator.Or;
  if (fts.kind === 'phrase') {
    if (columns.length !== 1) {
      throw errors.InvalidInput('A phrase search names exactly one column');
    }
    return new PhraseQuery(fts.query, columns[0]!, { slop: fts.slop ?? 0 });
  }
  if (fts.slop !== undefined) throw errors.InvalidInput('slop applies to a phrase search');
  if (columns.length === 1) {
    return new MatchQuery(fts.query, columns[0]!, {
      operator,
      ...(fts.fuzziness === undefined ? {} : { fuzziness: fts.fuzziness }),
    });
  }
  if (fts.fuzziness !== undefined) {
    throw errors.InvalidInput('fuzziness applies to a search of one column');
  }
  if (columns.length > 1) return new MultiMatchQuery(fts.query, columns, { operator });
  if (fts.operator === 'and') {
    throw errors.InvalidInput('A search for all the words names its columns');
  }
  return fts.query;
}

/** A column rows can be ordered by: a top-level scalar (LanceDB sorts by those). */
/** A scalar field to order by (a struct's field too, as `meta.author`), and its top-level column. */
function orderableColumn(schema: Schema, path: string): { columnName: string; topLevel: string } {
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
  return { columnName: resolved.canonicalPath, topLevel: resolved.segments[0]! };
}
