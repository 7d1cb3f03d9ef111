/** How a job reads in the panel and in announcements. */
import type { EventPayload } from '../../../src-shared/studio-procedures';
import { displayPath } from '../format-path';

/** A job as the host reports it (the same as api/use-host-events' JobView, without React). */
type JobView = EventPayload<'jobs:progress'>;

export function jobTitle(job: JobView): string {
  const where = displayPath([...job.target.namespacePath, job.target.table]);
  if (job.kind === 'create_index') {
    return `${job.target.indexType ?? 'Index'} on ${job.target.column ?? '?'} of ${where}`;
  }
  if (job.kind === 'recall_check') {
    return `Recall check of ${job.target.index ?? 'index'} on ${job.target.column ?? '?'} of ${where}`;
  }
  if (job.kind === 'copy') {
    return `Copy of ${String(job.target.params?.from ?? where)} to ${String(job.target.params?.to ?? '?')}`;
  }
  if (job.kind === 'compact') return `Compaction of ${where}`;
  if (job.kind === 'cleanup') return `Cleanup of old versions of ${where}`;
  if (job.kind === 'export') {
    const download = job.target.params?.download;
    if (download !== undefined) return `Export of ${where} for download as ${String(download)}`;
    return `Export of ${where} to ${String(job.target.params?.path ?? 'a file')}`;
  }
  return `Import into ${where}`;
}

/** The tab of the job's table that shows what the job changes. */
export function jobTab(job: JobView): 'overview' | 'indexes' | 'storage' {
  if (job.kind === 'import') return 'overview';
  if (job.kind === 'compact' || job.kind === 'cleanup') return 'storage';
  return 'indexes';
}

export function isActive(job: JobView): boolean {
  return job.state === 'queued' || job.state === 'running';
}

/**
 * An index build in flight has no percentage: LanceDB reports none while it trains, assigns and
 * writes, and its indexed count jumps from 0 to all at the commit, so a fraction from the counts
 * would sit at 0% for the whole build and then leap to 100%.
 */
export function buildHasNoPercentage(job: JobView): boolean {
  return job.kind === 'create_index' && isActive(job) && job.progress.fraction === undefined;
}

/** Fraction done: the job's own when it gives one, else rows done (imports) or indexed rows. */
export function jobFraction(job: JobView): number | undefined {
  if (job.state === 'succeeded') return 1;
  const p = job.progress;
  if (p.fraction !== undefined) return p.fraction;
  if (buildHasNoPercentage(job)) return undefined;
  if (p.rowsDone !== undefined && p.rowsTotal) return Math.min(1, p.rowsDone / p.rowsTotal);
  const total = (p.numIndexedRows ?? 0) + (p.numUnindexedRows ?? 0);
  if (!total || p.numIndexedRows === undefined) return undefined;
  return Math.min(1, p.numIndexedRows / total);
}
