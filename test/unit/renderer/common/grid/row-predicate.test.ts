import { describe, expect, it } from 'vitest';
import type { Cell } from '../../../../../src-renderer/common/grid/cell-model';
import {
  inSchemaOrder,
  rowPredicate,
  rowsPredicate,
  rowsAsJson,
  rowsAsTsv,
  sqlIdentifier,
  type RowCell,
} from '../../../../../src-renderer/common/grid/row-predicate';

const num = (full: string): Cell => ({ kind: 'number', text: full, full });
const text = (t: string): Cell => ({ kind: 'text', text: t });
const cell = (name: string, typeLabel: string, c: Cell): RowCell => ({
  column: { name, typeLabel },
  cell: c,
});

describe('the predicate that names a grid row', () => {
  it('uses a key-like column alone when the row has one', () => {
    expect(
      rowPredicate([cell('name', 'utf8', text('a')), cell('ID', 'int64', num('9007199254740993'))]),
    ).toBe('ID = 9007199254740993');
  });

  it('else every exactly comparable column, floats and vectors left out', () => {
    const row = [
      cell('name', 'utf8', text("it's")),
      cell('score', 'float64', num('0.1')),
      cell('ok', 'bool', { kind: 'bool', text: 'false' }),
      cell('note', 'utf8', { kind: 'null' }),
      cell('v', 'vector · float32 × 2', {
        kind: 'vector',
        dim: 2,
        norm: 1,
        values: new Float64Array([0.6, 0.8]),
      }),
    ];
    expect(rowPredicate(row)).toBe("name = 'it''s' AND ok = false AND note IS NULL");
  });

  it('is the same however the grid orders its columns, read in the schema’s order', () => {
    const order = new Map(['name', 'ok', 'tag'].map((n, i) => [n, i]));
    const name = cell('name', 'utf8', text('a'));
    const ok = cell('ok', 'bool', { kind: 'bool', text: 'true' });
    const tag = cell('tag', 'utf8', text('t'));
    const asSchema = rowPredicate(inSchemaOrder([name, ok, tag], order));
    expect(asSchema).toBe("name = 'a' AND ok = true AND tag = 't'");
    // Columns moved in the grid: the predicate, and so the row's pending changes, stay.
    expect(rowPredicate(inSchemaOrder([tag, name, ok], order))).toBe(asSchema);
    expect(rowPredicate(inSchemaOrder([ok, tag, name], order))).toBe(asSchema);
  });

  it('has no predicate when nothing can be compared exactly', () => {
    expect(rowPredicate([cell('score', 'float32', num('0.5'))])).toBeUndefined();
  });

  it('quotes names that are not plain identifiers', () => {
    expect(sqlIdentifier('a b')).toBe('`a b`');
    expect(sqlIdentifier('we`ird')).toBe('`we``ird`');
    expect(rowPredicate([cell('my id', 'int32', num('3'))])).toBe('`my id` = 3');
  });

  it('copies rows as TSV and JSON, keeping big whole numbers exact', () => {
    const rows = [
      [cell('id', 'int64', num('9007199254740993')), cell('name', 'utf8', text('a\tb'))],
      [cell('id', 'int64', num('2')), cell('name', 'utf8', { kind: 'null' })],
    ];
    expect(rowsAsTsv(rows)).toBe('id\tname\n9007199254740993\ta b\n2\t');
    expect(JSON.parse(rowsAsJson(rows))).toEqual([
      { id: '9007199254740993', name: 'a\tb' },
      { id: 2, name: null },
    ]);
  });

  it('names several rows at once: by key as IN (…), else each row in parentheses', () => {
    const keyed = [1, 2, 3].map((i) => [
      cell('id', 'int64', num(String(i))),
      cell('n', 'utf8', text('x')),
    ]);
    expect(rowsPredicate(keyed).predicate).toBe('id IN (1, 2, 3)');
    const unkeyed = ['a', "b'"].map((t) => [
      cell('name', 'utf8', text(t)),
      cell('ok', 'bool', { kind: 'bool', text: 'true' }),
    ]);
    expect(rowsPredicate(unkeyed).predicate).toBe(
      "(name = 'a' AND ok = true) OR (name = 'b''' AND ok = true)",
    );
    expect(rowsPredicate([[cell('score', 'float64', num('1.5'))]]).why).toMatch(/names it exactly/);
    expect(rowsPredicate([]).why).toMatch(/No rows/);
  });

  it('names a keyed selection of any size as one IN list that passes the expression gate', () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => [cell('id', 'int64', num(String(i)))]);
    const { predicate } = rowsPredicate(rows);
    expect(predicate).toMatch(/^id IN \(0, 1, 2, /);
    expect(predicate?.split(',').length).toBe(5_000);
  });

  it('says so, rather than building a condition the gate refuses, for too many unkeyed rows', () => {
    const row = (i: number) => [
      cell('name', 'utf8', text(`n${i}`)),
      cell('ok', 'bool', { kind: 'bool', text: 'true' }),
    ];
    expect(rowsPredicate(Array.from({ length: 1_000 }, (_, i) => row(i))).predicate).toMatch(
      /^\(name = 'n0' AND ok = true\) OR /,
    );
    const tooMany = rowsPredicate(Array.from({ length: 2_000 }, (_, i) => row(i)));
    expect(tooMany.predicate).toBeUndefined();
    expect(tooMany.why).toMatch(
      /2,000 rows cannot be named in one condition \(2000 conditions joined by OR/,
    );
  });
});
