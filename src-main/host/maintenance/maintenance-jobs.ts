/**
 * Compaction and cleanup of old versions as jobs of the app: in the jobs panel with their phase,
 * the bytes a folder's compaction has written against what it will write, a cancel, and at the
 * end a sentence of what they did. Cancel works where Lance allows it (see MaintenanceOptions):
 * while queued, and between compaction passes; a pass or a cleanup under way runs to its commit,
 * and the job then says what committed.
 */
import type { MaintenanceOptions, MaintenanceProgress, TableHandle } from '../../catalog/client';
import type { JobRegistry } from '../../catalog/jobs/job-registry';
import type { JobContext } from '../../catalog/jobs/job-submission';
import type { CleanupRequest, JobRecord } from '../../../src-shared/catalog-api';
import { formatBytes, formatCount, formatNumber } from '../../../src-shared/format';

/** Until the commit, a compaction's written bytes say "nearly", never "done". */
const MOST_BEFORE_COMMIT = 0.99;

export function startCompaction(
  jobs: JobRegistry,
  table: TableHandle,
  onEnd: () => void,
): JobRecord {
  return submit(jobs, 'compact', target(table), onEnd, async (hooks, context) => {
    const result = await table.compact(hooks);
    const merged =
      result.fragmentsRemoved === 0
        ? 'Nothing to merge; indexes brought up to date'
        : `${formatNumber(result.fragmentsRemoved)} fragments merged into ${formatNumber(result.fragmentsAdded)}`;
    if (result.stoppedEarly) {
      context.update({ summary: `Stopped after a pass that committed: ${merged.toLowerCase()}` });
      context.signal.throwIfAborted();
    }
    return `${merged} (version ${result.version})`;
  });
}

export function startCleanup(
  jobs: JobRegistry,
  table: TableHandle,
  request: CleanupRequest,
  onEnd: () => void,
): JobRecord {
  const cleanupTarget = { ...target(table), params: { olderThanMillis: request.olderThanMillis } };
  return submit(jobs, 'cleanup', cleanupTarget, onEnd, async (hooks) => {
    const before = await table.latestVersion().catch(() => undefined);
    const result = await table.cleanupVersions(request, hooks);
    // Lance's optimize writes a version only when it merged or indexed something: say which.
    const wrote =
      before === undefined
        ? ''
        : result.version > before
          ? `; its optimize wrote version ${result.version}`
          : '; no new version written';
    const removed = `${formatCount(result.versionsRemoved, 'old version')} removed, ${formatBytes(result.bytesRemoved)} freed${wrote}`;
    return result.keptBecause ? `${removed}; kept from where ${result.keptBecause}` : removed;
  });
}

/**
 * A maintenance job: the act gets the job's signal and progress, and answers its summary.
 * Whatever the end, the table may have changed, so `onEnd` lets its views refetch.
 */
function submit(
  jobs: JobRegistry,
  kind: 'compact' | 'cleanup',
  jobTarget: JobRecord['target'],
  onEnd: () => void,
  act: (hooks: MaintenanceOptions, context: JobContext) => Promise<string>,
): JobRecord {
  return jobs.submit({
    kind,
    target: jobTarget,
    run: async (context) => {
      try {
        const hooks = {
          signal: context.signal,
          onProgress: (p: MaintenanceProgress) => report(context, p),
        };
        context.update({ summary: await act(hooks, context) });
      } finally {
        onEnd();
      }
    },
  });
}

function target(table: TableHandle): JobRecord['target'] {
  return {
    namespacePath: [...table.namespacePath],
    table: table.name,
    ...(table.branch !== undefined ? { branch: table.branch } : {}),
  };
}

function report(context: JobContext, p: MaintenanceProgress): void {
  context.update({ phase: p.phase, progress: maintenanceProgress(p) });
}

/**
 * A compaction's bytes as a job's progress, which never passes 100%: up to the estimate, the
 * share of it written (held under 100% until the commit); past it, the estimate was wrong, so
 * the job shows the bytes written with no total and no percentage rather than "116 MiB of about
 * 53 MiB" at 219%.
 */
export function maintenanceProgress(p: MaintenanceProgress): JobRecord['progress'] {
  if (p.bytesWritten === undefined) return {};
  if (p.bytesExpected === undefined || p.bytesExpected <= 0 || p.bytesWritten > p.bytesExpected) {
    return { bytesDone: p.bytesWritten };
  }
  return {
    bytesDone: p.bytesWritten,
    bytesTotal: p.bytesExpected,
    fraction: Math.min(MOST_BEFORE_COMMIT, p.bytesWritten / p.bytesExpected),
  };
}
