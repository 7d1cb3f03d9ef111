/** `shownCells`: an opened row as the grid shows it now (hidden columns out, in the grid's order). */
import { describe, expect, it } from 'vitest';
import type { Cell } from '../../../../../src-renderer/common/grid/cell-model';
import {
  shownCells,
  type GridColumn,
  type OpenedRow,
} from '../../../../../src-renderer/common/grid/grid-model';

const column = (name: string): GridColumn => ({ name, typeLabel: 'int32', width: 80 });
const cell = (value: number): Cell =>
  ({ kind: 'number', text: String(value), full: String(value) }) as Cell;
const opened: OpenedRow = {
  index: 4,
  cells: [
    { column: column('id'), cell: cell(4) },
    { column: column('a'), cell: cell(40) },
    { column: column('b'), cell: cell(400) },
  ],
};
const names = (row: OpenedRow) => row.cells.map((c) => c.column.name);

describe('shownCells', () => {
  it('keeps the row as it is when the columns are the same', () => {
    const row = shownCells(opened, [column('id'), column('a'), column('b')]);
    expect(names(row)).toEqual(['id', 'a', 'b']);
    expect(row.naming).toBeUndefined();
    expect(row.index).toBe(4);
  });

  it('follows the grid’s order', () => {
    expect(names(shownCells(opened, [column('b'), column('id'), column('a')]))).toEqual([
      'b',
      'id',
      'a',
    ]);
  });

  it('drops a column hidden since, and keeps its cell to name the row', () => {
    const row = shownCells(opened, [column('a'), column('b')]);
    expect(names(row)).toEqual(['a', 'b']);
    expect(row.naming?.map((c) => [c.column.name, c.cell])).toEqual([['id', cell(4)]]);
  });

  it('keeps the naming cells it had, and shows nothing for a column it never read', () => {
    const withNaming: OpenedRow = { ...opened, naming: [{ column: column('k'), cell: cell(7) }] };
    const row = shownCells(withNaming, [column('id'), column('new'), column('b')]);
    expect(names(row)).toEqual(['id', 'b']);
    expect(row.naming?.map((c) => c.column.name)).toEqual(['k', 'a']);
  });
});
