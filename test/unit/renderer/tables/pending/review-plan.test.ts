/**
 * The review's plain words over the host's plan: a line per statement, counted from what was sent
 * and what the host resolved, and each resolved row beside the grid's row it came from.
 */
import { describe, expect, it } from 'vitest';
import {
  NO_CHANGES,
  withCellEdit,
  withDeletesToggled,
} from '../../../../../src-renderer/tables/pending/pending-changes';
import {
  plannedRows,
  statementSummary,
} from '../../../../../src-renderer/tables/pending/review-plan';
import type { RowsPlan } from '../../../../../src-shared/procedures/rows';

const cell = (
  changes: typeof NO_CHANGES,
  predicate: string,
  row: number,
  column: string,
  value: string,
) => withCellEdit(changes, { predicate, row, column, value, original: 'old' });

describe('the review of a planned commit', () => {
  let changes = cell(NO_CHANGES, 'id = 1', 0, 'name', 'a');
  changes = cell(changes, 'id = 1', 0, 'price', '2');
  changes = cell(changes, 'id = 7', 6, 'name', 'b');
  changes = withDeletesToggled(changes, [{ predicate: 'id = 9', row: 8 }]);
  const plan: RowsPlan = {
    statements: [
      { kind: 'update', text: 'UPDATE t SET …', rows: 2 },
      { kind: 'insert', text: 'INSERT INTO t …', rows: 1 },
      { kind: 'delete', text: 'DELETE FROM t WHERE _rowid IN (8)', rows: 1 },
    ],
    rows: [
      { what: 'Edit 1', predicate: 'id = 1', rowId: '0' },
      { what: 'Edit 2', predicate: 'id = 7', rowId: '4294967302' },
      { what: 'Deletion 1', predicate: 'id = 9', rowId: '8' },
    ],
  };

  it('says each statement in plain words: cells and rows, new rows, deleted rows', () => {
    expect(plan.statements.map((s) => statementSummary(s, changes))).toEqual([
      '3 cells in 2 rows, one new version',
      '1 new row, one new version (appended as Arrow, not SQL: the values as each column reads them)',
      '1 row deleted, one new version',
    ]);
    expect(statementSummary({ kind: 'delete', text: '', rows: 12 }, changes)).toBe(
      '12 rows deleted, one new version',
    );
  });

  it("puts each resolved row beside the grid's row and the change it came from", () => {
    expect(plannedRows(changes, plan)).toEqual([
      { row: 0, change: 'edit name, price', predicate: 'id = 1', rowId: '0' },
      { row: 6, change: 'edit name', predicate: 'id = 7', rowId: '4294967302' },
      { row: 8, change: 'delete', predicate: 'id = 9', rowId: '8' },
    ]);
  });
});
