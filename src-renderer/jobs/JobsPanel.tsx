/**
 * Running and recent jobs, from anywhere (the toolbar button or the palette). Rows come from
 * `jobs:list` once, then from host events, so a window reload shows the same builds still
 * moving. Each row: phase, indexed vs unindexed rows as a bar, elapsed time, an estimate when
 * earlier builds allow one, cancel, and the reason of a failure.
 */
import { useEffect, useState } from 'react';
import { useJobs } from '../api/catalog-queries';
import type { JobView } from '../api/use-host-events';
import { ErrorMessage } from '../common/ErrorMessage';
import { useWorkspace } from '../state/workspace';
import { CancelJob } from './CancelJob';
import { formatCount, formatDuration, isActive, jobFraction, jobTitle } from './job-format';
import { ProgressBar } from './ProgressBar';
import { RecallJobResult } from '../recall/RecallJobResult';

export function JobsPanel() {
  const ws = useWorkspace();
  const jobs = useJobs();
  const now = useNow(jobs.data?.some(isActive) ?? false);
  if (!ws.jobsOpen) return null;
  const list = jobs.data ?? [];
  return (
    <aside className="jobs-panel" aria-label="Jobs">
      <header>
        <h2>Jobs</h2>
        <button type="button" aria-label="Close jobs panel" onClick={() => ws.setJobsOpen(false)}>
          ✕
        </button>
      </header>
      {jobs.isPending && <p className="muted">Loading jobs…</p>}
      <ErrorMessage error={jobs.error} />
      {jobs.data && list.length === 0 && (
        <p className="muted">No jobs yet. Index builds and imports show here while they run.</p>
      )}
      <ul className="job-list">
        {list.map((job) => (
          <JobRow key={job.id} job={job} now={now} />
        ))}
      </ul>
    </aside>
  );
}

function JobRow({ job, now }: { job: JobView; now: number }) {
  const ws = useWorkspace();
  const fraction = jobFraction(job);
  const started = job.startedAt ?? job.createdAt;
  const elapsed = (job.endedAt ?? now) - started;
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
              job.kind === 'import' ? 'overview' : 'indexes',
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
        {p.numIndexedRows !== undefined && (
          <span>
            {formatCount(p.numIndexedRows)} indexed · {formatCount(p.numUnindexedRows ?? 0)}{' '}
            unindexed
          </span>
        )}
        {p.rowsDone !== undefined && (
          <span>
            {formatCount(p.rowsDone)}
            {p.rowsTotal ? ` of ${formatCount(p.rowsTotal)}` : ''} rows
          </span>
        )}
        <span>{formatDuration(elapsed)} elapsed</span>
        {isActive(job) && job.estimateMs !== undefined && (
          <span>about {formatDuration(job.estimateMs)} left</span>
        )}
        {fraction !== undefined && <span>{Math.round(fraction * 100)}%</span>}
      </div>
      {job.kind === 'recall_check' && job.state === 'succeeded' && <RecallJobResult job={job} />}
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
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}
