/**
 * Copying a table, or a namespace with everything under it, to another open connection (or
 * elsewhere in this one), from the tree's menu. An existing table of that name is not touched
 * until the user says how: overwrite it, append to it, or cancel. The copy runs as a job (here
 * and in the jobs panel, with cancel); one that stopped part way can be resumed or removed here.
 */
import { useState } from 'react';
import type { JobRecord } from '../../src-shared/catalog-api';
import { ERROR_CODES } from '../../src-shared/vocabulary/errors';
import { canChange } from '../api/connection-rights';
import { useConnections, useJobs } from '../api/catalog-queries';
import type { NamespacePath } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { DialogForm } from '../common/DialogForm';
import { ErrorMessage } from '../common/ErrorMessage';
import { formatPath } from '../common/format-path';
import { Modal } from '../common/Modal';
import { RadioGroup } from '../common/RadioGroup';
import { SelectField } from '../common/SelectField';
import { TextField } from '../common/TextField';
import { CancelJob } from '../common/jobs/CancelJob';
import { ProgressBar } from '../common/jobs/ProgressBar';
import { isActive, jobFraction } from '../common/jobs/job-format';
import { useWorkspace } from '../state/workspace';
import { formatNumber } from '../../src-shared/format';

type Mode = 'create' | 'overwrite' | 'append';
const fmt = (n: number | undefined) => formatNumber(n ?? 0);

export function CopyDialog({
  connectionId,
  path,
  table,
}: {
  connectionId: string;
  path: NamespacePath;
  /** Absent: the namespace at `path`. */
  table?: string | undefined;
}) {
  const ws = useWorkspace();
  const call = useCall();
  const connections = useConnections();
  const jobs = useJobs();
  const targets = (connections.data ?? []).filter((c) => canChange(c));
  const [targetId, setTargetId] = useState(
    targets.find((c) => c.id !== connectionId)?.id ?? connectionId,
  );
  const [targetPath, setTargetPath] = useState(path.join('/'));
  const [name, setName] = useState(table ? `${table}` : '');
  const [indexes, setIndexes] = useState(true);
  const [existing, setExisting] = useState(false);
  const [mode, setMode] = useState<Mode>('overwrite');
  const [jobId, setJobId] = useState<string>();
  const [error, setError] = useState<unknown>();
  const job = jobs.data?.find((j) => j.id === jobId);
  const running = job !== undefined && isActive(job);
  const what = table
    ? formatPath([...path, table])
    : `namespace ${formatPath([...path]) || '(root)'}`;
  const pathParts = targetPath.split('/').filter((p) => p !== '');
  const source = { connectionId, path: [...path], ...(table ? { table } : {}) };
  const target = {
    connectionId: targetId,
    path: pathParts,
    ...(table ? { table: name.trim() } : {}),
  };

  const submit = async (chosen: Mode, resume = false): Promise<void> => {
    setError(undefined);
    if (table && chosen === 'create' && !resume) {
      // Asked first: an existing table is overwritten or appended to only when the user says so.
      const found = await call('tables:count', {
        connectionId: targetId,
        path: pathParts,
        table: name.trim(),
      }).then(
        () => true,
        (e: { code?: number }) => {
          if (e.code === ERROR_CODES.TableNotFound || e.code === ERROR_CODES.NamespaceNotFound) {
            return false;
          }
          throw e;
        },
      );
      if (found) {
        setExisting(true);
        return;
      }
    }
    const record: JobRecord = await call('copy:start', {
      source,
      target,
      mode: chosen,
      indexes,
      ...(resume ? { resume: true } : {}),
    });
    setJobId(record.id);
  };
  const run = (chosen: Mode, resume = false) => void submit(chosen, resume).catch(setError);

  return (
    <Modal title={`Copy ${what}`} onClose={ws.closeDialog}>
      <DialogForm aria-label="Copy" onSubmit={() => run(existing ? mode : 'create')}>
        <SelectField
          label="To connection"
          value={targetId}
          options={targets.map((c) => [c.id, `${c.name} (${c.target})`] as const)}
          onChange={(v) => {
            setTargetId(v);
            setExisting(false);
          }}
        />
        <TextField
          label="Into namespace"
          className="mono"
          placeholder="sales/eu (empty: the root)"
          value={targetPath}
          onChange={(v) => {
            setTargetPath(v);
            setExisting(false);
          }}
        />
        {table && (
          <TextField
            label="As table"
            className="mono"
            value={name}
            onChange={(v) => {
              setName(v);
              setExisting(false);
            }}
          />
        )}
        <label className="check">
          <input type="checkbox" checked={indexes} onChange={(e) => setIndexes(e.target.checked)} />
          Build the source’s indexes there too
        </label>
        {existing && (
          <RadioGroup
            label={`${name.trim()} already exists there`}
            asField
            value={mode}
            options={[
              ['overwrite', 'Overwrite it (its rows are replaced; its versions stay)'],
              ['append', 'Append to it (refused if the columns differ)'],
            ]}
            onChange={setMode}
          />
        )}
        {job && running && (
          <div className="export-progress">
            <ProgressBar fraction={jobFraction(job)} label="Progress of the copy" />
            <span className="muted">
              {job.phase} · {fmt(job.progress.rowsDone)}
              {job.progress.rowsTotal !== undefined && ` of ${fmt(job.progress.rowsTotal)}`} rows
            </span>
            <CancelJob job={job} accessibleName="Cancel the copy">
              Cancel
            </CancelJob>
          </div>
        )}
        {job?.state === 'succeeded' && (
          <p role="status">
            Copied {fmt(job.progress.rowsDone)} rows to {String(job.target.params?.to)}.
          </p>
        )}
        {(job?.state === 'failed' || job?.state === 'cancelled') && (
          <>
            <p className="form-problem" role="alert" aria-label="Copy error">
              {job.error?.message ?? 'The copy was cancelled.'}
            </p>
            {/* An append wrote into a table that is not the copy's: it cannot be resumed. */}
            {job.target.params?.mode !== 'append' && (
              <div className="row">
                <button type="button" onClick={() => run('create', true)}>
                  Resume the copy
                </button>
                {table && (
                  <button
                    type="button"
                    className="danger"
                    onClick={() =>
                      void call('copy:remove-partial', { source, target }).then(
                        () => setJobId(undefined),
                        setError,
                      )
                    }
                  >
                    Remove the partial table
                  </button>
                )}
              </div>
            )}
          </>
        )}
        <ErrorMessage error={error} label="Copy error" />
        <div className="modal-actions">
          <button type="button" onClick={ws.closeDialog}>
            {running ? 'Close (keeps running)' : 'Close'}
          </button>
          <button
            type="submit"
            className="primary"
            disabled={
              running || (table !== undefined && name.trim() === '') || targets.length === 0
            }
          >
            {existing ? (mode === 'overwrite' ? 'Overwrite' : 'Append') : 'Copy'}
          </button>
        </div>
      </DialogForm>
    </Modal>
  );
}
