/** How much of a table an index covers, as a whole percent; building indexes have none yet. */
import type { IndexInfo } from '../../src-main/catalog/contract';

export function coveragePercent(
  index: Pick<IndexInfo, 'numIndexedRows' | 'numUnindexedRows'>,
): number {
  const total = index.numIndexedRows + index.numUnindexedRows;
  if (total === 0) return 100;
  // Floor, so that "100%" only ever means every row is indexed.
  return Math.floor((index.numIndexedRows / total) * 100);
}
