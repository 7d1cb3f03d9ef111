/**
 * Rename a column, change its type, make it nullable, or drop it. Each names what it rewrites:
 * a rename and nullability touch only the schema, a cast rewrites the column's values in every
 * row, a drop writes a version without the column and takes the indexes on it along. The
 * indexes come from the same listing as the Indexes tab.
 */
import { useState } from 'react';
import type { JsonArrowField } from '../../src-shared/vocabulary/json-arrow-types';
import { useIndexes, useTableDescription } from '../api/catalog-queries';
import type { TableRef } from '../api/query-keys';
import { typeLabel } from '../table/schema-tree';
import { columnNameProblem } from './column-name';
import { castTargets } from './column-types';
import {
  fieldAt,
  indexesCovering,
  siblingNames,
  type ColumnAction,
  type SchemaChange,
} from './schema-change';
import { formatFieldPath } from '../../src-shared/vocabulary/field-paths';
import { SchemaChangeFrame, SchemaChangeLoading } from './SchemaChangeFrame';

const fmt = (n: number) => n.toLocaleString('en-US');

function titleOf(action: ColumnAction, path: string): string {
  switch (action) {
    case 'rename':
      return `Rename column ${path}`;
    case 'cast':
      return `Change type of ${path}`;
    case 'nullable':
      return `Make ${path} nullable`;
    case 'drop':
      return `Drop column ${path}`;
  }
}

export function ColumnChangeDialog({
  table,
  action,
  segments,
}: {
  table: TableRef;
  action: ColumnAction;
  segments: string[];
}) {
  const description = useTableDescription(table);
  const path = formatFieldPath(segments);
  const title = titleOf(action, path);
  if (!description.data) {
    return <SchemaChangeLoading title={title} table={table} error={description.error} />;
  }
  const fields = description.data.schema.fields as JsonArrowField[];
  const field = fieldAt(fields, segments);
  if (!field) {
    return (
      <SchemaChangeLoading
        title={title}
        table={table}
        error={new Error(`The table no longer has a column ${path}`)}
      />
    );
  }
  const props = {
    table,
    fields,
    field,
    segments,
    path,
    title,
    rowCount: description.data.rowCount,
  };
  switch (action) {
    case 'rename':
      return <RenameColumn {...props} />;
    case 'cast':
      return <CastColumn {...props} />;
    case 'nullable':
      return <MakeNullable {...props} />;
    case 'drop':
      return <DropColumn {...props} />;
  }
}

interface FormProps {
  table: TableRef;
  fields: JsonArrowField[];
  field: JsonArrowField;
  segments: string[];
  path: string;
  title: string;
  rowCount: number;
}

/** The names of the indexes on the column, or a note while they are listed. */
function useCoveringIndexes(table: TableRef, path: string) {
  const indexes = useIndexes(table);
  const covering = indexes.data ? indexesCovering(indexes.data, path) : undefined;
  // A failed listing must not block the change; the host still refuses what LanceDB refuses.
  const waiting = indexes.isPending ? 'Listing the table’s indexes…' : undefined;
  return { covering, waiting, error: indexes.error };
}

const names = (list: readonly string[]) => (
  <>
    {list.map((name, i) => (
      <span key={name}>
        {i > 0 && ', '}
        <code>{name}</code>
      </span>
    ))}
  </>
);

function RenameColumn({ table, fields, field, segments, path, title }: FormProps) {
  const [newName, setNewName] = useState(field.name);
  const { covering } = useCoveringIndexes(table, path);
  const problem = columnNameProblem(newName, siblingNames(fields, segments), segments.length === 1);
  const unchanged = newName === field.name;
  const change: SchemaChange | undefined =
    problem || unchanged ? undefined : { kind: 'rename', segments, newName };
  return (
    <SchemaChangeFrame
      title={title}
      table={table}
      fields={fields}
      change={change}
      problem={problem}
      confirmLabel="Rename column"
      consequence={
        <>
          <p>
            Renames <strong>{path}</strong>
            {unchanged ? '' : ` to ${newName}`}. Only the schema changes: no rows are rewritten.
            Filters, queries and scripts that name {path} must use the new name.
          </p>
          {covering && covering.length > 0 && (
            <p>Its indexes follow it under the new name: {names(covering)}.</p>
          )}
        </>
      }
    >
      <label className="field">
        <span>New name</span>
        <input
          aria-label="New name"
          value={newName}
          autoFocus
          spellCheck={false}
          aria-invalid={Boolean(problem)}
          onChange={(e) => setNewName(e.target.value)}
        />
      </label>
    </SchemaChangeFrame>
  );
}

function CastColumn({ table, fields, field, segments, path, title, rowCount }: FormProps) {
  const targets = castTargets(field.type);
  const [dataType, setDataType] = useState(targets[0] ?? '');
  const { covering, waiting } = useCoveringIndexes(table, path);
  // LanceDB refuses to cast an indexed column: the index would describe values that changed.
  const problem =
    targets.length === 0
      ? `No type is compatible with ${typeLabel(field)}`
      : covering && covering.length > 0
        ? `LanceDB cannot change the type of a column that has an index. Drop ${covering.join(', ')} in the Indexes tab first, and build it again after the change.`
        : undefined;
  return (
    <SchemaChangeFrame
      title={title}
      table={table}
      fields={fields}
      change={problem ? undefined : { kind: 'cast', segments, dataType }}
      problem={problem}
      waiting={waiting}
      confirmLabel="Change type"
      consequence={
        <p>
          Rewrites column <strong>{path}</strong> from {typeLabel(field)} to {dataType} in all{' '}
          {fmt(rowCount)} rows, as a new version. The other columns are not rewritten.
        </p>
      }
    >
      <label className="field">
        <span>New type</span>
        <select
          aria-label="New type"
          value={dataType}
          onChange={(e) => setDataType(e.target.value)}
        >
          {targets.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <span className="help">
          Only the types {typeLabel(field)} converts to without failing on some values.
        </span>
      </label>
    </SchemaChangeFrame>
  );
}

function MakeNullable({ table, fields, field, segments, path, title }: FormProps) {
  const problem = field.nullable ? `${path} is already nullable` : undefined;
  return (
    <SchemaChangeFrame
      title={title}
      table={table}
      fields={fields}
      change={problem ? undefined : { kind: 'nullable', segments }}
      problem={problem}
      confirmLabel="Make nullable"
      consequence={
        <p>
          Lets <strong>{path}</strong> hold nulls. Only the schema changes: no rows are rewritten.
          It cannot be made non-nullable again, since rows may then hold nulls.
        </p>
      }
    />
  );
}

function DropColumn({ table, fields, segments, path, title, rowCount }: FormProps) {
  const { covering, waiting, error } = useCoveringIndexes(table, path);
  const problem =
    segments.length === 1 && fields.length === 1
      ? 'A table keeps at least one column: drop the table instead'
      : undefined;
  return (
    <SchemaChangeFrame
      title={title}
      table={table}
      fields={fields}
      change={problem ? undefined : { kind: 'drop', segments }}
      problem={problem}
      waiting={waiting}
      danger
      confirmLabel="Drop column"
      consequence={
        <>
          <p>
            Writes a new version of the table without <strong>{path}</strong> ({fmt(rowCount)}{' '}
            rows). Older versions keep its values: restoring one brings the column back.
          </p>
          {covering && covering.length > 0 ? (
            <p>
              {covering.length === 1 ? 'This index is' : 'These indexes are'} dropped with it:{' '}
              {names(covering)}.
            </p>
          ) : error ? (
            <p>The table’s indexes could not be listed; any index on {path} is dropped with it.</p>
          ) : (
            <p>No index covers it.</p>
          )}
        </>
      }
    />
  );
}
