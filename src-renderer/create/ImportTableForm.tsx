/**
 * A new table (or more rows for an existing one) from a file: path and format, a preview of the
 * first rows, the inferred schema to edit, then the import as a job followed here until done.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { JsonArrowSchema } from '../../src-shared/vocabulary/json-arrow-types';
import type { ProcedureInput } from '../../src-shared/studio-procedures';
import { useJobs, useTables } from '../api/catalog-queries';
import { queryKeys, type NamespacePath } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import type { JobView } from '../api/use-host-events';
import { ErrorMessage } from '../common/ErrorMessage';
import { NameField, nameProblem } from '../common/NameField';
import { useWorkspace } from '../state/workspace';
import { draftsFromSchema, importColumnsProblems, toImportColumns } from './import-columns';
import { ImportColumnsEditor } from './ImportColumnsEditor';
import { ImportProgress } from './ImportProgress';
import { PreviewTable } from './PreviewTable';

type Format = NonNullable<ProcedureInput<'imports:preview'>['format']>;
const FORMATS: Array<[Format, string]> = [
  ['csv', 'CSV'],
  ['tsv', 'TSV'],
  ['json', 'JSON array'],
  ['ndjson', 'NDJSON (one object a line)'],
  ['parquet', 'Parquet'],
  ['arrow', 'Arrow IPC'],
];

/** `/data/My Items.csv` → `My_Items`: a starting name the person can change. */
function tableNameFrom(path: string): string {
  const base = path.split(/[\\/]/).pop() ?? '';
  const name = base.replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9_-]+/g, '_');
  return nameProblem(name) ? '' : name;
}

export function ImportTableForm({
  connectionId,
  path,
}: {
  connectionId: string;
  path: NamespacePath;
}) {
  const ws = useWorkspace();
  const call = useCall();
  const client = useQueryClient();
  const [filePath, setFilePath] = useState('');
  const [format, setFormat] = useState<Format | 'auto'>('auto');
  const [previewing, setPreviewing] = useState<{ path: string; format?: Format }>();
  const [pathTouched, setPathTouched] = useState(false);
  const [mode, setMode] = useState<'create' | 'append'>('create');
  const [name, setName] = useState('');
  const [appendTo, setAppendTo] = useState('');
  const [touched, setTouched] = useState(false);
  const [drafts, setDrafts] = useState<ReturnType<typeof draftsFromSchema>>([]);
  const [jobId, setJobId] = useState<string>();

  const preview = useQuery({
    queryKey: queryKeys.importPreview(previewing?.path ?? '', previewing?.format),
    queryFn: () =>
      call('imports:preview', {
        path: previewing!.path,
        ...(previewing!.format ? { format: previewing!.format } : {}),
      }),
    enabled: previewing !== undefined,
    retry: false,
    // A file may change between looks; always read it again.
    gcTime: 0,
  });
  const tables = useTables(connectionId, path, mode === 'append');
  const jobs = useJobs();
  const job = jobId ? jobs.data?.find((j) => j.id === jobId) : undefined;

  useEffect(() => {
    if (!preview.data) return;
    // The contract types nested fields loosely; the host sends JsonArrowFields all the way down.
    setDrafts(draftsFromSchema(preview.data.schema as JsonArrowSchema));
    setName((current) => current || tableNameFrom(previewing?.path ?? ''));
  }, [preview.data, previewing?.path]);

  const target = mode === 'create' ? name : appendTo;
  useEffect(() => {
    if (job?.state !== 'succeeded') return;
    ws.closeDialog();
    ws.openTable({ connectionId, path, table: target });
  }, [job?.state, ws, connectionId, path, target]);

  const pathProblem = filePath.trim() === '' ? 'Enter the path of a file to import' : undefined;
  const columnsProblem = importColumnsProblems(drafts).overall;
  const problem =
    pathProblem ??
    (!preview.data
      ? 'Preview the file first, to see and edit its columns'
      : previewing?.path !== filePath.trim()
        ? 'The path changed since the preview; preview it again'
        : mode === 'create'
          ? nameProblem(name)
          : appendTo === ''
            ? 'Choose the table to append to'
            : undefined) ??
    columnsProblem;

  const start = useMutation({
    mutationFn: () => {
      const columns = toImportColumns(drafts);
      return call('imports:start', {
        connectionId,
        path: filePath.trim(),
        ...(previewing?.format ? { format: previewing.format } : {}),
        namespacePath: [...path],
        table: target,
        mode,
        ...(columns ? { columns } : {}),
      });
    },
    onSuccess: (record) => {
      const view: JobView = { ...record, connectionId };
      client.setQueryData<JobView[]>(queryKeys.jobs(), (list = []) =>
        list.some((j) => j.id === view.id) ? list : [view, ...list],
      );
      setJobId(record.id);
    },
  });
  const running = job !== undefined && (job.state === 'queued' || job.state === 'running');

  const runPreview = () => {
    setPathTouched(true);
    if (pathProblem) return;
    setPreviewing({ path: filePath.trim(), ...(format === 'auto' ? {} : { format }) });
    void client.invalidateQueries({ queryKey: ['import-preview'] });
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!problem && !running) start.mutate();
      }}
    >
      <div className="path-row">
        <label className="field">
          <span>File path</span>
          <input
            aria-label="File path"
            placeholder="/path/to/data.csv"
            value={filePath}
            autoFocus
            aria-invalid={pathTouched && Boolean(pathProblem)}
            onChange={(e) => setFilePath(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                runPreview();
              }
            }}
          />
        </label>
        <label className="field format-field">
          <span>Format</span>
          <select
            aria-label="Format"
            value={format}
            onChange={(e) => setFormat(e.target.value as Format | 'auto')}
          >
            <option value="auto">From the file name</option>
            {FORMATS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={runPreview} disabled={preview.isFetching}>
          {preview.isFetching ? 'Reading…' : 'Preview'}
        </button>
      </div>
      {pathTouched && pathProblem && (
        <span className="field-error" role="alert">
          {pathProblem}
        </span>
      )}
      <ErrorMessage error={preview.error} label="Preview error" />

      {preview.data && (
        <>
          <h3 className="help">
            First {preview.data.rows.length} rows, read as {preview.data.format}
            {preview.data.totalRows !== undefined ? ` (${preview.data.totalRows} in all)` : ''}
          </h3>
          <PreviewTable
            columns={preview.data.schema.fields.map((f) => f.name)}
            rows={preview.data.rows}
          />
          <ImportColumnsEditor drafts={drafts} onChange={setDrafts} />
        </>
      )}

      <div className="mode-row" role="radiogroup" aria-label="Import mode">
        <label className="check">
          <input
            type="radio"
            name="import-mode"
            checked={mode === 'create'}
            onChange={() => setMode('create')}
          />
          Create a new table
        </label>
        <label className="check">
          <input
            type="radio"
            name="import-mode"
            checked={mode === 'append'}
            onChange={() => setMode('append')}
          />
          Append to an existing table
        </label>
      </div>
      {mode === 'create' ? (
        <NameField label="Table name" value={name} onChange={setName} touched={touched} />
      ) : (
        <label className="field">
          <span>Append to table</span>
          <select
            aria-label="Append to table"
            value={appendTo}
            onChange={(e) => setAppendTo(e.target.value)}
          >
            <option value="">Choose a table…</option>
            {(tables.data ?? []).map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
      )}

      {job && <ImportProgress job={job} />}
      <ErrorMessage error={start.error} label="Import error" />
      {touched && problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" onClick={ws.closeDialog}>
          {running ? 'Close (keeps running)' : 'Cancel'}
        </button>
        <button
          type="submit"
          className="primary"
          disabled={start.isPending || running || (touched && Boolean(problem))}
        >
          {running ? 'Importing…' : 'Import'}
        </button>
      </div>
    </form>
  );
}
