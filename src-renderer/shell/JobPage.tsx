/**
 * One job at its own address (`#/j/<id>`), reached from the palette: the same row the jobs panel
 * shows (progress, phase, what it did, cancel), with room to read it.
 */
import { useJobs } from '../api/catalog-queries';
import { ErrorMessage } from '../common/ErrorMessage';
import { isActive, jobTitle } from '../common/jobs/job-format';
import { JobRow, useNow } from '../common/jobs/JobRow';
import { useWorkspace } from '../state/workspace';

export function JobPage({ jobId }: { jobId: string }) {
  const ws = useWorkspace();
  const jobs = useJobs();
  const job = jobs.data?.find((j) => j.id === jobId);
  const now = useNow(job ? isActive(job) : false);
  return (
    <section className="namespace-view job-page" aria-label={job ? `Job ${jobTitle(job)}` : 'Job'}>
      <header className="table-header">
        <h2>{job ? jobTitle(job) : 'Job'}</h2>
        <div className="table-actions">
          <button type="button" onClick={ws.closeNamespace}>
            Close
          </button>
        </div>
      </header>
      <ErrorMessage error={jobs.error} />
      {jobs.isPending && <p className="muted">Loading jobs…</p>}
      {jobs.data && !job && (
        <p className="muted">
          No job of this address is known here: jobs are kept while the app runs, so one from an
          earlier run is gone.
        </p>
      )}
      {job && (
        <ul className="job-list">
          <JobRow job={job} now={now} />
        </ul>
      )}
    </section>
  );
}
