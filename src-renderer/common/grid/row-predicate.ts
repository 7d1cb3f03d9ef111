/**
 * The SQL that names one row of the grid, for editing or deleting it, and the row as text to
 * copy. A table has no row key the grid can rely on, so the predicate is built from the row's
 * values: a column named like a key (`id`, `uuid`, `key`, …) alone when the row has one, else
 * every single-value column but floats (whose text form is not always the stored value). The
 * confirmation shows the predicate and how many rows it matches before anything is changed, so a
 * row that is not unique is never changed by surprise.
 */
import { gateExpression } from '../../../src-shared/expression-gate/expression-gate';
import type { Cell } from './cell-model';
import {
  KEY_COLUMN_NAMES,
  sqlIdentifier,
  sqlString,
} from '../../../src-shared/sql-expression/sql-names';

export { sqlIdentifier, sqlString };
import { formatNumber } from '../../../src-shared/format';

export interface RowCell {
  column: { name: string; typeLabel: string };
  cell: Cell;
}

/** Column type labels (the Schema tab's words) by what a value of them is. */
export const INT = /^u?int(8|16|32|64)$/;
export const TEXT = /^(large_)?utf8$/;

/** Whether a column of this type can take part in a row's predicate (compared exactly). */
export function canNameRow(typeLabel: string): boolean {
  return INT.test(typeLabel) || TEXT.test(typeLabel) || typeLabel === 'bool';
}

/** The SQL literal of a cell whose column can be compared exactly, or undefined. */
export function sqlLiteral(cell: Cell, typeLabel: string): string | undefined {
  if (cell.kind === 'null') return 'NULL';
  if (INT.test(typeLabel) && cell.kind === 'number') return cell.full;
  if (TEXT.test(typeLabel) && cell.kind === 'text') return sqlString(cell.text);
  if (typeLabel === 'bool' && cell.kind === 'bool') return cell.text === 'true' ? 'true' : 'false';
  return undefined;
}

function condition(c: RowCell): string | undefined {
  const literal = sqlLiteral(c.cell, c.column.typeLabel);
  if (literal === undefined) return undefined;
  const column = sqlIdentifier(c.column.name);
  return literal === 'NULL' ? `${column} IS NULL` : `${column} = ${literal}`;
}

/** The cell of a key column (`id`, `uuid`, …) with a value, whose literal names the row alone. */
function keyOf(cells: readonly RowCell[]): { column: string; literal: string } | undefined {
  const key = cells.find(
    (c) => KEY_COLUMN_NAMES.includes(c.column.name.toLowerCase()) && c.cell.kind !== 'null',
  );
  const literal = key && sqlLiteral(key.cell, key.column.typeLabel);
  return key && literal !== undefined
    ? { column: sqlIdentifier(key.column.name), literal }
    : undefined;
}

/**
 * A row's cells in the schema's order (`order`: each column's place), whatever order the grid
 * shows them in: a row's predicate names its pending changes, so it must not change when a
 * column is moved.
 */
export function inSchemaOrder(
  cells: readonly RowCell[],
  order: ReadonlyMap<string, number>,
): RowCell[] {
  const place = (c: RowCell) => order.get(c.column.name) ?? Number.MAX_SAFE_INTEGER;
  return [...cells].sort((a, b) => place(a) - place(b));
}

/** The predicate for this row, or undefined when none of its values can be compared exactly. */
export function rowPredicate(cells: readonly RowCell[]): string | undefined {
  const key = keyOf(cells);
  if (key) return `${key.column} = ${key.literal}`;
  const parts = cells.map(condition).filter((p): p is string => p !== undefined);
  return parts.length > 0 ? parts.join(' AND ') : undefined;
}

export type RowsPredicate =
  { predicate: string; why?: undefined } | { predicate?: undefined; why: string };

/**
 * The predicate for several rows: `key IN (…)` when every row is named by the same key column (a
 * selection of any size up to the gate's IN-list limit), else each row's predicate in
 * parentheses, joined by OR. It passes the same expression gate as anything a person types, here
 * before it is sent: a selection it cannot name within the gate's limits says so instead.
 */
export function rowsPredicate(rows: ReadonlyArray<readonly RowCell[]>): RowsPredicate {
  if (rows.length === 0) return { why: 'No rows are selected' };
  const keys = rows.map(keyOf);
  const column = keys[0]?.column;
  let predicate: string | undefined;
  if (column && keys.every((key) => key?.column === column)) {
    predicate =
      rows.length === 1
        ? `${column} = ${keys[0]!.literal}`
        : `${column} IN (${keys.map((key) => key!.literal).join(', ')})`;
  } else {
    const each = rows.map(rowPredicate);
    if (each.some((p) => p === undefined)) {
      return { why: 'A selected row has no value that names it exactly' };
    }
    predicate = each.length === 1 ? each[0]! : each.map((p) => `(${p})`).join(' OR ');
  }
  try {
    return { predicate: gateExpression(predicate, { what: 'selection' }) };
  } catch (error) {
    return {
      why: `These ${formatNumber(rows.length)} rows cannot be named in one condition (${(error as Error).message.replace(/^The selection was refused: /, '').replace(/, at character .*$/, '')}); select fewer, or rows with a key column such as id`,
    };
  }
}

/** A cell as plain text, for TSV (tabs and newlines inside a value become spaces). */
function plainText(cell: Cell): string {
  switch (cell.kind) {
    case 'null':
      return '';
    case 'number':
      return cell.full;
    case 'vector':
      return `[${Array.from(cell.values).join(', ')}]`;
    case 'image':
    case 'binary':
      return Array.from(cell.bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    default:
      return cell.text;
  }
}

export function rowsAsTsv(rows: ReadonlyArray<readonly RowCell[]>): string {
  const header = rows[0]?.map((c) => c.column.name) ?? [];
  const lines = [header, ...rows.map((row) => row.map((c) => plainText(c.cell)))];
  return lines.map((line) => line.map((v) => v.replace(/[\t\r\n]+/g, ' ')).join('\t')).join('\n');
}

function jsonValue(cell: Cell): unknown {
  switch (cell.kind) {
    case 'null':
      return null;
    case 'bool':
      return cell.text === 'true';
    case 'number': {
      // Whole numbers beyond 2^53 stay exact as strings rather than round as numbers.
      const n = Number(cell.full);
      return Number.isSafeInteger(n) || !/^-?\d+$/.test(cell.full) ? n : cell.full;
    }
    case 'vector':
      return Array.from(cell.values);
    case 'nested':
      try {
        return JSON.parse(cell.pretty) as unknown;
      } catch {
        return cell.text;
      }
    case 'image':
    case 'binary':
      return Array.from(cell.bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    default:
      return cell.text;
  }
}

export function rowsAsJson(rows: ReadonlyArray<readonly RowCell[]>): string {
  return JSON.stringify(
    rows.map((row) => Object.fromEntries(row.map((c) => [c.column.name, jsonValue(c.cell)]))),
    null,
    2,
  );
}
