/**
 * A search as the namespace contract's QueryTableRequest (reference §1.4), the JSON body of
 * `POST /v1/table/{id}/query`, with the engine's default k of 10 for a search.
 */
import type { SnippetQuery } from './actions';

const DEFAULT_SEARCH_LIMIT = 10;

export function queryTableRequest(q: SnippetQuery): Record<string, unknown> {
  const isSearch = q.vector !== undefined || q.fullTextQuery !== undefined;
  const body: Record<string, unknown> = {};
  if (q.vector) body.vector = { single_vector: q.vector };
  if (q.vectorColumn) body.vector_column = q.vectorColumn;
  if (q.fullTextQuery) {
    body.full_text_query = {
      string_query: {
        query: q.fullTextQuery.query,
        ...(q.fullTextQuery.columns ? { columns: q.fullTextQuery.columns } : {}),
      },
    };
  }
  const k = isSearch ? (q.limit ?? DEFAULT_SEARCH_LIMIT) : q.limit;
  if (k !== undefined) body.k = k;
  if (q.offset !== undefined) body.offset = q.offset;
  if (q.filter !== undefined && q.filter.trim() !== '') body.filter = q.filter;
  if (q.columns) body.columns = { column_names: q.columns };
  if (q.distanceType) body.distance_type = q.distanceType;
  if (q.distanceRange?.lower !== undefined) body.lower_bound = q.distanceRange.lower;
  if (q.distanceRange?.upper !== undefined) body.upper_bound = q.distanceRange.upper;
  if (q.nprobes !== undefined) body.nprobes = q.nprobes;
  if (q.refineFactor !== undefined) body.refine_factor = q.refineFactor;
  if (q.ef !== undefined) body.ef = q.ef;
  if (q.prefilter !== undefined) body.prefilter = q.prefilter;
  if (q.bypassVectorIndex) body.bypass_vector_index = true;
  if (q.fastSearch) body.fast_search = true;
  if (q.withRowId) body.with_row_id = true;
  if (q.version !== undefined) body.version = q.version;
  if (q.branch !== undefined) body.branch = q.branch;
  if (!isSearch && q.orderBy?.length) {
    // Ours, beside the contract: a plain scan's row order.
    body.order_by = q.orderBy.map((key) => ({
      column_name: key.column,
      ascending: key.ascending,
      ...(key.nullsFirst === undefined ? {} : { nulls_first: key.nullsFirst }),
    }));
  }
  return body;
}
