/**
 * The parts every export form shares (the console's result, a table's rows): the format, the file
 * and whether it may replace one, and the export job as it runs and ends (progress, cancel, what
 * was written, or why it failed).
 */
import { useState } from 'react';
import type { JobRecord } from '../../../src-shared/catalog-api';
import { useJobs } from '../../api/catalog-queries';
import { ErrorMessage } from '../ErrorMessage';
import { SelectField } from '../SelectField';
import { TextField } from '../TextField';
import { CancelJob } from './CancelJob';
import { ProgressBar } from './ProgressBar';
import { isActive, jobFraction } from './job-format';
import {
  EXPORT_FORMAT_LABELS,
  EXPORT_FORMATS,
  type ExportFormat,
} from '../../../src-shared/export-formats';
import { formatNumber } from '../../../src-shared/format';

const FORMATS = EXPORT_FORMATS.map((f) => [f, EXPORT_FORMAT_LABELS[f]] as const);

const fmt = (n: number | undefined) => formatNumber(n ?? 0);

/** The form's values and its job: `start` hands over the call that submits the export. */
export function useExportJobForm() {
  const jobs = useJobs();
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [file, setFile] = useState('');
  const [overwrite, setOverwrite] = useState(false);
  const [jobId, setJobId] = useState<string>();
  const [error, setError] = useState<unknown>();
  const job = jobs.data?.find((j) => j.id === jobId);
  return {
    format,
    setFormat,
    file,
    setFile,
    overwrite,
    setOverwrite,
    job,
    error,
    running: job !== undefined && isActive(job),
    start(submit: () => Promise<JobRecord>) {
      setError(undefined);
      setJobId(undefined);
      submit().then((record) => setJobId(record.id), setError);
    },
  };
}

type ExportJobForm = ReturnType<typeof useExportJobForm>;

export function ExportTargetFields({ form, name }: { form: ExportJobForm; name: string }) {
  return (
    <>
      <SelectField label="Format" value={form.format} options={FORMATS} onChange={form.setFormat} />
      <TextField
        label="To file"
        className="mono"
        placeholder={`/path/to/${name}.${form.format}`}
        value={form.file}
        onChange={form.setFile}
      />
      <label className="check">
        <input
          type="checkbox"
          checked={form.overwrite}
          onChange={(e) => form.setOverwrite(e.target.checked)}
        />
        Replace the file if it exists
      </label>
    </>
  );
}

export function ExportJobState({ form }: { form: ExportJobForm }) {
  const { job, running, error } = form;
  return (
    <>
      {job && running && (
        <div className="export-progress">
          <ProgressBar fraction={jobFraction(job)} label="Progress of the export" />
          <span className="muted">
            {fmt(job.progress.rowsDone)}
            {job.progress.rowsTotal !== undefined && ` of ${fmt(job.progress.rowsTotal)}`} rows
          </span>
          <CancelJob job={job} accessibleName="Cancel the export">
            Cancel
          </CancelJob>
        </div>
      )}
      {job?.state === 'succeeded' && (
        <p role="status">
          Wrote {fmt(job.progress.rowsDone)} rows ({fmt(job.progress.bytesDone)} bytes) to{' '}
          {String(job.target.params?.path)}.
        </p>
      )}
      {job?.state === 'failed' && job.error && (
        <p className="form-problem" role="alert" aria-label="Export error">
          {job.error.message}
        </p>
      )}
      <ErrorMessage error={error} label="Export error" />
    </>
  );
}
