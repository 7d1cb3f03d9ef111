/**
 * A search as a chain of LanceDB Node query-builder calls, in the order the engine's query
 * builder (src-main/catalog/dir/query/query-builder.ts) applies them, with the same defaults: a search
 * returns 10 rows unless told otherwise, a plain scan all of them.
 */
import type { SnippetQuery } from './actions';
import { tsValue } from './literals';

const DEFAULT_SEARCH_LIMIT = 10;

const orUndefined = (n: number | undefined) => (n === undefined ? 'undefined' : String(n));

/** The chain's calls, one per line, each starting with `.`. */
export function typescriptQueryCalls(q: SnippetQuery): string[] {
  const calls: string[] = ['.query()'];
  const isSearch = q.vector !== undefined || q.fullTextQuery !== undefined;
  if (q.vector) {
    calls.push(`.nearestTo(${tsValue(q.vector)})`);
    if (q.vectorColumn) calls.push(`.column(${tsValue(q.vectorColumn)})`);
    if (q.distanceType) calls.push(`.distanceType(${tsValue(q.distanceType)})`);
    if (q.distanceRange && (q.distanceRange.lower ?? q.distanceRange.upper) !== undefined) {
      calls.push(
        `.distanceRange(${orUndefined(q.distanceRange.lower)}, ${orUndefined(q.distanceRange.upper)})`,
      );
    }
    if (q.nprobes !== undefined) calls.push(`.nprobes(${q.nprobes})`);
    if (q.refineFactor !== undefined) calls.push(`.refineFactor(${q.refineFactor})`);
    if (q.ef !== undefined) calls.push(`.ef(${q.ef})`);
    if (q.bypassVectorIndex) calls.push('.bypassVectorIndex()');
    if (q.prefilter === false) calls.push('.postfilter()');
  }
  if (q.fullTextQuery) {
    const columns = q.fullTextQuery.columns;
    calls.push(
      `.fullTextSearch(${tsValue(q.fullTextQuery.query)}${columns ? `, { columns: ${tsValue(columns)} }` : ''})`,
    );
  }
  if (q.vector && q.fullTextQuery) {
    // Hybrid: both result lists fused by reciprocal rank.
    calls.push('.rerank(await lancedb.rerankers.RRFReranker.create())');
  }
  if (isSearch || q.limit !== undefined) calls.push(`.limit(${q.limit ?? DEFAULT_SEARCH_LIMIT})`);
  if (!isSearch && q.orderBy?.length) {
    const keys = q.orderBy.map((key) => ({
      columnName: key.column,
      ascending: key.ascending,
      nullsFirst: key.nullsFirst ?? false,
    }));
    calls.push(`.orderBy(${tsValue(keys)})`);
  }
  if (q.filter !== undefined && q.filter.trim() !== '') calls.push(`.where(${tsValue(q.filter)})`);
  if (q.columns) calls.push(`.select(${tsValue(q.columns)})`);
  if (q.offset !== undefined) calls.push(`.offset(${q.offset})`);
  if (q.fastSearch) calls.push('.fastSearch()');
  if (q.withRowId) calls.push('.withRowId()');
  return calls;
}
