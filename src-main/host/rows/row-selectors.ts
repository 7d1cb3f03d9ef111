/**
 * Conditions that tell the edited rows apart inside one update, read from columns no edit
 * changes. Lance's update sets its columns one after another (from a map, in no fixed order), and
 * each SET expression sees the columns set before it: a condition on an edited column may then no
 * longer hold for its row, or hold for another edited row, and a value would be lost or land on
 * the wrong row. Inside the update's `_rowid IN (…)` filter a condition only has to tell the
 * edited rows from each other, so one unedited column whose values differ is enough (a key
 * column first); else all of them together.
 */
import type { DataType, Field, Schema } from 'apache-arrow';
import { arrow } from '../../catalog/arrow';
import type { TableHandle } from '../../catalog/client';
import { errors } from '../../../src-shared/vocabulary/errors';
import { rowIdFilter } from './row-targets';
import { KEY_COLUMN_NAMES } from '../../../src-shared/sql-expression/sql-names';
import { sqlIdentifier, sqlString } from './sql-literal';

/** Types whose values compare exactly as SQL literals. */
function comparable(field: Field): boolean {
  const type = field.type as DataType;
  return (
    arrow.DataType.isInt(type) ||
    arrow.DataType.isUtf8(type) ||
    arrow.DataType.isLargeUtf8(type) ||
    arrow.DataType.isBool(type)
  );
}

function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return sqlString(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return String(value as number | bigint);
}

const allDistinct = (texts: readonly string[]) => new Set(texts).size === texts.length;

/** One condition per row (in `rowIds`' order); the rows are those the update's filter names. */
export async function rowSelectors(
  table: TableHandle,
  schema: Schema,
  edited: ReadonlySet<string>,
  rowIds: readonly bigint[],
): Promise<string[]> {
  const candidates = schema.fields
    .filter((f) => !edited.has(f.name) && comparable(f))
    .sort(
      (a, b) =>
        Number(KEY_COLUMN_NAMES.includes(b.name.toLowerCase())) -
        Number(KEY_COLUMN_NAMES.includes(a.name.toLowerCase())),
    );
  const refuse = () =>
    errors.InvalidInput(
      `These ${rowIds.length} edited rows can be told apart only by columns they edit, which one update cannot read safely (Lance sets them one after another); commit the rows' edits one at a time`,
    );
  if (candidates.length === 0) throw refuse();
  const found = await table.query({
    filter: rowIdFilter(rowIds),
    withRowId: true,
    columns: candidates.map((f) => f.name),
  });
  const ids = found.getChild('_rowid');
  const index = new Map<bigint, number>();
  for (let i = 0; i < found.numRows; i++) index.set(BigInt(ids!.get(i) as bigint), i);
  if (rowIds.some((id) => !index.has(id))) {
    throw errors.InvalidInput(
      'An edited row changed or went while the commit was prepared; review the changes again',
    );
  }
  const valuesOf = (field: Field) => {
    const column = found.getChild(field.name)!;
    return rowIds.map((id) => literal(column.get(index.get(id)!)));
  };
  for (const field of candidates) {
    const values = valuesOf(field);
    if (values.every((v) => v !== undefined) && allDistinct(values as string[])) {
      return values.map((v) => `${sqlIdentifier(field.name)} = ${v}`);
    }
  }
  const columns = candidates.map((field) => ({
    name: sqlIdentifier(field.name),
    values: valuesOf(field),
  }));
  const conditions = rowIds.map((_, r) =>
    columns
      .map(({ name, values }) =>
        values[r] === undefined ? `${name} IS NULL` : `${name} = ${values[r]}`,
      )
      .join(' AND '),
  );
  if (!allDistinct(conditions)) throw refuse();
  return conditions;
}
