/**
 * Compaction of a `dir` table: LanceDB's optimize, which merges small fragments and brings the
 * indexes up to date, told to remove no version. Its default would prune every version older than
 * a week, which is history a person did not ask to lose; pruning stays a separate, named act.
 */
import type { BranchOption } from '../../../src-shared/catalog-api';
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
