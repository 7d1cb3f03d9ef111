/**
 * Compaction and cleanup of a `dir` table. Compaction is LanceDB's optimize, which merges small
 * fragments and brings the indexes up to date, told to remove no version. Its default would prune every version older than
 * a week, which is history a person did not ask to lose; pruning stays a separate, named act.
 */
import type { BranchOption, CleanupRequest, CleanupResult } from '../../../src-shared/catalog-api';
import type { CompactResult } from '../client';
import { lance } from './lance-errors';
import type { DirTableCore } from './dir-table-core';

/** No version is older than this, so optimize removes none. */
const KEEP_EVERY_VERSION = new Date(0);
const MAX_PASSES = 3;

export async function compact(
  t: DirTableCore,
  { branch }: BranchOption = {},
): Promise<CompactResult> {
  const table = await t.writable(branch);
  // One pass leaves fragments an index covers apart from the ones it does not (LanceDB merges
  // them on the next pass), so it runs until a pass merges nothing, at most a few times.
  let removed = 0;
  let added = 0;
  let lastAdded = 0;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const stats = await lance(() => table.optimize({ cleanupOlderThan: KEEP_EVERY_VERSION }));
    if (stats.compaction.fragmentsRemoved === 0) break;
    removed += stats.compaction.fragmentsRemoved;
    added += stats.compaction.fragmentsAdded;
    lastAdded = stats.compaction.fragmentsAdded;
  }
  // A fragment one pass wrote and the next merged again was neither there before nor after.
  const intermediate = added - lastAdded;
  return {
    version: await lance(() => table.version()),
    fragmentsRemoved: removed - intermediate,
    fragmentsAdded: added - intermediate,
  };
}

/**
 * Lance removes the versions written before the cutoff and the files only they hold. A tagged
 * version must not go (Lance refuses a cleanup that would take one), nor one a reader has checked
 * out: each moves the cutoff back to its own time, which keeps it and every later version.
 */
export async function cleanupVersions(
  t: DirTableCore,
  request: CleanupRequest,
  { branch }: BranchOption = {},
): Promise<CleanupResult> {
  const table = await t.writable(branch);
  const versions = await t.listVersions(branch);
  const at = new Map(versions.map((v) => [v.version, v.timestampMillis]));
  const on = branch ?? t.branch;
  const kept: Array<{ version: number; why: string }> = [
    ...(on
      ? []
      : (await t.listTags()).map((tag) => ({
          version: tag.version,
          why: `tag ${tag.name} is on version ${tag.version}`,
        }))),
    // A branch reads the files of the version it was made from.
    ...(await t.listBranches())
      .filter(
        (b) =>
          (b.parentBranch === 'main' ? undefined : b.parentBranch) === on &&
          b.parentVersion !== undefined,
      )
      .map((b) => ({
        version: b.parentVersion!,
        why: `branch ${b.name} was made from version ${b.parentVersion}`,
      })),
    ...(request.keepVersions ?? []).map((version) => ({
      version,
      why: `version ${version} is checked out`,
    })),
  ];
  let cutoff = request.olderThanMillis;
  let keptBecause: string | undefined;
  for (const { version, why } of kept) {
    const time = at.get(version);
    if (time !== undefined && time < cutoff) {
      cutoff = time;
      keptBecause = why;
    }
  }
  const stats = await lance(() => table.optimize({ cleanupOlderThan: new Date(cutoff) }));
  return {
    versionsRemoved: stats.prune.oldVersionsRemoved,
    bytesRemoved: stats.prune.bytesRemoved,
    cutoffMillis: cutoff,
    ...(keptBecause ? { keptBecause } : {}),
    version: await lance(() => table.version()),
  };
}
