/**
 * A prepared commit told as the review shows it: the update's SET expressions and filter exactly
 * as prepared, the new rows listed with their values as read (a timestamp as its instant to the
 * column's unit, before 1970 too), at most PLANNED_ROWS_LISTED of them, and the delete's filter.
 */
import { describe, expect, it } from 'vitest';
import { arrow as A } from '../../../../src-main/catalog/arrow';
import { planCommit, updatesFor } from '../../../../src-main/host/rows/commit-plan';
import type { PreparedCommit } from '../../../../src-main/host/rows/commit-rows';
import { describeCommit } from '../../../../src-main/host/rows/commit-statements';
import { PLANNED_ROWS_LISTED } from '../../../../src-shared/procedures/rows';

const SCHEMA = new A.Schema([
  new A.Field('id', new A.Int64(), false),
  new A.Field('odd name', new A.Utf8(), true),
  new A.Field('at', new A.Timestamp(A.TimeUnit.MICROSECOND, 'UTC'), true),
  new A.Field('day', new A.DateDay(), true),
]);

function prepared(inserts: Array<Record<string, string | null>>): PreparedCommit {
  const plan = planCommit(SCHEMA, {
    edits: [{ predicate: 'id = 1', values: { 'odd name': "it's" } }],
    inserts,
    deletes: ['id = 2'],
  });
  return {
    schema: SCHEMA,
    update: { updates: updatesFor(plan, undefined), filter: '_rowid IN (4294967296)', rows: 1 },
    insert: plan.rows ? { rows: plan.rows, values: plan.newRows } : undefined,
    delete: { filter: '_rowid IN (7)', rows: 1 },
    targets: [
      { what: 'Edit 1', predicate: 'id = 1', rowId: 4294967296n },
      { what: 'Deletion 1', predicate: 'id = 2', rowId: 7n },
    ],
  };
}

describe("the review's statements", () => {
  it('prints the prepared update and delete exactly, and the new rows as read', () => {
    const commit = prepared([
      { id: '10', at: '1969-12-31T23:59:59.5Z', day: '2024-02-29' },
      { id: '11', 'odd name': null },
    ]);
    const plan = describeCommit('my table', commit);
    expect(plan.statements).toEqual([
      {
        kind: 'update',
        text: `UPDATE \`my table\` SET\n  \`odd name\` = ${commit.update!.updates['odd name']}\nWHERE _rowid IN (4294967296)`,
        rows: 1,
      },
      {
        kind: 'insert',
        text: [
          'INSERT INTO `my table` (id, `odd name`, at, day) VALUES',
          "  (10, NULL, TIMESTAMP '1969-12-31T23:59:59.500000Z', DATE '2024-02-29'),",
          '  (11, NULL, NULL, NULL)',
        ].join('\n'),
        rows: 2,
      },
      { kind: 'delete', text: 'DELETE FROM `my table` WHERE _rowid IN (7)', rows: 1 },
    ]);
    expect(commit.update!.updates['odd name']).toMatch(
      /^array_element\(make_array\(`odd name`, 'it''s'\)/,
    );
    expect(plan.rows).toEqual([
      { what: 'Edit 1', predicate: 'id = 1', rowId: '4294967296' },
      { what: 'Deletion 1', predicate: 'id = 2', rowId: '7' },
    ]);
  });

  it(`lists at most ${PLANNED_ROWS_LISTED} new rows and counts the rest`, () => {
    const many = Array.from({ length: PLANNED_ROWS_LISTED + 3 }, (_, i) => ({ id: String(i) }));
    const insert = describeCommit('t', prepared(many)).statements[1]!;
    const lines = insert.text.split('\n');
    expect(insert.rows).toBe(PLANNED_ROWS_LISTED + 3);
    expect(lines).toHaveLength(1 + PLANNED_ROWS_LISTED + 1);
    expect(lines[1]).toBe('  (0),');
    expect(lines.at(-2)).toBe(`  (${PLANNED_ROWS_LISTED - 1})`);
    expect(lines.at(-1)).toBe('  -- and 3 more rows');
  });
});
