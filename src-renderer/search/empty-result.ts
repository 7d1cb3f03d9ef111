/**
 * What to try when a filtered vector search finds nothing. With the filter before the search
 * (LanceDB's default) and a vector index, LanceDB looks for neighbours only in the `nprobes`
 * partitions nearest the query (20 unless set): rows that pass the filter but sit in other
 * partitions are never seen, so the answer can be empty while matching rows exist. Probing more
 * partitions, searching exactly, or filtering after the search each finds them; without an index
 * the search was exact, and the filter matches no row.
 */
import type { IndexInfo, QueryRequest } from '../../src-shared/catalog-api';
import type { SearchForm } from './search-form';

/** LanceDB's nprobes when none is given. */
export const DEFAULT_NPROBES = 20;

export interface EmptyAdvice {
  why: string;
  tries: ReadonlyArray<{ label: string; patch: Partial<SearchForm> }>;
}

export function emptyResultAdvice(
  request: QueryRequest,
  indexes: readonly IndexInfo[],
  /** The index's partition count, when an earlier build says it. */
  partitions: number | undefined,
): EmptyAdvice | undefined {
  if (!request.vector || !request.filter || request.fullTextQuery) return undefined;
  if (request.prefilter === false) return undefined;
  const indexed = indexes.some(
    (i) => i.columns[0] === request.vectorColumn && /IVF|HNSW/i.test(i.indexType),
  );
  const probed = Math.min(request.nprobes ?? DEFAULT_NPROBES, partitions ?? Infinity);
  // Searched exactly, or through every partition of the index: the filter is what found nothing.
  if (!indexed || request.bypassVectorIndex || probed === partitions) {
    return { why: `No row matches the filter ${request.filter}.`, tries: [] };
  }
  const more = partitions === undefined ? probed * 4 : Math.min(partitions, probed * 4);
  const tries: Array<{ label: string; patch: Partial<SearchForm> }> = [];
  if (more > probed) {
    tries.push({ label: `Probe ${more} partitions`, patch: { nprobes: String(more) } });
  }
  tries.push(
    { label: 'Search exactly (no index)', patch: { exact: true } },
    { label: 'Filter after the search', patch: { prefilter: false } },
  );
  return {
    why:
      `The filter ran first, then LanceDB searched only the ${probed} partitions of the index ` +
      'nearest the query (nprobes): rows that pass the filter may all sit in partitions it did not probe.',
    tries,
  };
}
