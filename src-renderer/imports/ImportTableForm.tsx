/**
 * A new table (or more rows for an existing one) from a file: path and format, a preview of the
 * first rows, the inferred schema to edit, then the import as a job followed here until done.
 */
import { ShowCode } from '../common/code/ShowCode';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { JsonArrowSchema } from '../../src-shared/vocabulary/json-arrow-types';
import type { ProcedureInput } from '../../src-shared/studio-procedures';
import { useConnections, useJobs, useTables } from '../api/catalog-queries';
import { queryKeys, type NamespaceRef } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import type { JobView } from '../api/use-host-events';
import { DialogActions } from '../common/DialogActions';
import { DialogForm } from '../common/DialogForm';
import { ErrorMessage } from '../common/ErrorMessage';
import { NameField, nameProblem } from '../common/NameField';
import { RadioGroup } from '../common/RadioGroup';
import { SelectField } from '../common/SelectField';
import { useWorkspace } from '../state/workspace';
import { draftsFromSchema, importColumnsProblems, toImportColumns } from './import-columns';
import { ImportColumnsEditor } from './ImportColumnsEditor';
import { ImportFilePicker } from './ImportFilePicker';
import { ImportProgress } from './ImportProgress';
import { PreviewTable } from './PreviewTable';

type Format = NonNullable<ProcedureInput<'imports:preview'>['format']>;
type Mode = 'create' | 'append';
const MODES: ReadonlyArray<readonly [Mode, string]> = [
  ['create', 'Create a new table'],
  ['append', 'Append to an existing table'],
];

const FORMATS: ReadonlyArray<readonly [Format | 'auto', string]> = [
  ['auto', 'From the file name'],
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

export function ImportTableForm({ connectionId, path }: NamespaceRef) {
  const ws = useWorkspace();
  const call = useCall();
  const client = useQueryClient();
  const [filePath, setFilePath] = useState('');
  const [format, setFormat] = useState<Format | 'auto'>('auto');
  const [previewing, setPreviewing] = useState<{ path: string; format?: Format }>();
  const [pathTouched, setPathTouched] = useState(false);
  const [mode, setMode] = useState<Mode>('create');
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
  // For the append list, and to say live that a new name is taken.
  const tables = useTables(connectionId, path, true);
  const connection = useConnections().data?.find((c) => c.id === connectionId);
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
  const previewIsCurrent = previewing?.path === filePath.trim();
  const nameTaken =
    mode === 'create' && name !== '' && (tables.data ?? []).includes(name)
      ? `A table named ${name} already exists here; choose another name or append to it`
      : undefined;
  const columnsProblem = importColumnsProblems(drafts).overall;
  const problem =
    pathProblem ??
    (!preview.data
      ? 'Preview the file first, to see and edit its columns'
      : previewing?.path !== filePath.trim()
        ? 'The path changed since the preview; preview it again'
        : mode === 'create'
          ? (nameProblem(name) ?? nameTaken)
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
  const shownInline = [
    pathTouched ? pathProblem : undefined,
    mode === 'create' && (touched || name !== '') ? (nameProblem(name) ?? nameTaken) : undefined,
  ].filter(Boolean);
  const running = job !== undefined && (job.state === 'queued' || job.state === 'running');

  const runPreview = (picked = filePath) => {
    setPathTouched(true);
    if (picked.trim() === '') return;
    setPreviewing({ path: picked.trim(), ...(format === 'auto' ? {} : { format }) });
    void client.invalidateQueries({ queryKey: ['import-preview'] });
  };

  return (
    <DialogForm
      noValidate
      onSubmit={() => {
        setTouched(true);
        if (!problem && !running) start.mutate();
      }}
    >
      <ImportFilePicker
        path={filePath}
        invalid={pathTouched && Boolean(pathProblem)}
        onPathChange={setFilePath}
        onChosen={(picked) => runPreview(picked)}
        onEnter={() => runPreview()}
        catalogFolder={connection?.kind === 'folder' ? connection.target : undefined}
      >
        <div className="path-row">
          <SelectField
            label="Format"
            className="field format-field"
            value={format}
            options={FORMATS}
            onChange={setFormat}
          />
          <button type="button" onClick={() => runPreview()} disabled={preview.isFetching}>
            {preview.isFetching ? 'Reading…' : 'Preview'}
          </button>
        </div>
      </ImportFilePicker>
      {pathTouched && pathProblem && (
        <span className="field-error" role="alert">
          {pathProblem}
        </span>
      )}
      {/* An error about another path than the one in the box is old news: not shown. */}
      {previewIsCurrent && <ErrorMessage error={preview.error} label="Preview error" />}

      {preview.data && (
        <>
          <h3 className="help">
            First {preview.data.rows.length} rows, read as {preview.data.format}
            {preview.data.totalRows !== undefined ? ` (${preview.data.totalRows} in all)` : ''}
          </h3>
          <PreviewTable fields={preview.data.schema.fields} rows={preview.data.rows} />
          <ImportColumnsEditor drafts={drafts} onChange={setDrafts} />
        </>
      )}

      <RadioGroup
        label="Import mode"
        className="mode-row"
        value={mode}
        options={MODES}
        onChange={setMode}
      />
      {mode === 'create' ? (
        <NameField
          label="Table name"
          value={name}
          onChange={setName}
          // Checked as it is typed (or filled in from the file's name), not only on Import.
          touched={touched || name !== ''}
          problem={nameTaken}
        />
      ) : (
        <SelectField
          label="Append to table"
          value={appendTo}
          options={[['', 'Choose a table…'], ...(tables.data ?? []).map((t) => [t, t] as const)]}
          onChange={setAppendTo}
        />
      )}

      {job && <ImportProgress job={job} />}
      {/* Pending while the job runs, not only while it is sent: the button stays down until
          the import ends, and leaving the dialog does not stop it. */}
      <div className="show-code">
        <ShowCode
          connectionId={connectionId}
          action={() => {
            const format = preview.data?.format ?? previewing?.format;
            return problem || !format
              ? undefined
              : {
                  kind: 'import',
                  target: { namespacePath: [...path], table: target },
                  file: filePath.trim(),
                  format,
                  mode,
                };
          }}
        />
      </div>
      <DialogActions
        label="Import"
        pendingLabel="Importing…"
        pending={running}
        disabled={start.isPending || (touched && Boolean(problem))}
        error={start.error}
        errorLabel="Import error"
        // A problem shown beside its own field is not said a second time here.
        problem={touched && !shownInline.includes(problem) && problem}
        sticky
        cancelLabel={running ? 'Close (keeps running)' : 'Cancel'}
      />
    </DialogForm>
  );
}
