/**
 * One job: its title (a link to the table), state, progress as a bar, phase, rows or bytes done,
 * elapsed time, an estimate when earlier jobs allow one, what it did once ended, the reason of a
 * failure, and cancel. The jobs panel lists them; a table's Storage tab shows its own.
 */
import { useEffect, useState } from 'react';
import type { JobView } from '../../api/use-host-events';
import { useWorkspace } from '../../state/workspace';
import { CancelJob } from './CancelJob';
import { ExportDownloadLink } from './ExportDownloadLink';
import { buildHasNoPercentage, isActive, jobFraction, jobTab, jobTitle } from './job-format';
import { ProgressBar } from './ProgressBar';
import { RecallJobResult } from './RecallJobResult';
import {
  formatBytes,
  formatDateTime,
  formatDuration,
  formatNumber,
  formatPercent,
} from '../../../src-shared/format';

export function JobRow({ job, now }: { job: JobView; now: number }) {
  const ws = useWorkspace();
  const fraction = jobFraction(job);
  const started = job.startedAt ?? job.createdAt;
  // The clock ticks once a second: a job that started since its last tick has run for 0 s, not '—'.
  const elapsed = Math.max(0, (job.endedAt ?? now) - started);
  const p = job.progress;
  const title = jobTitle(job);
  return (
    <li className={`job job-${job.state}`} aria-label={title} data-job-state={job.state}>
      <div className="job-head">
        <button
          type="button"
          className="link"
          onClick={() =>
            ws.openTable(
              {
                connectionId: job.connectionId,
                path: job.target.namespacePath,
                table: job.target.table,
              },
              jobTab(job),
            )
          }
        >
          {title}
        </button>
        <span className={`state state-${job.state}`}>{job.state}</span>
      </div>
      <ProgressBar fraction={fraction} label={`Progress of ${title}`} />
      <div className="job-meta">
        <span>{job.phase}</span>
        <span>started {formatDateTime(started)}</span>
        {buildHasNoPercentage(job) && (
          <span className="job-no-percentage">
            no percentage: LanceDB tells nothing of an index build ({formatNumber(p.rowsTotal ?? 0)}{' '}
            rows) until it commits
          </span>
        )}
        {!buildHasNoPercentage(job) && p.numIndexedRows !== undefined && (
          <span>
            {formatNumber(p.numIndexedRows)} indexed · {formatNumber(p.numUnindexedRows ?? 0)}{' '}
            unindexed
          </span>
        )}
        {p.bytesDone !== undefined && job.kind === 'compact' && (
          <span>
            {formatBytes(p.bytesDone)}
            {p.bytesTotal ? ` of about ${formatBytes(p.bytesTotal)}` : ''} written
          </span>
        )}
        {p.bytesDone !== undefined && job.kind === 'create_index' && (
          <span>{formatBytes(p.bytesDone)} of index files written</span>
        )}
        {p.rowsDone !== undefined && (
          <span>
            {formatNumber(p.rowsDone)}
            {p.rowsTotal ? ` of ${formatNumber(p.rowsTotal)}` : ''} rows
          </span>
        )}
        <span>{formatDuration(elapsed)} elapsed</span>
        {isActive(job) && job.estimateMs !== undefined && (
          <span>about {formatDuration(job.estimateMs)} left</span>
        )}
        {fraction !== undefined && <span>{formatPercent(fraction)}</span>}
      </div>
      {job.kind === 'recall_check' && job.state === 'succeeded' && <RecallJobResult job={job} />}
      {job.summary && <p className="job-summary">{job.summary}</p>}
      <ExportDownloadLink job={job} />
      {job.error && (
        <p className="job-error" role="alert">
          {job.error.name}: {job.error.message}
        </p>
      )}
      <CancelJob job={job} accessibleName={`Cancel ${title}`}>
        Cancel
      </CancelJob>
    </li>
  );
}

/** A clock that ticks once a second while something runs, for elapsed times. */
export function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}
