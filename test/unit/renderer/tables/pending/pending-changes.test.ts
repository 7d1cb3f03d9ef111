import { describe, expect, it } from 'vitest';
import {
  commitInput,
  NO_CHANGES,
  pendingCount,
  pendingValue,
  refusedRow,
  withCellEdit,
  withDeletesToggled,
  withInsert,
  withoutCommitted,
  type PendingChanges,
} from '../../../../../src-renderer/tables/pending/pending-changes';

const edit = (
  changes: PendingChanges,
  predicate: string,
  column: string,
  value: string | null,
  original: string | null = 'old',
) => withCellEdit(changes, { predicate, row: 0, column, value, original });

describe('pending changes', () => {
  it('collects edits by row, and forgets a cell typed back to what the table holds', () => {
    let changes = edit(NO_CHANGES, 'id = 1', 'name', 'a');
    changes = edit(changes, 'id = 1', 'price', '2.5');
    changes = edit(changes, 'id = 2', 'name', null);
    expect(pendingCount(changes)).toBe(3);
    expect(changes.edits).toHaveLength(2);
    expect(pendingValue(changes, 'id = 2', 'name')).toEqual({ value: null });
    expect(pendingValue(changes, 'id = 2', 'price')).toBeUndefined();
    changes = edit(changes, 'id = 2', 'name', 'old');
    expect(changes.edits.map((e) => e.predicate)).toEqual(['id = 1']);
    expect(pendingCount(changes)).toBe(2);
  });

  it('sends the edits, new rows and deletions as rows:commit takes them', () => {
    let changes = edit(NO_CHANGES, 'id = 1', 'name', "it's");
    changes = edit(changes, 'id = 2', 'name', 'b');
    changes = edit(changes, 'id = 2', 'price', '3');
    changes = withInsert(changes, { id: '9', name: 'new', price: null });
    changes = withDeletesToggled(changes, [{ predicate: 'id = 5', row: 4 }]);
    expect(commitInput(changes)).toEqual({
      edits: [
        { predicate: 'id = 1', values: { name: "it's" } },
        { predicate: 'id = 2', values: { name: 'b', price: '3' } },
      ],
      inserts: [{ id: '9', name: 'new', price: null }],
      deletes: ['id = 5'],
    });
  });

  it('marks rows for deletion and unmarks them when every one already was', () => {
    const rows = [
      { predicate: 'id = 1', row: 0 },
      { predicate: 'id = 2', row: 1 },
    ];
    let changes = withDeletesToggled(NO_CHANGES, rows.slice(0, 1));
    changes = withDeletesToggled(changes, rows);
    expect(changes.deletes.map((d) => d.predicate)).toEqual(['id = 1', 'id = 2']);
    expect(withDeletesToggled(changes, rows).deletes).toEqual([]);
  });

  it('marks a row once, however often it is given', () => {
    const row = { predicate: 'id = 7', row: 6 };
    const changes = withDeletesToggled(NO_CHANGES, [row, { ...row }, row]);
    expect(commitInput(changes).deletes).toEqual(['id = 7']);
    expect(pendingCount(changes)).toBe(1);
  });

  it('drops the pending edits of a row marked for deletion, and keeps the others', () => {
    let changes = edit(NO_CHANGES, 'id = 1', 'name', 'a');
    changes = edit(changes, 'id = 2', 'name', 'b');
    changes = withDeletesToggled(changes, [{ predicate: 'id = 1', row: 0 }]);
    expect(commitInput(changes)).toEqual({
      edits: [{ predicate: 'id = 2', values: { name: 'b' } }],
      inserts: [],
      deletes: ['id = 1'],
    });
    // Unmarking does not bring the edit back: it was dropped with the mark.
    changes = withDeletesToggled(changes, [{ predicate: 'id = 1', row: 0 }]);
    expect(pendingCount(changes)).toBe(1);
  });

  it('keeps what changed while a commit ran, and drops what it wrote', () => {
    const sent = withInsert(edit(NO_CHANGES, 'id = 1', 'name', 'a'), { id: '9' });
    let current = edit(sent, 'id = 1', 'price', '4');
    current = edit(current, 'id = 3', 'name', 'c');
    current = withInsert(current, { id: '10' });
    const left = withoutCommitted(current, sent);
    expect(commitInput(left)).toEqual({
      edits: [
        { predicate: 'id = 1', values: { price: '4' } },
        { predicate: 'id = 3', values: { name: 'c' } },
      ],
      inserts: [{ id: '10' }],
      deletes: [],
    });
    expect(pendingCount(withoutCommitted(sent, sent))).toBe(0);
  });

  it("names the grid's row behind the host's refusal", () => {
    let sent = withCellEdit(NO_CHANGES, {
      predicate: 'id = 1',
      row: 0,
      column: 'name',
      value: 'a',
      original: null,
    });
    sent = withCellEdit(sent, {
      predicate: 'id = 7',
      row: 6,
      column: 'price',
      value: 'x',
      original: null,
    });
    sent = withInsert(sent, { id: '1' });
    expect(refusedRow('Edit 2, column "price": "x" is not a finite number', sent)).toBe(
      'Edit 2 is row 7 of the grid (id = 7)',
    );
    expect(refusedRow('New row 1, column "id": the column cannot be null', sent)).toBe(
      'New row 1 is the 1st of the new rows listed',
    );
    expect(refusedRow('Edit 9 changes no column', sent)).toBeUndefined();
    expect(refusedRow('The table was dropped', sent)).toBeUndefined();
  });
});
