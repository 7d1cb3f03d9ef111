/**
 * Compaction and cleanup of a `dir` table. Compaction is LanceDB's optimize, which merges small
 * fragments and brings the indexes up to date, told to remove no version. Its default would prune every version older than
 * a week, which is history a person did not ask to lose; pruning stays a separate, named act.
 */
import type { CleanupRequest, CleanupResult } from '../../../../src-shared/catalog-api';
import type { CompactResult, MaintenanceOptions, MaintenanceProgress } from '../../client';
import { lance } from '../lance-errors';
import { formatCount } from '../../../../src-shared/format';
import type { DirTableCore } from './dir-table-core';
import * as versionFiles from './dir-versions';
import { manifestFragments } from '../lance-format/manifest-fragments';
import { manifestFiles } from '../lance-format/manifest-files';
import { NewFiles, planCompaction } from './compaction-progress';

/** No version is older than this, so optimize removes none. */
const KEEP_EVERY_VERSION = new Date(0);
const MAX_PASSES = 3;
const PROGRESS_EVERY_MS = 500;

export async function compact(
  t: DirTableCore,
  { branch, signal, onProgress }: MaintenanceOptions = {},
): Promise<CompactResult> {
  signal?.throwIfAborted();
  const table = await t.writable(branch);
  // Progress is a figure beside the act: if the folder cannot be read for it, the act goes on.
  const progress = onProgress
    ? await watchCompaction(t, branch ?? t.branch, onProgress).catch(() => undefined)
    : undefined;
  // One pass leaves fragments an index covers apart from the ones it does not (LanceDB merges
  // them on the next pass), so it runs until a pass merges nothing, at most a few times.
  let removed = 0;
  let added = 0;
  let lastAdded = 0;
  let stoppedEarly = false;
  try {
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      // Between passes is the one place a compaction can stop with nothing half done.
      if (pass > 0 && signal?.aborted) {
        stoppedEarly = true;
        break;
      }
      progress?.phase(pass === 0 ? progress.firstPhase : `pass ${pass + 1}: merging what is left`);
      const stats = await lance(() => table.optimize({ cleanupOlderThan: KEEP_EVERY_VERSION }));
      if (stats.compaction.fragmentsRemoved === 0) break;
      removed += stats.compaction.fragmentsRemoved;
      added += stats.compaction.fragmentsAdded;
      lastAdded = stats.compaction.fragmentsAdded;
    }
  } finally {
    await progress?.stop();
  }
  // A fragment one pass wrote and the next merged again was neither there before nor after.
  const intermediate = added - lastAdded;
  return {
    version: await lance(() => table.version()),
    fragmentsRemoved: removed - intermediate,
    fragmentsAdded: added - intermediate,
    ...(stoppedEarly ? { stoppedEarly } : {}),
  };
}

/** Reports the bytes the compaction has written every half second, and once more at its end. */
async function watchCompaction(
  t: DirTableCore,
  branch: string | undefined,
  onProgress: (progress: MaintenanceProgress) => void,
) {
  const files = await t.branchFiles(branch);
  const written = await NewFiles.start(files.store, files.folder);
  const present = await versionFiles.manifests(files);
  const latest = present.get(versionFiles.highest(present.keys()) ?? -1);
  const manifest = latest ? await files.store.get(latest.key) : undefined;
  const fragments = manifest ? manifestFragments(manifest, latest!.key) : [];
  const indexFolders = manifest ? manifestFiles(manifest, latest!.key).indexFolders : [];
  const plan = planCompaction(fragments, written.sizes, indexFolders);
  let phase = 'starting';
  // Never throws: a listing that fails, or a listener that does, must not fail the compaction.
  const report = async () => {
    const bytesWritten = await written.bytes().catch(() => undefined);
    try {
      onProgress({
        phase,
        ...(bytesWritten !== undefined ? { bytesWritten } : {}),
        bytesExpected: plan.bytes,
      });
    } catch {
      // the listener's failure is not the compaction's
    }
  };
  let stopped = false;
  const polling = (async () => {
    while (!stopped) {
      await new Promise((resolve) => setTimeout(resolve, PROGRESS_EVERY_MS));
      if (!stopped) await report();
    }
  })();
  return {
    firstPhase: `merging ${formatCount(plan.fragments, 'fragment')}`,
    phase: (next: string) => {
      phase = next;
      void report();
    },
    stop: async () => {
      stopped = true;
      await polling;
      phase = 'committed';
      await report();
    },
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
  { branch, signal, onProgress }: MaintenanceOptions = {},
): Promise<CleanupResult> {
  signal?.throwIfAborted();
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
  // The last point it can stop: the optimize below removes files as it goes.
  signal?.throwIfAborted();
  onProgress?.({ phase: `removing versions from before ${new Date(cutoff).toISOString()}` });
  const stats = await lance(() => table.optimize({ cleanupOlderThan: new Date(cutoff) }));
  return {
    versionsRemoved: stats.prune.oldVersionsRemoved,
    bytesRemoved: stats.prune.bytesRemoved,
    cutoffMillis: cutoff,
    ...(keptBecause ? { keptBecause } : {}),
    version: await lance(() => table.version()),
  };
}
