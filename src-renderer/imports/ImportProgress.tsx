/**
 * A running import, followed in the dialog: rows written (of the total, when the file says) and
 * bytes read of the file's size, a bar, cancel, and the job's own reason when it fails. The job list in the cache is kept current by host events.
 */
import { StudioError } from '../api/studio-error';
import type { JobView } from '../api/use-host-events';
import { ErrorMessage } from '../common/ErrorMessage';
import { CancelJob } from '../common/jobs/CancelJob';
import { jobFraction } from '../common/jobs/job-format';
import { ProgressBar } from '../common/jobs/ProgressBar';
import { formatBytes, formatNumber } from '../../src-shared/format';

export function ImportProgress({ job }: { job: JobView }) {
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
          {formatNumber(p.rowsDone ?? 0)}
          {p.rowsTotal ? ` of ${formatNumber(p.rowsTotal)}` : ''} rows written
          {p.bytesDone !== undefined && p.bytesTotal
            ? ` · ${formatBytes(p.bytesDone)} of ${formatBytes(p.bytesTotal)} read`
            : ''}
        </span>
      </div>
      <ProgressBar fraction={fraction} label="Rows imported" />
      {job.error && (
        <ErrorMessage
          label="Import error"
          error={new StudioError(job.error.code, job.error.name, job.error.message)}
        />
      )}
      <CancelJob job={job}>Cancel import</CancelJob>
    </section>
  );
}
