/**
 * What a table's storage says, in plain words: small fragments compaction would merge, index rows
 * an optimize would bring in, versions kept. Pure, from the figures the Storage tab reads.
 */
import type { IndexInfo, TableStats } from '../../src-shared/catalog-api';

/** LanceDB's compaction aims at fragments of about this many rows. */
export const TARGET_ROWS_PER_FRAGMENT = 1_048_576;
/** Versions kept beyond this are worth a cleanup. */
const MANY_VERSIONS = 100;

const fmt = (n: number) => n.toLocaleString('en-US');

export function storageAdvice(
  stats: TableStats,
  indexes: readonly IndexInfo[],
  versions: number,
): string[] {
  const advice: string[] = [];
  const small = stats.numSmallFragments;
  if (small > 1) {
    const after = Math.max(1, Math.ceil(stats.numRows / TARGET_ROWS_PER_FRAGMENT));
    if (after < stats.numFragments) {
      advice.push(
        `${fmt(small)} small fragments: compaction would merge the table's ${fmt(stats.numFragments)} fragments into about ${fmt(after)}.`,
      );
    }
  }
  for (const index of indexes) {
    if (index.status === 'ready' && index.numUnindexedRows > 0) {
      advice.push(
        `Index ${index.name} misses ${fmt(index.numUnindexedRows)} rows (searched without it); compaction brings it up to date.`,
      );
    }
  }
  if (versions > MANY_VERSIONS) {
    advice.push(
      `${fmt(versions)} versions are kept; old ones hold files only they read. Tag what you need, then clean up.`,
    );
  }
  return advice;
}
