import { describe, expect, it } from 'vitest';
import {
  checkEdit,
  checkTyped,
  editKindOf,
  editNotice,
  insertRefusal,
  sqlShown,
} from '../../../../../src-renderer/tables/pending/cell-input';
import { MAX_EDITED_VECTOR_DIMENSION } from '../../../../../src-shared/procedures/rows';
import type { JsonArrowField } from '../../../../../src-shared/vocabulary/json-arrow-types';

const field = (type: string, nullable = true, extra: Partial<JsonArrowField['type']> = {}) =>
  ({ name: 'c', nullable, type: { type, ...extra } }) as JsonArrowField;
const vector = (dim: number) =>
  field('fixed_size_list', true, {
    length: dim,
    fields: [{ name: 'item', nullable: true, type: { type: 'float32' } }],
  });

describe('what can be typed into a cell', () => {
  it('knows the kinds it edits and leaves lists, structs and binary alone', () => {
    expect(
      ['utf8', 'int64', 'uint8', 'float32', 'bool', 'date32', 'timestamp'].map((t) =>
        editKindOf(field(t)),
      ),
    ).toEqual(['text', 'int', 'int', 'float', 'bool', 'date', 'timestamp']);
    expect(editKindOf(vector(3))).toBe('vector');
    expect(['list', 'struct', 'binary', 'date64'].map((t) => editKindOf(field(t)))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('refuses a number column what is not a number of its size', () => {
    expect(checkTyped('12', field('int32'))).toEqual({ value: '12' });
    expect(checkTyped('1.5', field('int32')).problem).toBe('Enter a whole number');
    expect(checkTyped('abc', field('float64')).problem).toBe('Enter a number');
    expect(checkTyped('300', field('uint8')).problem).toBe('Enter a whole number from 0 to 255');
    expect(checkTyped('-1', field('uint64')).problem).toMatch(/from 0 to 18446744073709551615/);
    expect(checkTyped('9223372036854775807', field('int64'))).toEqual({
      value: '9223372036854775807',
    });
    expect(checkTyped(' 2.5e3 ', field('float32'))).toEqual({ value: '2.5e3' });
  });

  it('takes empty as null where the column allows it, and says so where it does not', () => {
    expect(checkTyped('', field('int64'))).toEqual({ value: null });
    expect(checkTyped('', field('utf8'))).toEqual({ value: null });
    expect(checkTyped('', field('utf8', false))).toEqual({ value: '' });
    expect(checkTyped('', field('int64', false)).problem).toMatch(/takes no null/);
    // Blanks are text in a text column, and nothing in a number column.
    expect(checkTyped('  ', field('utf8'))).toEqual({ value: '  ' });
    expect(checkTyped('  ', field('float64'))).toEqual({ value: null });
  });

  it('checks booleans, dates, timestamps and vectors', () => {
    expect(checkTyped('TRUE', field('bool'))).toEqual({ value: 'true' });
    expect(checkTyped('yes', field('bool')).problem).toBe('Enter true or false');
    expect(checkTyped('2024-02-29', field('date32'))).toEqual({ value: '2024-02-29' });
    expect(checkTyped('2023-02-29', field('date32')).problem).toMatch(/YYYY-MM-DD/);
    expect(checkTyped('2024-01-05T10:30:00Z', field('timestamp'))).toEqual({
      value: '2024-01-05T10:30:00Z',
    });
    expect(checkTyped('2024-01-05 10:30', field('timestamp'))).toEqual({
      value: '2024-01-05 10:30',
    });
    expect(checkTyped('yesterday', field('timestamp')).problem).toMatch(/date and time/);
    expect(checkTyped('[0.5, 1, -2]', vector(3))).toEqual({ value: '[0.5, 1, -2]' });
    expect(checkTyped('[0.5, 1]', vector(3)).problem).toBe('Enter 3 numbers, not 2');
    expect(checkTyped('[0.5, "a", 1]', vector(3)).problem).toMatch(/as JSON/);
  });

  it('shows values in the review as SQL: numbers bare, text quoted, null as NULL', () => {
    expect(sqlShown('12', field('int64'))).toBe('12');
    expect(sqlShown("it's", field('utf8'))).toBe("'it''s'");
    expect(sqlShown('2024-01-05', field('date32'))).toBe("'2024-01-05'");
    expect(sqlShown(null, field('utf8'))).toBe('NULL');
  });

  it('refuses a new row only where a column can neither be typed in nor left null', () => {
    const tags = (nullable: boolean) =>
      ({
        name: 'tags',
        nullable,
        type: { type: 'list', fields: [{ name: 'item', nullable: true, type: { type: 'utf8' } }] },
      }) as JsonArrowField;
    expect(insertRefusal([field('int64', false), tags(true)])).toBeUndefined();
    expect(insertRefusal([field('int64', false), tags(false)])).toBe(
      'tags (list<utf8>) cannot be typed in and takes no null, so new rows cannot be made here',
    );
  });

  it('says up front that a vector too wide for an update is not edited in place, and the way out', () => {
    expect(MAX_EDITED_VECTOR_DIMENSION).toBe(511);
    expect(editNotice(vector(MAX_EDITED_VECTOR_DIMENSION))).toBeUndefined();
    expect(editNotice(field('utf8'))).toBeUndefined();
    const wide = vector(1536);
    expect(editNotice(wide)).toBe(
      'A vector of 1,536 numbers cannot be edited in place: an update carries at most 511 numbers of one column (its expressions are held to 8 KiB a row). Duplicate the row with the new vector instead (new rows are written as Arrow, with no such limit) and delete this one. Left empty, the cell becomes null.',
    );
    const numbers = JSON.stringify(Array.from({ length: 1536 }, () => 0.5));
    // In place, only null; a new row (the form's check) takes the vector.
    expect(checkEdit(numbers, wide).problem).toBe(editNotice(wide));
    expect(checkEdit('', wide)).toEqual({ value: null });
    expect(checkEdit('[1, 2]', wide).problem).toBe('Enter 1536 numbers, not 2');
    expect(checkTyped(numbers, wide)).toEqual({ value: numbers });
    expect(checkEdit('[1, 2, 3]', vector(3))).toEqual({ value: '[1, 2, 3]' });
  });
});
