/**
 * Add a column: computed for every row from an SQL expression over the existing columns, or all
 * null of a chosen type (which writes no data). LanceDB adds one kind per commit, so the dialog
 * asks for one column at a time.
 */
import { useState } from 'react';
import type { JsonArrowField } from '../../../src-shared/vocabulary/json-arrow-types';
import { useTableDescription } from '../../api/catalog-queries';
import type { TableRef } from '../../api/query-keys';
import { RadioGroup } from '../../common/RadioGroup';
import { SelectField } from '../../common/SelectField';
import { SCALAR_TYPE_LABELS } from '../../common/schema/type-names';
import { columnNameProblem } from './column-name';
import { ColumnNameField } from './ColumnNameField';
import { NULL_COLUMN_TYPES } from './column-types';
import type { SchemaChange } from './schema-change';
import {
  SchemaChangeFrame,
  SchemaChangeLoading,
  type SchemaChangeTarget,
} from './SchemaChangeFrame';
import { formatNumber } from '../../../src-shared/format';

const TITLE = 'Add column';

type ValueKind = 'expression' | 'null';
const NULL_TYPE_OPTIONS = NULL_COLUMN_TYPES.map((t) => [t, SCALAR_TYPE_LABELS[t]] as const);

const VALUE_KINDS: ReadonlyArray<readonly [ValueKind, string]> = [
  ['expression', 'Computed from an SQL expression'],
  ['null', 'All null, of a type'],
];

export function AddColumnDialog({ table }: { table: TableRef }) {
  const description = useTableDescription(table);
  if (!description.data) {
    return <SchemaChangeLoading title={TITLE} table={table} error={description.error} />;
  }
  return (
    <AddColumnForm
      target={{ title: TITLE, table, fields: description.data.schema.fields as JsonArrowField[] }}
      rowCount={description.data.rowCount}
    />
  );
}

function AddColumnForm({ target, rowCount }: { target: SchemaChangeTarget; rowCount: number }) {
  const [name, setName] = useState('');
  const [kind, setKind] = useState<ValueKind>('expression');
  const [expression, setExpression] = useState('');
  const [dataType, setDataType] = useState<string>('int64');
  const nameProblem = columnNameProblem(
    name,
    target.fields.map((f) => f.name),
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
    name === ''
      ? undefined
      : kind === 'expression'
        ? { kind: 'add', name, expression: expression.trim() }
        : { kind: 'add', name, dataType };

  return (
    <SchemaChangeFrame
      {...target}
      change={change}
      problem={problem}
      confirmLabel="Add column"
      consequence={
        kind === 'expression' ? (
          <p>
            Computes <strong>{name || 'the new column'}</strong> for each of the{' '}
            {formatNumber(rowCount)} rows and writes it as a new column; the existing columns are
            not rewritten.
          </p>
        ) : (
          <p>
            Adds <strong>{name || 'the new column'}</strong> as an all-null {dataType} column. No
            rows are rewritten: every row reads null until it is updated.
          </p>
        )
      }
    >
      <ColumnNameField
        label="Column name"
        value={name}
        onChange={setName}
        invalid={Boolean(nameProblem) && name !== ''}
      />
      <fieldset>
        <legend>Values</legend>
        <RadioGroup
          label="Values"
          className="value-kinds"
          value={kind}
          options={VALUE_KINDS}
          onChange={setKind}
        />
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
          <SelectField
            label="Type"
            value={dataType}
            options={NULL_TYPE_OPTIONS}
            onChange={setDataType}
          />
        )}
      </fieldset>
    </SchemaChangeFrame>
  );
}
