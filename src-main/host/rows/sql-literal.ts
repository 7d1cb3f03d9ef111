/**
 * Cell values as SQL for an update, and the one expression that sets a column in every edited
 * row at once. Only values read by cell-text.ts are written here, each printed from its parsed
 * value (never the person's text), so nothing typed can reach the SQL but a quoted string.
 *
 * Lance's update parser refuses CASE ("not supported SQL in lance", LanceDB 0.39), so a column's
 * new values are picked from a list instead, which its planner accepts for every type we edit:
 *
 *   array_element(make_array(col, v1, …, vn),
 *     coalesce(CAST(array_position(make_array((p1) IS TRUE, …, (pn) IS TRUE), true) AS BIGINT), 0) + 1)
 *
 * Row k's predicate picks vk; a row no predicate names keeps `col` (item 1). `IS TRUE` makes a
 * predicate that is NULL on a row (a comparison with a NULL cell) a plain false. The list is flat,
 * so its depth does not grow with the edits; the expression gate's limits on one list (its bytes
 * per row, GATE_LIMITS.maxConstantBytes) are what cap the edits of one column per commit.
 * Timestamps are listed as their integers in the column's unit and cast back once: each value then
 * counts as one number in the gate's bytes per row, where an arrow_cast around each would count
 * its type name too (about 60 bytes, a quarter of the edits).
 */
import type { Field } from 'apache-arrow';
import { arrow } from '../../catalog/arrow';
import { errors } from '../../../src-shared/vocabulary/errors';
import type { CellValue } from './cell-text';
import { sqlIdentifier, sqlString } from '../../../src-shared/sql-expression/sql-names';

export { sqlIdentifier, sqlString };

/** A float that SQL reads as a float (an integral one gets `.0`, so it is not an Int64). */
function sqlFloat(n: number): string {
  const text = String(n);
  return /[.eE]/.test(text) ? text : `${text}.0`;
}

/** The value as an SQL literal; a timestamp as its integer (see columnValues). */
export function sqlLiteral(value: CellValue): string {
  switch (value.kind) {
    case 'null':
      return 'NULL';
    case 'int':
    case 'timestamp':
      return value.value.toString();
    case 'float':
      return sqlFloat(value.value);
    case 'text':
      return sqlString(value.value);
    case 'bool':
      return value.value ? 'true' : 'false';
    case 'date':
      return `DATE ${sqlString(value.day)}`;
    case 'vector':
      return `[${value.value.map(sqlFloat).join(', ')}]`;
  }
}

/** The type as `arrow_cast` names it, for a timestamp column: `Timestamp(Microsecond, Some("UTC"))`. */
function timestampTypeName(type: InstanceType<typeof arrow.Timestamp>): string {
  const unit = ['Second', 'Millisecond', 'Microsecond', 'Nanosecond'][type.unit]!;
  const zone = type.timezone;
  if (zone && !/^[A-Za-z0-9_/+:-]+$/.test(zone)) {
    throw errors.InvalidInput(
      `The time zone ${JSON.stringify(zone)} cannot be named in an expression`,
    );
  }
  return `Timestamp(${unit}, ${zone ? `Some("${zone}")` : 'None'})`;
}

/**
 * The SET expression for one column: each edit's predicate and new value, in the edits' order
 * (predicates must name distinct rows; the first that holds wins). An edit without a predicate is
 * the only row the update touches: its value is the whole expression.
 */
export function columnValues(
  field: Field,
  edits: ReadonlyArray<{ predicate: string | undefined; value: CellValue }>,
): string {
  const column = sqlIdentifier(field.name);
  const timestamp = arrow.DataType.isTimestamp(field.type);
  const current = timestamp ? `CAST(${column} AS BIGINT)` : column;
  const values = [current, ...edits.map((e) => sqlLiteral(e.value))].join(', ');
  // Still picked from the list with the column, so the value takes the column's type the same way.
  const only = edits.length === 1 && edits[0]!.predicate === undefined;
  const tests = edits.map((e) => `(${e.predicate}) IS TRUE`).join(', ');
  const index = only
    ? '2'
    : `coalesce(CAST(array_position(make_array(${tests}), true) AS BIGINT), 0) + 1`;
  const picked = `array_element(make_array(${values}), ${index})`;
  return timestamp
    ? `arrow_cast(${picked}, ${sqlString(timestampTypeName(field.type as InstanceType<typeof arrow.Timestamp>))})`
    : picked;
}
