/**
 * Add a column: computed for every row from an SQL expression over the existing columns, or all
 * null of a chosen type (which writes no data). LanceDB adds one kind per commit, so the dialog
 * asks for one column at a time.
 */
import { useState } from 'react';
import type { JsonArrowField } from '../../src-shared/vocabulary/json-arrow-types';
import { useTableDescription } from '../api/catalog-queries';
import type { TableRef } from '../api/query-keys';
import { SCALAR_TYPE_LABELS } from '../create/type-names';
import { columnNameProblem } from './column-name';
import { NULL_COLUMN_TYPES } from './column-types';
import type { SchemaChange } from './schema-change';
import { SchemaChangeFrame, SchemaChangeLoading } from './SchemaChangeFrame';

const TITLE = 'Add column';
const fmt = (n: number) => n.toLocaleString('en-US');

export function AddColumnDialog({ table }: { table: TableRef }) {
  const description = useTableDescription(table);
  if (!description.data) {
    return <SchemaChangeLoading title={TITLE} table={table} error={description.error} />;
  }
  return (
    <AddColumnForm
      table={table}
      fields={description.data.schema.fields as JsonArrowField[]}
      rowCount={description.data.rowCount}
    />
  );
}

function AddColumnForm({
  table,
  fields,
  rowCount,
}: {
  table: TableRef;
  fields: JsonArrowField[];
  rowCount: number;
}) {
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'expression' | 'null'>('expression');
  const [expression, setExpression] = useState('');
  const [dataType, setDataType] = useState<string>('int64');
  const nameProblem = columnNameProblem(
    name,
    fields.map((f) => f.name),
    true,
  );
  const problem =
    name === ''
      ? undefined
      : (nameProblem ??
        (kind === 'expression' && expression.trim() === ''
          ? 'Write an SQL expression over the existing columns'
          : undefined));
  const change: SchemaChange | undefined =
    name === '' || problem
      ? undefined
      : kind === 'expression'
        ? { kind: 'add', name, expression: expression.trim() }
        : { kind: 'add', name, dataType };

  return (
    <SchemaChangeFrame
      title={TITLE}
      table={table}
      fields={fields}
      change={change}
      problem={problem}
      confirmLabel="Add column"
      consequence={
        kind === 'expression' ? (
          <p>
            Computes <strong>{name || 'the new column'}</strong> for each of the {fmt(rowCount)}{' '}
            rows and writes it as a new column; the existing columns are not rewritten.
          </p>
        ) : (
          <p>
            Adds <strong>{name || 'the new column'}</strong> as an all-null {dataType} column. No
            rows are rewritten: every row reads null until it is updated.
          </p>
        )
      }
    >
      <label className="field">
        <span>Column name</span>
        <input
          aria-label="Column name"
          value={name}
          autoFocus
          spellCheck={false}
          aria-invalid={Boolean(nameProblem) && name !== ''}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <fieldset>
        <legend>Values</legend>
        <div className="value-kinds" role="radiogroup" aria-label="Values">
          <label className="check">
            <input
              type="radio"
              name="value-kind"
              checked={kind === 'expression'}
              onChange={() => setKind('expression')}
            />
            Computed from an SQL expression
          </label>
          <label className="check">
            <input
              type="radio"
              name="value-kind"
              checked={kind === 'null'}
              onChange={() => setKind('null')}
            />
            All null, of a type
          </label>
        </div>
        {kind === 'expression' ? (
          <label className="field">
            <span>SQL expression</span>
            <textarea
              className="mono expression-input"
              aria-label="SQL expression"
              placeholder="e.g. id * 2, upper(name), price * quantity"
              spellCheck={false}
              value={expression}
              onChange={(e) => setExpression(e.target.value)}
            />
            <span className="help">
              Evaluated for every row over its existing columns; the result decides the type.
            </span>
          </label>
        ) : (
          <label className="field">
            <span>Type</span>
            <select
              aria-label="Type"
              value={dataType}
              onChange={(e) => setDataType(e.target.value)}
            >
              {NULL_COLUMN_TYPES.map((t) => (
                <option key={t} value={t}>
                  {SCALAR_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </label>
        )}
      </fieldset>
    </SchemaChangeFrame>
  );
}
