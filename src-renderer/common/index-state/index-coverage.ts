/** How much of a table an index covers, in numbers and words; a build in flight has no share yet. */
import type { IndexInfo } from '../../../src-shared/catalog-api';
import { formatNumber } from '../../../src-shared/format';

type Counts = Pick<IndexInfo, 'numIndexedRows' | 'numUnindexedRows'>;

export function coveragePercent(index: Counts): number {
  const total = index.numIndexedRows + index.numUnindexedRows;
  if (total === 0) return 100;
  // Floor, so that "100%" only ever means every row is indexed.
  return Math.floor((index.numIndexedRows / total) * 100);
}

export interface CoverageView {
  /** Absent while building: the bar is indeterminate rather than a misleading 0%. */
  percent?: number;
  /** For assistive technology (aria-valuetext). */
  valueText: string;
  /** Shown under the bar. */
  words: string;
}

export function coverageView(index: Counts & Pick<IndexInfo, 'status'>): CoverageView {
  if (index.status === 'building') {
    return { valueText: 'building', words: 'Building…' };
  }
  const percent = coveragePercent(index);
  return {
    percent,
    valueText: `${percent}% of rows indexed`,
    words: `${formatNumber(index.numIndexedRows)} indexed · ${formatNumber(index.numUnindexedRows)} unindexed`,
  };
}
