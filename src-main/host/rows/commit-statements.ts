/**
 * A prepared commit (commit-rows.ts) told as the review shows it: the update and the delete as
 * the table is given them (each SET expression and each filter exactly, in SQL's words), the new
 * rows as an INSERT listing their values as read (they are appended as Arrow, not run as SQL), and
 * the row each predicate names. Printed from the prepared commit itself, never rebuilt, so the
 * text cannot drift from what the commit writes.
 */
import type { Field, Timestamp } from 'apache-arrow';
import { PLANNED_ROWS_LISTED, type RowsPlan } from '../../../src-shared/procedures/rows';
import type { CellValue } from './cell-text';
import type { PreparedCommit } from './commit-rows';
import { sqlIdentifier, sqlLiteral, sqlString } from './sql-literal';

export function describeCommit(tableName: string, prepared: PreparedCommit): RowsPlan {
  const name = sqlIdentifier(tableName);
  const statements: RowsPlan['statements'] = [];
  if (prepared.update) {
    const sets = Object.entries(prepared.update.updates).map(
      ([column, expression]) => `  ${sqlIdentifier(column)} = ${expression}`,
    );
    statements.push({
      kind: 'update',
      text: `UPDATE ${name} SET\n${sets.join(',\n')}\nWHERE ${prepared.update.filter}`,
      rows: prepared.update.rows,
    });
  }
  if (prepared.insert) {
    const rows = prepared.insert.values;
    const fields = prepared.schema.fields.filter((f) => rows.some((row) => row.has(f.name)));
    const listed = rows
      .slice(0, PLANNED_ROWS_LISTED)
      .map(
        (row) =>
          `  (${fields.map((f) => shownValue(row.get(f.name) ?? { kind: 'null' }, f)).join(', ')})`,
      );
    const more = rows.length - listed.length;
    statements.push({
      kind: 'insert',
      text: [
        `INSERT INTO ${name} (${fields.map((f) => sqlIdentifier(f.name)).join(', ')}) VALUES`,
        listed.join(',\n'),
        ...(more > 0 ? [`  -- and ${more} more row${more === 1 ? '' : 's'}`] : []),
      ].join('\n'),
      rows: rows.length,
    });
  }
  if (prepared.delete) {
    statements.push({
      kind: 'delete',
      text: `DELETE FROM ${name} WHERE ${prepared.delete.filter}`,
      rows: prepared.delete.rows,
    });
  }
  return {
    statements,
    rows: prepared.targets.map(({ what, predicate, rowId }) => ({
      what,
      predicate,
      rowId: rowId.toString(),
    })),
  };
}

const PER_SECOND = [1n, 1_000n, 1_000_000n, 1_000_000_000n];

/**
 * A new row's value as SQL would write it. The update lists a timestamp as its integer (see
 * sql-literal.ts); a person reads a new row's as the instant, in UTC, to the column's unit.
 */
function shownValue(value: CellValue, field: Field): string {
  if (value.kind !== 'timestamp') return sqlLiteral(value);
  const unit = (field.type as Timestamp).unit;
  const perSecond = PER_SECOND[unit]!;
  let seconds = value.value / perSecond;
  let sub = value.value % perSecond;
  if (sub < 0n) {
    seconds -= 1n;
    sub += perSecond;
  }
  const decimals = perSecond.toString().length - 1;
  const fraction = decimals > 0 ? `.${sub.toString().padStart(decimals, '0')}` : '';
  const day = new Date(Number(seconds) * 1000).toISOString().slice(0, 19);
  return `TIMESTAMP ${sqlString(`${day}${fraction}Z`)}`;
}
