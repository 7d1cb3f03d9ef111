/**
 * The grid's pending changes checked against the table's schema, all before anything is written:
 * every column named, every value read by its column's type (cell-text.ts), every predicate and
 * every generated expression through the expression gate. What comes out is what the commit
 * writes: each edited column's new values, the new rows as Arrow, the deletions' predicates. A refusal names the edit, new row or deletion (counted from 1) and the column.
 */
import type { Field, Schema, Table } from 'apache-arrow';
import { CatalogError, errors } from '../../../src-shared/vocabulary/errors';
import { gateExpression } from '../../../src-shared/expression-gate/expression-gate';
import { CastFailure } from '../imports/column-casts';
import { readCell, type CellValue } from './cell-text';
import { insertTable, type NewRow } from './insert-table';
import { columnValues } from './sql-literal';

type CellTexts = Readonly<Record<string, string | null>>;

export interface PendingChanges {
  edits: ReadonlyArray<{ predicate: string; values: CellTexts }>;
  inserts: readonly CellTexts[];
  deletes: readonly string[];
}

export interface ColumnEdits {
  field: Field;
  edits: Array<{ edit: number; value: CellValue }>;
}

export interface CommitPlan {
  /** Each edit's predicate as gated, in order. */
  edits: string[];
  /**
   * Each edited column with the edits that change it (by edit number, from 0) and their values.
   * The SET expressions are built once the rows are resolved (commit-rows.ts), from columns no
   * edit changes: Lance sets an update's columns one after another, each seeing the ones before.
   */
  columns: ColumnEdits[];
  /** The new rows in the table's schema; undefined when there are none. */
  rows: Table | undefined;
  /** The same new rows' values as read, by column, for the review to list. */
  newRows: NewRow[];
  /** Each deletion's predicate as gated, in order. */
  deletes: string[];
}

export function planCommit(schema: Schema, changes: PendingChanges): CommitPlan {
  const fields = new Map(schema.fields.map((f) => [f.name, f]));
  const fieldOf = (name: string, where: string): Field => {
    const field = fields.get(name);
    if (!field) {
      throw errors.TableColumnNotFound(`${where}: the table has no column ${JSON.stringify(name)}`);
    }
    return field;
  };
  const read = (text: string | null, field: Field, where: string): CellValue => {
    const at = `${where}, column ${JSON.stringify(field.name)}`;
    let value: CellValue;
    try {
      value = readCell(text, field);
    } catch (error) {
      if (error instanceof CastFailure) throw errors.InvalidInput(`${at}: ${error.message}`);
      throw error;
    }
    if (value.kind === 'null' && !field.nullable) {
      throw errors.TableSchemaValidationError(`${at}: the column cannot be null`);
    }
    return value;
  };

  const edits = changes.edits.map((edit, i) => {
    const where = `Edit ${i + 1}`;
    if (Object.keys(edit.values).length === 0) {
      throw errors.InvalidInput(`${where} changes no column`);
    }
    return gateExpression(edit.predicate, { what: `condition of edit ${i + 1}` });
  });

  const byColumn = new Map<string, ColumnEdits>();
  changes.edits.forEach((edit, i) => {
    for (const [name, text] of Object.entries(edit.values)) {
      const field = fieldOf(name, `Edit ${i + 1}`);
      const column = byColumn.get(name) ?? { field, edits: [] };
      column.edits.push({ edit: i, value: read(text, field, `Edit ${i + 1}`) });
      byColumn.set(name, column);
    }
  });

  const rows: NewRow[] = changes.inserts.map((insert, i) => {
    const where = `New row ${i + 1}`;
    const row = new Map<string, CellValue>();
    for (const [name, text] of Object.entries(insert)) {
      const field = fieldOf(name, where);
      row.set(name, read(text, field, where));
    }
    for (const field of schema.fields) {
      if (!field.nullable && !row.has(field.name)) {
        throw errors.TableSchemaValidationError(
          `${where}: column ${JSON.stringify(field.name)} cannot be null and has no value`,
        );
      }
    }
    return row;
  });

  const deletes = changes.deletes.map((predicate, i) =>
    gateExpression(predicate, { what: `condition of deletion ${i + 1}` }),
  );
  return {
    edits,
    columns: [...byColumn.values()],
    rows: rows.length > 0 ? insertTable(schema, rows) : undefined,
    newRows: rows,
    deletes,
  };
}

/**
 * Column → the SET expression for every edited column, each edit's value picked where its
 * row's condition holds (`selectors`, by edit number; none when one row is edited, which the
 * update's filter names alone).
 */
export function updatesFor(
  plan: Pick<CommitPlan, 'columns'>,
  selectors: ReadonlyArray<string | undefined> | undefined,
): Record<string, string> {
  return Object.fromEntries(
    plan.columns.map(({ field, edits }) => [
      field.name,
      gatedValues(
        field,
        edits.map(({ edit, value }) => ({ predicate: selectors?.[edit], value })),
      ),
    ]),
  );
}

/**
 * One column's new values as one expression, through the gate. Each predicate passed alone; what
 * the gate can refuse here is their sum. The list of values is built for every edited row, so the
 * gate holds one column's values in a commit to GATE_LIMITS.maxConstantBytes per row (8 KiB, each
 * value counted as at least 16 bytes, each number of a vector too: about 500 short values, or one
 * vector of up to 511 numbers), and the whole expression to GATE_LIMITS.maxNodes (each edit's
 * predicate is repeated in it). Fewer edits per commit fit; a single value over the limit (text of
 * more than 8 KiB, a vector of 512 numbers or more) cannot be written by an edit at all.
 */
function gatedValues(
  field: Field,
  edits: ReadonlyArray<{ predicate: string | undefined; value: CellValue }>,
): string {
  const what = `new values of ${field.name}`;
  try {
    return gateExpression(columnValues(field, edits), { what });
  } catch (error) {
    if (!(error instanceof CatalogError)) throw error;
    const column = JSON.stringify(field.name);
    const advice =
      edits.length === 1
        ? `the edit of column ${column} is too large for an update`
        : `the ${edits.length} edits of column ${column} do not fit in one update; commit them in smaller groups`;
    throw errors.InvalidInput(
      `${advice} (${error.message.replace(/, at character [\s\S]*$/, '')})`.replace(/^t/, 'T'),
      error.detail === undefined ? undefined : { detail: error.detail },
    );
  }
}
