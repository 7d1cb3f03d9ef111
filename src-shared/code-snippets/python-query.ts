/**
 * A search as LanceDB Python's query-builder chain, with the engine's defaults: a search returns
 * 10 rows unless told otherwise, a plain scan all of them (Python's own default would be 10).
 */
import type { SnippetQuery } from './actions';
import { pyValue } from './literals';

const DEFAULT_SEARCH_LIMIT = 10;

export interface PythonQuery {
  /** Names to import from `lancedb.query` / `lancedb.rerankers`. */
  imports: string[];
  calls: string[];
}

export function pythonQueryCalls(q: SnippetQuery): PythonQuery {
  const imports: string[] = [];
  const calls: string[] = [];
  const fts = q.fullTextQuery;
  const ftsColumns = fts?.columns ? `, fts_columns=${pyValue(fts.columns)}` : '';
  const vectorColumn = q.vectorColumn ? `, vector_column_name=${pyValue(q.vectorColumn)}` : '';
  if (q.vector && fts) {
    calls.push(`.search(query_type="hybrid"${vectorColumn}${ftsColumns})`);
    calls.push(`.vector(${pyValue(q.vector)})`, `.text(${pyValue(fts.query)})`);
  } else if (q.vector) {
    calls.push(`.search(${pyValue(q.vector)}${vectorColumn})`);
  } else if (fts) {
    calls.push(`.search(${pyValue(fts.query)}, query_type="fts"${ftsColumns})`);
  } else {
    calls.push('.search()');
  }
  if (q.vector) {
    if (q.distanceType) calls.push(`.distance_type(${pyValue(q.distanceType)})`);
    const range = q.distanceRange;
    if (range && (range.lower ?? range.upper) !== undefined) {
      calls.push(
        `.distance_range(lower_bound=${pyValue(range.lower ?? null)}, upper_bound=${pyValue(range.upper ?? null)})`,
      );
    }
    if (q.nprobes !== undefined) calls.push(`.nprobes(${q.nprobes})`);
    if (q.refineFactor !== undefined) calls.push(`.refine_factor(${q.refineFactor})`);
    if (q.ef !== undefined) calls.push(`.ef(${q.ef})`);
    if (q.bypassVectorIndex) calls.push('.bypass_vector_index()');
  }
  if (q.vector && fts) {
    imports.push('from lancedb.rerankers import RRFReranker');
    calls.push('.rerank(RRFReranker())');
  }
  if (q.filter !== undefined && q.filter.trim() !== '') {
    calls.push(
      `.where(${pyValue(q.filter)}${q.vector && q.prefilter === false ? ', prefilter=False' : ''})`,
    );
  }
  const isSearch = q.vector !== undefined || fts !== undefined;
  if (!isSearch && q.orderBy?.length) {
    imports.push('from lancedb.query import ColumnOrdering');
    const keys = q.orderBy.map(
      (k) =>
        `ColumnOrdering(column_name=${pyValue(k.column)}, ascending=${pyValue(k.ascending)}, nulls_first=${pyValue(k.nullsFirst ?? false)})`,
    );
    calls.push(`.order_by([${keys.join(', ')}])`);
  }
  if (q.columns) calls.push(`.select(${pyValue(q.columns)})`);
  calls.push(`.limit(${isSearch ? (q.limit ?? DEFAULT_SEARCH_LIMIT) : (q.limit ?? 'None')})`);
  if (q.offset !== undefined) calls.push(`.offset(${q.offset})`);
  if (q.fastSearch) calls.push('.fast_search()');
  if (q.withRowId) calls.push('.with_row_id(True)');
  return { imports, calls };
}
