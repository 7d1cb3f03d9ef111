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

export async function compact(
  t: DirTableCore,
  { branch }: BranchOption = {},
): Promise<CompactResult> {
  const table = await t.writable(branch);
  const stats = await lance(() => table.optimize({ cleanupOlderThan: KEEP_EVERY_VERSION }));
  return {
    version: await lance(() => table.version()),
    fragmentsRemoved: stats.compaction.fragmentsRemoved,
    fragmentsAdded: stats.compaction.fragmentsAdded,
  };
}
