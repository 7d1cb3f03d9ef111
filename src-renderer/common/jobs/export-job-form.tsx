/**
 * The parts every export form shares (the console's result, a table's rows): the format, where
 * the file goes, and the export job as it runs and ends (progress, cancel, what was written, or
 * why it failed). A file goes to a path on the app's machine, replacing one only if allowed; in
 * the web mode it is downloaded by the browser by default, once the job has written it whole.
 */
import { useEffect, useState } from 'react';
import type { JobRecord } from '../../../src-shared/catalog-api';
import { useJobs } from '../../api/catalog-queries';
import { useStudioApi } from '../../api/studio-context';
import { ErrorMessage } from '../ErrorMessage';
import { SelectField } from '../SelectField';
import { TextField } from '../TextField';
import { CancelJob } from './CancelJob';
import { ProgressBar } from './ProgressBar';
import { isActive, jobFraction } from './job-format';
import { downloadStarted, startBrowserDownload } from './browser-download';
import {
  EXPORT_FORMAT_LABELS,
  EXPORT_FORMATS,
  type ExportFormat,
} from '../../../src-shared/export-formats';
import { formatNumber } from '../../../src-shared/format';

const FORMATS = EXPORT_FORMATS.map((f) => [f, EXPORT_FORMAT_LABELS[f]] as const);

type Destination = 'download' | 'file';
const DESTINATIONS = [
  ['download', 'Download'],
  ['file', 'A file on the host (by path)'],
] as const;

const fmt = (n: number | undefined) => formatNumber(n ?? 0);

/** The form's values and its job: `start` hands over the call that submits the export. */
export function useExportJobForm() {
  const jobs = useJobs();
  const downloadUrl = useStudioApi().files?.downloadUrl;
  const [format, setFormat] = useState<ExportFormat>('csv');
  // Only a transport that can hand the browser a file offers it (the web mode), and then first.
  const [destination, setDestination] = useState<Destination>(downloadUrl ? 'download' : 'file');
  const [file, setFile] = useState('');
  const [overwrite, setOverwrite] = useState(false);
  const [jobId, setJobId] = useState<string>();
  const [error, setError] = useState<unknown>();
  const job = jobs.data?.find((j) => j.id === jobId);
  const running = job !== undefined && isActive(job);
  const download = downloadUrl !== undefined && destination === 'download';
  return {
    format,
    setFormat,
    /** Set only where a download can be offered. */
    downloadUrl,
    destination: downloadUrl ? destination : 'file',
    setDestination,
    file,
    setFile,
    overwrite,
    setOverwrite,
    job,
    error,
    running,
    /** What the request says of where the file goes (`file` is `path` in the console's). */
    target: download ? ({ download: true } as const) : ({ file: file.trim(), overwrite } as const),
    ready: !running && (download || file.trim() !== ''),
    actionLabel: running ? 'Exporting…' : download ? 'Download' : 'Export',
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
      {form.downloadUrl && (
        <SelectField
          label="Save to"
          value={form.destination}
          options={DESTINATIONS}
          onChange={form.setDestination}
        />
      )}
      {form.destination === 'file' && (
        <>
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
      )}
    </>
  );
}

export function ExportJobState({ form }: { form: ExportJobForm }) {
  const { job, running, error, downloadUrl } = form;
  const downloadName = job?.target.params?.download;
  // The file is the browser's once the job has written it whole: its download starts by itself,
  // once per job (the host removes the file after it has been sent).
  useEffect(() => {
    if (!job || job.state !== 'succeeded' || typeof downloadName !== 'string') return;
    if (!downloadUrl || downloadStarted(job.id)) return;
    startBrowserDownload(job.id, downloadUrl(job.id), downloadName);
  }, [job, downloadName, downloadUrl]);
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
          {typeof downloadName === 'string'
            ? `Wrote ${fmt(job.progress.rowsDone)} rows (${fmt(job.progress.bytesDone)} bytes); your browser saves them as ${downloadName}.`
            : `Wrote ${fmt(job.progress.rowsDone)} rows (${fmt(job.progress.bytesDone)} bytes) to ${String(job.target.params?.path)}.`}
        </p>
      )}
      {job?.state === 'cancelled' && <p role="status">The export was cancelled.</p>}
      {job?.state === 'failed' && job.error && (
        <p className="form-problem" role="alert" aria-label="Export error">
          {job.error.message}
        </p>
      )}
      <ErrorMessage error={error} label="Export error" />
    </>
  );
}
