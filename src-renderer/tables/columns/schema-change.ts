/**
 * One schema change as the dialogs build it, and what follows from it without asking the host:
 * the request it becomes, the schema it leaves (for the preview), the indexes it takes along,
 * and the sentence that announces it. Columns are named by their field names from the root
 * (`segments`), so nested struct members work the same as top-level columns.
 */
import type { JsonArrowField } from '../../../src-shared/vocabulary/json-arrow-types';
import type { ProcedureInput, ProcedureOutput } from '../../../src-shared/studio-procedures';
import { formatFieldPath } from '../../../src-shared/vocabulary/field-paths';
import { flattenSchema, typeLabel } from '../../common/schema/schema-tree';

export type SchemaChange =
  | { kind: 'add'; name: string; expression: string }
  | { kind: 'add'; name: string; dataType: string }
  | { kind: 'rename'; segments: string[]; newName: string }
  | { kind: 'cast'; segments: string[]; dataType: string }
  | { kind: 'nullable'; segments: string[] }
  | { kind: 'drop'; segments: string[] };

type Target = 'connectionId' | 'path' | 'table';
export type SchemaChangeRequest =
  | { name: 'columns:add'; input: Omit<ProcedureInput<'columns:add'>, Target> }
  | { name: 'columns:alter'; input: Omit<ProcedureInput<'columns:alter'>, Target> }
  | { name: 'columns:drop'; input: Omit<ProcedureInput<'columns:drop'>, Target> };
export type SchemaChangeResult = ProcedureOutput<'columns:add'>;

/** The canonical path the engine resolves, e.g. meta.score or meta.`a.b`. */
export function columnPath(change: SchemaChange): string {
  return change.kind === 'add' ? formatFieldPath([change.name]) : formatFieldPath(change.segments);
}

export function requestFor(change: SchemaChange): SchemaChangeRequest {
  switch (change.kind) {
    case 'add':
      return {
        name: 'columns:add',
        input: {
          columns: [
            'expression' in change
              ? { name: change.name, expression: change.expression }
              : { name: change.name, dataType: { type: change.dataType } },
          ],
        },
      };
    case 'rename':
      return {
        name: 'columns:alter',
        input: { alterations: [{ path: columnPath(change), rename: change.newName }] },
      };
    case 'cast':
      return {
        name: 'columns:alter',
        input: { alterations: [{ path: columnPath(change), dataType: { type: change.dataType } }] },
      };
    case 'nullable':
      return {
        name: 'columns:alter',
        input: { alterations: [{ path: columnPath(change), nullable: true }] },
      };
    case 'drop':
      return { name: 'columns:drop', input: { columns: [columnPath(change)] } };
  }
}

export type ChangeMark = 'added' | 'renamed' | 'retyped' | 'nullable' | 'dropped';

export interface PreviewRow {
  id: string;
  depth: number;
  name: string;
  typeLabel: string;
  /** Undefined where the engine decides it (a computed column takes its expression's). */
  nullable: boolean | undefined;
  change?: ChangeMark;
  /** What it was, or where it comes from: "was int32", "= id * 2". */
  note?: string;
}

/** flattenSchema's row ids: the names from the root joined by NUL. */
const idOf = (segments: readonly string[]) => segments.join('\u0000');

function updateAt(
  fields: readonly JsonArrowField[],
  segments: readonly string[],
  update: (field: JsonArrowField) => JsonArrowField,
): JsonArrowField[] {
  const [head, ...rest] = segments;
  return fields.map((field) => {
    if (field.name !== head) return field;
    if (rest.length === 0) return update(field);
    return {
      ...field,
      type: { ...field.type, fields: updateAt(field.type.fields ?? [], rest, update) },
    };
  });
}

export function fieldAt(
  fields: readonly JsonArrowField[],
  segments: readonly string[],
): JsonArrowField | undefined {
  const [head, ...rest] = segments;
  const field = fields.find((f) => f.name === head);
  if (!field || rest.length === 0) return field;
  return fieldAt(field.type.fields ?? [], rest);
}

/** The names beside a column, which a new or renamed one must not take. */
export function siblingNames(
  fields: readonly JsonArrowField[],
  segments: readonly string[],
): string[] {
  const parent = segments.slice(0, -1);
  const list = parent.length === 0 ? fields : (fieldAt(fields, parent)?.type.fields ?? []);
  const own = segments[segments.length - 1];
  return list.map((f) => f.name).filter((name) => name !== own);
}

const rowsOf = (fields: readonly JsonArrowField[]): PreviewRow[] =>
  flattenSchema(fields).map((r) => ({
    id: r.id,
    depth: r.depth,
    name: r.name,
    typeLabel: r.typeLabel,
    nullable: r.nullable,
  }));

function mark(rows: PreviewRow[], id: string, change: ChangeMark, note?: string): PreviewRow[] {
  return rows.map((r) => (r.id === id ? { ...r, change, ...(note ? { note } : {}) } : r));
}

/**
 * The schema after the change, every struct expanded, the changed row marked. A dropped column
 * stays listed, marked with everything under it, so the preview shows what goes.
 */
export function previewSchema(
  fields: readonly JsonArrowField[],
  change: SchemaChange | undefined,
): PreviewRow[] {
  if (!change) return rowsOf(fields);
  if (change.kind === 'add') {
    const computed = 'expression' in change;
    return [
      ...rowsOf(fields),
      {
        id: idOf([change.name]),
        depth: 0,
        name: change.name,
        typeLabel: computed ? 'from the expression' : change.dataType,
        nullable: computed ? undefined : true,
        change: 'added',
        note: computed ? `= ${change.expression}` : 'all null',
      },
    ];
  }
  const field = fieldAt(fields, change.segments);
  if (!field) return rowsOf(fields);
  const id = idOf(change.segments);
  switch (change.kind) {
    case 'rename': {
      const renamed = updateAt(fields, change.segments, (f) => ({ ...f, name: change.newName }));
      const newId = idOf([...change.segments.slice(0, -1), change.newName]);
      return mark(rowsOf(renamed), newId, 'renamed', `was ${field.name}`);
    }
    case 'cast': {
      const cast = updateAt(fields, change.segments, (f) => ({
        ...f,
        type: { type: change.dataType },
      }));
      return mark(rowsOf(cast), id, 'retyped', `was ${typeLabel(field)}`);
    }
    case 'nullable': {
      const loosened = updateAt(fields, change.segments, (f) => ({ ...f, nullable: true }));
      return mark(rowsOf(loosened), id, 'nullable', 'was non-nullable');
    }
    case 'drop':
      return rowsOf(fields).map((r) =>
        r.id === id || r.id.startsWith(`${id}\u0000`) ? { ...r, change: 'dropped' } : r,
      );
  }
}

/** Indexes on the column or on anything nested under it: a drop takes them along. */
export function indexesCovering(
  indexes: readonly { name: string; columns: readonly string[] }[],
  path: string,
): string[] {
  return indexes
    .filter((index) => index.columns.some((c) => c === path || c.startsWith(`${path}.`)))
    .map((index) => index.name);
}

/** The toast after success, with the new version a person can restore from. */
export function changeSummary(change: SchemaChange, result: SchemaChangeResult): string {
  const path = columnPath(change);
  const done = (() => {
    switch (change.kind) {
      case 'add':
        return `Added column ${path}`;
      case 'rename':
        return `Renamed column ${path} to ${change.newName}`;
      case 'cast':
        return `Changed column ${path} to ${change.dataType}`;
      case 'nullable':
        return `Made column ${path} nullable`;
      case 'drop': {
        const gone = result.droppedIndexes ?? [];
        return gone.length === 0
          ? `Dropped column ${path}`
          : `Dropped column ${path} and index${gone.length === 1 ? '' : 'es'} ${gone.join(', ')}`;
      }
    }
  })();
  return `${done} (version ${result.version})`;
}
