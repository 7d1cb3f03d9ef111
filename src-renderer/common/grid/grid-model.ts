/** What the grid shows and hands out: its columns, a row opened, the handle its owner drives. */
import type { Cell } from './cell-model';

export interface GridColumn {
  name: string;
  typeLabel: string;
  width: number;
  /** Rows can be ordered by it: a single value per row (not a list, struct or vector). */
  sortable?: boolean;
  /** A struct column's scalar fields, as paths, that rows can be ordered by instead. */
  sortPaths?: readonly string[];
}

export interface GridHandle {
  /** Scrolls so that `row` is at the top (or as near as the end allows) and focuses it. */
  goToRow(row: number): void;
  focus(): void;
  /** Opens the in-place editor on a row's cell (when the grid edits and the cell can be). */
  editCell(row: number, column: string): void;
}

export interface OpenedRow {
  index: number;
  /** The cells shown, in the grid's order. */
  cells: Array<{ column: GridColumn; cell: Cell }>;
  /** Cells of hidden columns that still name the row (DataGrid's `namingColumns`), not shown. */
  naming?: Array<{ column: GridColumn; cell: Cell }>;
}

/**
 * An opened row as the grid shows it now: its cells for the columns shown, in their order. A
 * column hidden since the row was opened leaves at once, whether or not the grid can open the row
 * again (it may be scrolled away); its cell still names the row, so it joins `naming`.
 */
export function shownCells(row: OpenedRow, columns: readonly GridColumn[]): OpenedRow {
  const shown = new Set(columns.map((c) => c.name));
  const byName = new Map(row.cells.map((c) => [c.column.name, c]));
  const cells = columns.flatMap((column) => {
    const cell = byName.get(column.name);
    return cell ? [cell] : [];
  });
  const hidden = row.cells.filter((c) => !shown.has(c.column.name));
  return hidden.length === 0
    ? { ...row, cells }
    : { ...row, cells, naming: [...(row.naming ?? []), ...hidden] };
}
