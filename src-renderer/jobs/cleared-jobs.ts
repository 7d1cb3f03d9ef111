/**
 * Finished jobs the user cleared from the panel. The host keeps its jobs (an index build's record
 * is the catalog's, shared with other processes), so clearing is the panel's: it remembers the
 * moment of the last Clear in this browser's storage, and hides every job that had ended by then,
 * across reloads. A job still queued or running is never hidden.
 */
import type { EventPayload } from '../../src-shared/studio-procedures';
import { isActive } from '../common/jobs/job-format';

type JobView = EventPayload<'jobs:progress'>;

const KEY = 'catalog-studio.jobs-cleared-at';

export function readClearedAt(storage: Pick<Storage, 'getItem'> | undefined): number {
  const stored = Number(storage?.getItem(KEY) ?? 0);
  return Number.isFinite(stored) ? stored : 0;
}

export function writeClearedAt(storage: Pick<Storage, 'setItem'> | undefined, at: number): void {
  storage?.setItem(KEY, String(at));
}

/** The jobs the panel lists: every active one, and those that ended after the last Clear. */
export function shownJobs(jobs: readonly JobView[], clearedAt: number): JobView[] {
  return jobs.filter((job) => isActive(job) || (job.endedAt ?? job.createdAt) > clearedAt);
}

/** Whether Clear would hide anything now. */
export function hasFinished(jobs: readonly JobView[]): boolean {
  return jobs.some((job) => !isActive(job));
}
