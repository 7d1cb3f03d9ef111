/**
 * Hidden columns the grid still reads, without showing them, because they name rows. A row's
 * predicate (common/grid/row-predicate.ts) keys its pending edits and marks and names it in a
 * delete: built from the columns read, it would change as a column is hidden, and the row's
 * pending changes would no longer be found. Only a writable table's grid names rows so. A table
 * with a key-like column (`id`, …) is named by it alone, so only that column is read if hidden
 * (a row whose key is null is named by its other values, and their hiding still changes its
 * predicate); without one, every hidden integer, text or boolean column is read. Hidden columns
 * of other types (vectors, floats, nested values) are not read at all, nor is long hidden text
 * on a table with a key.
 */
import type { JsonArrowField } from '../../src-shared/vocabulary/json-arrow-types';
import { KEY_COLUMN_NAMES } from '../../src-shared/sql-expression/sql-names';
import { canNameRow } from '../common/grid/row-predicate';
import { typeLabel } from '../common/schema/schema-tree';

export function namingColumnNames(
  fields: readonly JsonArrowField[],
  hidden: ReadonlySet<string>,
  writable: boolean,
): ReadonlySet<string> {
  if (!writable || hidden.size === 0) return new Set();
  const nameable = fields.filter((f) => canNameRow(typeLabel(f)));
  const key = nameable.find((f) => KEY_COLUMN_NAMES.includes(f.name.toLowerCase()));
  if (key) return new Set(hidden.has(key.name) ? [key.name] : []);
  return new Set(nameable.filter((f) => hidden.has(f.name)).map((f) => f.name));
}
