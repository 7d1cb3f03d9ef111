/**
 * What a table's storage says, in plain words: small fragments compaction would merge, index rows
 * an optimize would bring in, bytes only old versions hold. Pure, from the figures the Storage tab reads.
 */
import type { FragmentStats, IndexInfo, TableStats } from '../../src-shared/catalog-api';
import { formatBytes, formatNumber, formatShare } from '../../src-shared/format';
import { mergeableSmallFragments } from '../../src-shared/table-sizes';

/** LanceDB's compaction aims at fragments of about this many rows. */
export const TARGET_ROWS_PER_FRAGMENT = 1_048_576;
/** Versions kept beyond this are worth a cleanup. */
const MANY_VERSIONS = 100;
/** A share of deleted rows still stored worth a compaction. */
const MANY_DELETED = 0.1;
/** Bytes only old versions hold are worth a cleanup from this share of the latest's, and size. */
const MANY_OLD_BYTES_SHARE = 0.25;
const MANY_OLD_BYTES = 1 << 20;

export function storageAdvice(
  stats: TableStats,
  indexes: readonly IndexInfo[],
  versions: number,
  fragments?: FragmentStats,
): string[] {
  const advice: string[] = [];
  const small = mergeableSmallFragments(stats);
  if (small > 0) {
    const after = Math.max(1, Math.ceil(stats.numRows / TARGET_ROWS_PER_FRAGMENT));
    if (after < stats.numFragments) {
      advice.push(
        `${formatNumber(small)} small fragments: compaction would merge the table's ${formatNumber(stats.numFragments)} fragments into about ${formatNumber(after)}.`,
      );
    }
  }
  for (const index of indexes) {
    if (index.status === 'ready' && index.numUnindexedRows > 0) {
      advice.push(
        `Index ${index.name} misses ${formatNumber(index.numUnindexedRows)} rows (searched without it); compaction brings it up to date.`,
      );
    }
  }
  if (fragments && fragments.physicalRows > 0) {
    const share = fragments.deletedRows / fragments.physicalRows;
    if (share >= MANY_DELETED) {
      advice.push(
        `${formatNumber(fragments.deletedRows)} deleted rows (${formatShare(fragments.deletedRows, fragments.physicalRows)}) are still stored and skipped on every read; compaction rewrites their fragments without them.`,
      );
    }
  }
  const held = fragments?.versionBytes;
  if (held && held.onlyOld >= Math.max(MANY_OLD_BYTES, held.latest * MANY_OLD_BYTES_SHARE)) {
    const tagged = held.onlyTagged > 0 ? ` (tags keep ${formatBytes(held.onlyTagged)} more)` : '';
    advice.push(
      `Old versions hold ${formatBytes(held.onlyOld)} the latest version does not read${tagged}; cleaning them up would free it.`,
    );
  } else if (!held && versions > MANY_VERSIONS) {
    advice.push(
      `${formatNumber(versions)} versions are kept; old ones hold files only they read. Tag what you need, then clean up.`,
    );
  }
  return advice;
}
