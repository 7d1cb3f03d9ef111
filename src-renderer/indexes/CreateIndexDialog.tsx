/**
 * Create an index, driven by the spec table: pick a column (nested paths included), one of the
 * index types that fit it, and set every parameter of that type. The engine's own validation
 * runs on each change, so the form says what is wrong before anything is sent; the build then
 * runs as a job in the jobs panel.
 */
import { ShowCode } from '../common/code/ShowCode';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { defaultIndexName } from '../../src-shared/index-request';
import { isFloatVector } from '../../src-shared/vocabulary/index-types/column-kinds';
import {
  findIndexSpec,
  indexTypesForField,
} from '../../src-shared/vocabulary/index-types/spec-table';
import type { IndexSpec } from '../../src-shared/vocabulary/index-types/spec-types';
import type { JsonArrowSchema } from '../../src-shared/vocabulary/json-arrow-types';
import { useTableDescription } from '../api/catalog-queries';
import { queryKeys, type TableRef } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { tableInput } from '../api/table-input';
import type { JobView } from '../api/use-host-events';
import { DialogActions } from '../common/DialogActions';
import { DialogForm } from '../common/DialogForm';
import { ErrorMessage } from '../common/ErrorMessage';
import { TableModal } from '../common/TableModal';
import { NameField } from '../common/NameField';
import { SelectField } from '../common/SelectField';
import { useWorkspace } from '../state/workspace';
// The Schema tab's words for a type, so a column reads the same in both places.
import { typeLabel } from '../common/schema/schema-tree';
import { flattenColumns, type ColumnOption } from '../common/schema/column-paths';
import {
  checkIndexForm,
  factsFor,
  initialParamValues,
  suggestedValue,
  type ParamValues,
} from './index-form';
import { rankIndexTypes, type ColumnFacts } from './index-ranking';
import { ParamControl } from './ParamControl';
import { useColumnDistinct } from './use-column-distinct';
import '../common/forms.css';
import { formatNumber } from '../../src-shared/format';

export function CreateIndexDialog({ table, column }: { table: TableRef; column?: string }) {
  const description = useTableDescription(table);
  return (
    <TableModal title="Create index" table={table}>
      {description.isPending && <p className="muted">Reading the table’s schema…</p>}
      <ErrorMessage error={description.error} />
      {description.data && (
        <IndexForm
          table={table}
          // The contract types nested fields loosely; the host sends JsonArrowFields all the way down.
          columns={flattenColumns(description.data.schema as JsonArrowSchema)}
          rowCount={description.data.rowCount}
          {...(column ? { initialColumn: column } : {})}
        />
      )}
      {description.error && <DialogActions cancelLabel="Close" />}
    </TableModal>
  );
}

function ranked(column: ColumnOption | undefined, facts: ColumnFacts) {
  if (!column) return { specs: [] as IndexSpec[] };
  return rankIndexTypes(indexTypesForField(column.field), column.field, facts);
}

function firstFit(column: ColumnOption | undefined, facts: ColumnFacts): IndexSpec | undefined {
  return ranked(column, facts).specs.find((s) => !s.unsupported);
}

function IndexForm({
  table,
  columns,
  rowCount,
  initialColumn,
}: {
  table: TableRef;
  columns: ColumnOption[];
  rowCount: number;
  initialColumn?: string;
}) {
  const ws = useWorkspace();
  const call = useCall();
  const client = useQueryClient();
  const [path, setPath] = useState(
    () =>
      columns.find((c) => c.path === initialColumn)?.path ??
      columns.find((c) => firstFit(c, { rowCount }))?.path ??
      columns[0]?.path ??
      '',
  );
  const column = columns.find((c) => c.path === path);
  // Cardinality decides between a bitmap and a B-tree; vectors do not need it.
  const distinct = useColumnDistinct(
    table,
    column?.path,
    column !== undefined && !isFloatVector(column.field),
  );
  const columnFacts: ColumnFacts = useMemo(
    () => ({ rowCount, ...(distinct.data ? { distinct: distinct.data } : {}) }),
    [rowCount, distinct.data],
  );
  const ranking = useMemo(() => ranked(column, columnFacts), [column, columnFacts]);
  const fits = ranking.specs;
  const [specType, setSpecType] = useState(() => firstFit(column, { rowCount })?.type);
  /** Set once the person picks a type: a later estimate no longer moves the choice. */
  const [typePicked, setTypePicked] = useState(false);
  const spec = specType ? findIndexSpec(specType) : undefined;
  const [params, setParams] = useState<ParamValues>(() =>
    spec ? initialParamValues(spec, factsFor(column, rowCount)) : {},
  );
  const [name, setName] = useState(() => (column ? defaultIndexName(column.segments) : ''));
  const [nameEdited, setNameEdited] = useState(false);

  const choose = (nextColumn: ColumnOption | undefined, nextSpec: IndexSpec | undefined) => {
    setSpecType(nextSpec?.type);
    setParams(nextSpec ? initialParamValues(nextSpec, factsFor(nextColumn, rowCount)) : {});
    if (!nameEdited && nextColumn) setName(defaultIndexName(nextColumn.segments));
  };

  // The cardinality estimate arrives after the form opens: it may change the best fit. Only a
  // new best fit moves the choice, not every render.
  const best = fits.find((s) => !s.unsupported);
  useEffect(() => {
    if (!typePicked && best && best.type !== specType) choose(column, best);
  }, [best?.type, typePicked, column?.path, specType]);

  const checked =
    column && spec ? checkIndexForm({ column, spec, name, params }, rowCount) : undefined;
  const problem = !column
    ? 'The table has no columns'
    : !spec
      ? `No index type fits column ${column.path} (${typeLabel(column.field)})`
      : checked?.problem;

  const create = useMutation({
    mutationFn: () => call('indexes:create', { ...tableInput(table), request: checked!.request }),
    onSuccess: (record) => {
      const view: JobView = { ...record, connectionId: table.connectionId };
      client.setQueryData<JobView[]>(queryKeys.jobs(), (list = []) =>
        list.some((j) => j.id === view.id) ? list : [view, ...list],
      );
      void client.invalidateQueries({ queryKey: queryKeys.indexes(table) });
      ws.closeDialog();
      ws.openTable(table, 'indexes');
      ws.setJobsOpen(true);
    },
  });
  const facts = factsFor(column, rowCount);
  // Indented by depth, so a nested path reads under its parent.
  const columnOptions = columns.map(
    (c) => [c.path, `${'\u00a0\u00a0'.repeat(c.depth)}${c.path} · ${typeLabel(c.field)}`] as const,
  );

  return (
    <DialogForm
      noValidate
      onSubmit={() => {
        if (!problem) create.mutate();
      }}
    >
      <SelectField
        label="Column"
        value={path}
        options={columnOptions}
        onChange={(value) => {
          const next = columns.find((c) => c.path === value);
          setPath(value);
          setTypePicked(false);
          choose(next, firstFit(next, { rowCount }));
        }}
      />

      <fieldset>
        <legend>Index type</legend>
        {fits.length === 0 && column && (
          <p className="help">
            No index type fits a {typeLabel(column.field)} column. Pick another column.
          </p>
        )}
        {ranking.reason && best && (
          <p className="help" data-testid="index-type-advice">
            Suggested first: {best.label}. {ranking.reason}.
          </p>
        )}
        <div className="index-types" role="radiogroup" aria-label="Index type">
          {fits.map((s) => (
            <label
              key={s.type}
              className={s.unsupported ? 'index-type unsupported' : 'index-type'}
              title={s.unsupported ? `Not available: ${s.unsupported}` : s.help}
            >
              <input
                type="radio"
                name="index-type"
                value={s.type}
                aria-label={s.label}
                checked={specType === s.type}
                disabled={Boolean(s.unsupported)}
                onChange={() => {
                  setTypePicked(true);
                  choose(column, s);
                }}
              />
              <span>
                {s.label} <code className="muted">{s.type}</code>
                <span className="help" style={{ display: 'block' }}>
                  {s.unsupported ? `Not available: ${s.unsupported}` : s.help}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <NameField
        label="Index name"
        value={name}
        onChange={(value) => {
          setName(value);
          setNameEdited(true);
        }}
        touched
      />

      {spec && spec.params.length > 0 && (
        <fieldset>
          <legend>{spec.label} parameters</legend>
          <div className="params">
            {spec.params.map((param) => (
              <ParamControl
                key={param.name}
                param={param}
                value={params[param.name] ?? ''}
                suggested={suggestedValue(param, facts)}
                onChange={(value) => setParams((p) => ({ ...p, [param.name]: value }))}
              />
            ))}
          </div>
        </fieldset>
      )}
      {spec && spec.params.length === 0 && (
        <p className="help">{spec.label} takes no parameters.</p>
      )}

      <div className="show-code">
        <ShowCode
          connectionId={table.connectionId}
          action={() =>
            checked && !problem
              ? {
                  kind: 'create-index',
                  target: { namespacePath: [...table.path], table: table.table },
                  request: checked.request,
                }
              : undefined
          }
        />
      </div>
      <DialogActions
        label="Create index"
        pendingLabel="Starting…"
        pending={create.isPending}
        disabled={Boolean(problem)}
        error={create.error}
        problem={problem}
        problemLabel="Index form problem"
        note={
          <span className="help" style={{ marginRight: 'auto' }}>
            {formatNumber(rowCount)} rows
            {facts.dimension !== undefined ? ` · dimension ${facts.dimension}` : ''}
          </span>
        }
      />
    </DialogForm>
  );
}
