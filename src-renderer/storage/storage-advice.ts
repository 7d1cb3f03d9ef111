/**
 * What a table's storage says, in plain words: small fragments compaction would merge, index rows
 * an optimize would bring in, versions kept. Pure, from the figures the Storage tab reads.
 */
import type { FragmentStats, IndexInfo, TableStats } from '../../src-shared/catalog-api';

/** LanceDB's compaction aims at fragments of about this many rows. */
export const TARGET_ROWS_PER_FRAGMENT = 1_048_576;
/** Versions kept beyond this are worth a cleanup. */
const MANY_VERSIONS = 100;
/** A share of deleted rows still stored worth a compaction. */
const MANY_DELETED = 0.1;

const fmt = (n: number) => n.toLocaleString('en-US');

export function storageAdvice(
  stats: TableStats,
  indexes: readonly IndexInfo[],
  versions: number,
  fragments?: FragmentStats,
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
  if (fragments && fragments.physicalRows > 0) {
    const share = fragments.deletedRows / fragments.physicalRows;
    if (share >= MANY_DELETED) {
      advice.push(
        `${fmt(fragments.deletedRows)} deleted rows (${Math.round(share * 100)}%) are still stored and skipped on every read; compaction rewrites their fragments without them.`,
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
