/**
 * A table's rows to a file: all of them or those the Data tab's filter matches, as CSV, JSON,
 * NDJSON or Parquet. It runs as a job (here and in the jobs panel, with cancel); the rows are
 * counted first and a file holding another count is never kept.
 */
import { useState } from 'react';
import type { TableRef } from '../api/query-keys';
import { useJobs } from '../api/catalog-queries';
import { useCall } from '../api/studio-context';
import { tableInput } from '../api/table-input';
import { DialogForm } from '../common/DialogForm';
import { ErrorMessage } from '../common/ErrorMessage';
import { Modal } from '../common/Modal';
import { RadioGroup } from '../common/RadioGroup';
import { SelectField } from '../common/SelectField';
import { TextField } from '../common/TextField';
import { CancelJob } from '../jobs/CancelJob';
import { ProgressBar } from '../jobs/ProgressBar';
import { isActive, jobFraction } from '../jobs/job-format';
import { useWorkspace } from '../state/workspace';

type Format = 'csv' | 'json' | 'ndjson' | 'parquet';

export function ExportTableDialog({ table, filter }: { table: TableRef; filter: string }) {
  const ws = useWorkspace();
  const call = useCall();
  const jobs = useJobs();
  const [scope, setScope] = useState<'all' | 'filter'>(filter ? 'filter' : 'all');
  const [format, setFormat] = useState<Format>('csv');
  const [file, setFile] = useState('');
  const [overwrite, setOverwrite] = useState(false);
  const [jobId, setJobId] = useState<string>();
  const [error, setError] = useState<unknown>();
  const job = jobs.data?.find((j) => j.id === jobId);
  const running = job !== undefined && isActive(job);
  return (
    <Modal title={`Export ${table.table}`} onClose={ws.closeDialog}>
      <DialogForm
        aria-label="Export rows"
        onSubmit={() => {
          setError(undefined);
          call('tables:export', {
            ...tableInput(table),
            ...(scope === 'filter' ? { filter } : {}),
            format,
            file: file.trim(),
            overwrite,
          }).then((record) => setJobId(record.id), setError);
        }}
      >
        {filter && (
          <RadioGroup
            label="Rows"
            asField
            value={scope}
            options={[
              ['filter', `The rows matching ${filter}`],
              ['all', 'Every row'],
            ]}
            onChange={setScope}
          />
        )}
        <SelectField
          label="Format"
          value={format}
          options={[
            ['csv', 'CSV'],
            ['json', 'JSON'],
            ['ndjson', 'NDJSON'],
            ['parquet', 'Parquet'],
          ]}
          onChange={setFormat}
        />
        <TextField
          label="To file"
          className="mono"
          placeholder={`/path/to/${table.table}.${format}`}
          value={file}
          onChange={setFile}
        />
        <label className="check">
          <input
            type="checkbox"
            checked={overwrite}
            onChange={(e) => setOverwrite(e.target.checked)}
          />
          Replace the file if it exists
        </label>
        {job && (
          <div className="export-progress">
            <ProgressBar fraction={jobFraction(job)} label="Progress of the export" />
            <span className="muted">
              {(job.progress.rowsDone ?? 0).toLocaleString('en-US')}
              {job.progress.rowsTotal !== undefined &&
                ` of ${job.progress.rowsTotal.toLocaleString('en-US')}`}{' '}
              rows
            </span>
            {running && (
              <CancelJob job={job} accessibleName="Cancel the export">
                Cancel
              </CancelJob>
            )}
          </div>
        )}
        {job?.state === 'succeeded' && (
          <p role="status">
            Wrote {(job.progress.rowsDone ?? 0).toLocaleString('en-US')} rows (
            {(job.progress.bytesDone ?? 0).toLocaleString('en-US')} bytes) to {file.trim()}.
          </p>
        )}
        {job?.state === 'failed' && job.error && (
          <p className="form-problem" role="alert" aria-label="Export error">
            {job.error.message}
          </p>
        )}
        <ErrorMessage error={error} label="Export error" />
        <div className="modal-actions">
          <button type="button" onClick={ws.closeDialog}>
            {running ? 'Close (keeps running)' : 'Close'}
          </button>
          <button type="submit" className="primary" disabled={running || file.trim() === ''}>
            {running ? 'Exporting…' : 'Export'}
          </button>
        </div>
      </DialogForm>
    </Modal>
  );
}
