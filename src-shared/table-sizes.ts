/**
 * The figures a table's size is told by, each defined once, so the namespace page, Storage and
 * Versions cannot read one table three ways (84 MiB, 86.5 + 33.7 MiB, 52.9 MiB in issue 35):
 *
 * - a version's data: the bytes of the data files that version reads (Lance's manifest summary,
 *   `total_files_size`, which LanceDB lists with every version). The namespace page's size, the
 *   Versions timeline and chart, and Storage's "Latest version's data" are this figure;
 * - indexes: the index files the latest version reads (Storage);
 * - on disk: every file in the table's folder, all versions (Storage, when the folder is listed).
 */
import type { VersionInfo } from './catalog-api';

/** The bytes of the data files `version` reads; undefined where its summary does not say. */
export function versionDataBytes(version: Pick<VersionInfo, 'metadata'>): number | undefined {
  const value = version.metadata.total_files_size;
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** The newest of `versions`' data bytes (the list may come in any order). */
export function latestDataBytes(versions: readonly VersionInfo[]): number | undefined {
  if (versions.length === 0) return undefined;
  const latest = versions.reduce((a, b) => (b.version > a.version ? b : a));
  return versionDataBytes(latest);
}

/**
 * Small fragments compaction would merge: Lance merges runs of two or more, so a lone small
 * fragment (a whole table of 99,982 rows in one) is not one to merge.
 */
export function mergeableSmallFragments(stats: {
  numFragments: number;
  numSmallFragments: number;
}): number {
  return stats.numFragments > 1 && stats.numSmallFragments > 1 ? stats.numSmallFragments : 0;
}
