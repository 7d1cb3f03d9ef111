/**
 * What the grid asks of a screen that lets its cells be edited in place. The grid draws the
 * editor, the pending values and the marks; the screen decides which cells may change, checks
 * what is typed and keeps it (the tables feature's pending changes), so the grid knows nothing
 * of commits or SQL.
 */
import type { Cell } from './cell-model';
import type { OpenedRow } from './grid-model';

export interface RowEditState {
  /** Why none of the row's cells can be edited, said on the cell; absent: they can. */
  blocked?: string;
  /** The row is marked for deletion. */
  deleted: boolean;
  /** Pending values by column, as typed (null: SQL NULL). */
  pending: Readonly<Record<string, string | null>>;
}

export interface GridEditing {
  /** The row's state, asked once per row drawn. */
  row: (row: OpenedRow) => RowEditState;
  /** Whether the column's values can be typed in. */
  editable: (column: string) => boolean;
  /** What is wrong with the text for the column, or undefined when it can be kept. */
  problem: (column: string, text: string) => string | undefined;
  /** What to type, the editor's description. */
  hint: (column: string) => string;
  /**
   * What the editor says as soon as it opens on the column, before anything is typed (a limit
   * the column's values cannot meet in place); undefined for most columns.
   */
  notice: (column: string) => string | undefined;
  /** Keeps checked text as the cell's pending value. */
  keep: (row: OpenedRow, column: string, text: string) => void;
}

/** A cell's value as the text an editor opens with; null for SQL NULL. */
export function editText(cell: Cell): string | null {
  switch (cell.kind) {
    case 'null':
      return null;
    case 'number':
      return cell.full;
    case 'bool':
    case 'text':
      return cell.text;
    case 'vector':
      return `[${Array.from(cell.values).join(', ')}]`;
    case 'nested':
      return cell.pretty;
    case 'image':
    case 'binary':
      return null;
  }
}
