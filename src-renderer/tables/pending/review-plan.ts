/**
 * The host's plan of a commit (`rows:plan`) said in plain words for the review: a line above each
 * statement, and each predicate beside the grid's row it came from and the one row the host
 * resolved it to. The statements themselves are shown as the host wrote them, never rebuilt here.
 */
import type { RowsPlan } from '../../../src-shared/procedures/rows';
import { formatNumber } from '../../../src-shared/format';
import type { PendingChanges } from './pending-changes';

const plural = (n: number, word: string) => `${formatNumber(n)} ${word}${n === 1 ? '' : 's'}`;

/** "3 cells in 3 rows, one new version", above the statement. */
export function statementSummary(
  statement: RowsPlan['statements'][number],
  changes: PendingChanges,
): string {
  switch (statement.kind) {
    case 'update': {
      const cells = changes.edits.reduce((n, e) => n + Object.keys(e.values).length, 0);
      return `${plural(cells, 'cell')} in ${plural(statement.rows, 'row')}, one new version`;
    }
    case 'insert':
      return `${plural(statement.rows, 'new row')}, one new version (appended as Arrow, not SQL: the values as each column reads them)`;
    case 'delete':
      return `${plural(statement.rows, 'row')} deleted, one new version`;
  }
}

export interface PlannedRow {
  /** The grid's row number, from 0. */
  row: number;
  /** "edit name, price", "delete". */
  change: string;
  predicate: string;
  /** The `_rowid` the host resolved the predicate to. */
  rowId: string;
}

/**
 * The plan's rows beside the changes they came from: the host answers the edits' rows, then the
 * deletions', in the order sent.
 */
export function plannedRows(changes: PendingChanges, plan: RowsPlan): PlannedRow[] {
  const sent = [
    ...changes.edits.map((e) => ({
      row: e.row,
      change: `edit ${Object.keys(e.values).join(', ')}`,
    })),
    ...changes.deletes.map((d) => ({ row: d.row, change: 'delete' })),
  ];
  return plan.rows.flatMap((planned, i) => {
    const change = sent[i];
    return change ? [{ ...change, predicate: planned.predicate, rowId: planned.rowId }] : [];
  });
}
