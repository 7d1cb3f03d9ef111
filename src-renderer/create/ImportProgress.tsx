/**
 * A running import, followed in the dialog: rows done of total as a bar, cancel, and the job's
 * own reason when it fails. The job list in the cache is kept current by host events.
 */
import { useMutation } from '@tanstack/react-query';
import { useCall } from '../api/studio-context';
import { StudioError } from '../api/studio-error';
import type { JobView } from '../api/use-host-events';
import { ErrorMessage } from '../common/ErrorMessage';
import { formatCount, isActive, jobFraction } from '../jobs/job-format';

export function ImportProgress({ job }: { job: JobView }) {
  const call = useCall();
  const cancel = useMutation({
    mutationFn: () => call('jobs:cancel', { connectionId: job.connectionId, jobId: job.id }),
  });
  const fraction = jobFraction(job);
  const p = job.progress;
  return (
    <section className="import-progress" aria-label="Import progress" data-job-state={job.state}>
      <div className="row">
        <span>
          {job.state === 'failed'
            ? 'The import failed; nothing was written.'
            : job.state === 'cancelled'
              ? 'The import was cancelled; nothing was written.'
              : job.state === 'succeeded'
                ? 'Imported.'
                : `Importing: ${job.phase}`}
        </span>
        <span className="muted">
          {formatCount(p.rowsDone ?? 0)}
          {p.rowsTotal ? ` of ${formatCount(p.rowsTotal)}` : ''} rows
        </span>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label="Rows imported"
        aria-valuemin={0}
        aria-valuemax={100}
        {...(fraction === undefined ? {} : { 'aria-valuenow': Math.round(fraction * 100) })}
      >
        <div
          className={fraction === undefined ? 'progress-fill indeterminate' : 'progress-fill'}
          style={{ width: `${Math.round((fraction ?? 0.3) * 100)}%` }}
        />
      </div>
      {job.error && (
        <ErrorMessage
          label="Import error"
          error={new StudioError(job.error.code, job.error.name, job.error.message)}
        />
      )}
      {isActive(job) && (
        <button type="button" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
          Cancel import
        </button>
      )}
      <ErrorMessage error={cancel.error} />
    </section>
  );
}
