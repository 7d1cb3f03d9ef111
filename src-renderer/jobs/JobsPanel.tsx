/**
 * Running and recent jobs, from anywhere (the toolbar button or the palette). Rows come from
 * `jobs:list` once, then from host events, so a window reload shows the same builds still
 * moving.
 */
import { useState } from 'react';
import { useJobs } from '../api/catalog-queries';
import { ErrorMessage } from '../common/ErrorMessage';
import { useWorkspace } from '../state/workspace';
import { isActive } from '../common/jobs/job-format';
import { JobRow, useNow } from '../common/jobs/JobRow';
import { hasFinished, readClearedAt, shownJobs, writeClearedAt } from './cleared-jobs';

const storage = typeof localStorage === 'undefined' ? undefined : localStorage;

export function JobsPanel() {
  const ws = useWorkspace();
  const jobs = useJobs();
  const now = useNow(jobs.data?.some(isActive) ?? false);
  const [clearedAt, setClearedAt] = useState(() => readClearedAt(storage));
  if (!ws.jobsOpen) return null;
  const all = jobs.data ?? [];
  const list = shownJobs(all, clearedAt);
  const clear = () => {
    const at = Date.now();
    writeClearedAt(storage, at);
    setClearedAt(at);
  };
  return (
    <aside className="jobs-panel" aria-label="Jobs">
      <header>
        <h2>Jobs</h2>
        <span>
          <button type="button" onClick={clear} disabled={!hasFinished(list)}>
            Clear finished
          </button>{' '}
          <button type="button" aria-label="Close jobs panel" onClick={() => ws.setJobsOpen(false)}>
            ✕
          </button>
        </span>
      </header>
      {jobs.isPending && <p className="muted">Loading jobs…</p>}
      <ErrorMessage error={jobs.error} />
      {jobs.data && list.length === 0 && all.length > 0 && (
        <p className="muted">No jobs running. Finished jobs were cleared.</p>
      )}
      {jobs.data && all.length === 0 && (
        <p className="muted">
          No jobs yet. Index builds, imports, exports, copies and compactions show here while they
          run.
        </p>
      )}
      <ul className="job-list">
        {list.map((job) => (
          <JobRow key={job.id} job={job} now={now} />
        ))}
      </ul>
    </aside>
  );
}
