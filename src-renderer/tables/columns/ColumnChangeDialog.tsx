/**
 * Rename a column, change its type, make it nullable, or drop it. Each names what it rewrites:
 * a rename and nullability touch only the schema, a cast rewrites the column's values in every
 * row, a drop writes a version without the column and takes the indexes on it along. The
 * indexes come from the same listing as the Indexes tab.
 */
import { useState } from 'react';
import type { JsonArrowField } from '../../../src-shared/vocabulary/json-arrow-types';
import { useIndexes, useTableDescription } from '../../api/catalog-queries';
import type { TableRef } from '../../api/query-keys';
import { SelectField } from '../../common/SelectField';
import { typeLabel } from '../../common/schema/schema-tree';
import { columnNameProblem } from './column-name';
import { ColumnNameField } from './ColumnNameField';
import { castTargets } from './column-types';
import type { ColumnAction } from '../../state/workspace';
import { fieldAt, indexesCovering, siblingNames } from './schema-change';
import { formatFieldPath } from '../../../src-shared/vocabulary/field-paths';
import {
  SchemaChangeFrame,
  SchemaChangeLoading,
  type SchemaChangeTarget,
} from './SchemaChangeFrame';
import { formatNumber } from '../../../src-shared/format';

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
    target: { title, table, fields },
    field,
    segments,
    path,
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
  target: SchemaChangeTarget;
  field: JsonArrowField;
  segments: string[];
  path: string;
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

function RenameColumn({ target, field, segments, path }: FormProps) {
  const [newName, setNewName] = useState(field.name);
  const { covering } = useCoveringIndexes(target.table, path);
  const siblings = siblingNames(target.fields, segments);
  const problem = columnNameProblem(newName, siblings, segments.length === 1);
  const unchanged = newName === field.name;
  return (
    <SchemaChangeFrame
      {...target}
      change={unchanged ? undefined : { kind: 'rename', segments, newName }}
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
      <ColumnNameField
        label="New name"
        value={newName}
        onChange={setNewName}
        invalid={Boolean(problem)}
      />
    </SchemaChangeFrame>
  );
}

function CastColumn({ target, field, segments, path, rowCount }: FormProps) {
  const targets = castTargets(field.type);
  const [dataType, setDataType] = useState(targets[0] ?? '');
  const { covering, waiting } = useCoveringIndexes(target.table, path);
  // LanceDB refuses to cast an indexed column: the index would describe values that changed.
  const problem =
    targets.length === 0
      ? `No type is compatible with ${typeLabel(field)}`
      : covering && covering.length > 0
        ? `LanceDB cannot change the type of a column that has an index. Drop ${covering.join(', ')} in the Indexes tab first, and build it again after the change.`
        : undefined;
  return (
    <SchemaChangeFrame
      {...target}
      change={{ kind: 'cast', segments, dataType }}
      problem={problem}
      waiting={waiting}
      confirmLabel="Change type"
      consequence={
        <p>
          Rewrites column <strong>{path}</strong> from {typeLabel(field)} to {dataType} in all{' '}
          {formatNumber(rowCount)} rows, as a new version. The other columns are not rewritten.
        </p>
      }
    >
      <SelectField
        label="New type"
        value={dataType}
        options={targets.map((t) => [t, t] as const)}
        onChange={setDataType}
      >
        <span className="help">
          Only the types {typeLabel(field)} converts to without failing on some values.
        </span>
      </SelectField>
    </SchemaChangeFrame>
  );
}

function MakeNullable({ target, field, segments, path }: FormProps) {
  return (
    <SchemaChangeFrame
      {...target}
      change={{ kind: 'nullable', segments }}
      problem={field.nullable ? `${path} is already nullable` : undefined}
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

function DropColumn({ target, segments, path, rowCount }: FormProps) {
  const { covering, waiting, error } = useCoveringIndexes(target.table, path);
  return (
    <SchemaChangeFrame
      {...target}
      change={{ kind: 'drop', segments }}
      problem={
        segments.length === 1 && target.fields.length === 1
          ? 'A table keeps at least one column: drop the table instead'
          : undefined
      }
      waiting={waiting}
      danger
      confirmLabel="Drop column"
      consequence={
        <>
          <p>
            Writes a new version of the table without <strong>{path}</strong> (
            {formatNumber(rowCount)} rows). Older versions keep its values: restoring one brings the
            column back.
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
