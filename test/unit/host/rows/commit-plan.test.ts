/**
 * The pending changes checked before anything is written: values read by type and refused with
 * the edit or new row and the column, the generated update expressions through the expression
 * gate (and how many edits of one column its limits let into one update), new rows as Arrow.
 */
import { describe, expect, it } from 'vitest';
import { arrow as A } from '../../../../src-main/catalog/arrow';
import {
  planCommit,
  updatesFor,
  type CommitPlan,
  type PendingChanges,
} from '../../../../src-main/host/rows/commit-plan';
import { gateExpression } from '../../../../src-shared/expression-gate/expression-gate';
import { MAX_EDITED_VECTOR_DIMENSION } from '../../../../src-shared/procedures/rows';
import { ERROR_CODES } from '../../../../src-shared/vocabulary/errors';

const SCHEMA = new A.Schema([
  new A.Field('id', new A.Int64(), false),
  new A.Field('name', new A.Utf8(), true),
  new A.Field('n', new A.Int32(), true),
  new A.Field('at', new A.Timestamp(A.TimeUnit.NANOSECOND, 'UTC'), true),
  new A.Field('v', new A.FixedSizeList(3, new A.Field('item', new A.Float32(), true)), true),
  new A.Field('tags', new A.List(new A.Field('item', new A.Utf8(), true)), true),
]);

const plan = (changes: Partial<PendingChanges>, schema = SCHEMA) =>
  planCommit(schema, { edits: [], inserts: [], deletes: [], ...changes });

/** The SET expressions with each edit's own predicate as its row's condition. */
const updatesOf = (p: CommitPlan) => updatesFor(p, p.edits);

function refused(
  changes: Partial<PendingChanges>,
  schema = SCHEMA,
): { code: number; message: string } {
  try {
    updatesOf(plan(changes, schema));
  } catch (error) {
    return error as { code: number; message: string };
  }
  throw new Error('the changes were accepted');
}

const edit = (k: number, values: Record<string, string | null>) => ({
  predicate: `id = ${k}`,
  values,
});

describe('planCommit', () => {
  it('makes one gated expression per edited column, with each edit in it', () => {
    const p = plan({
      edits: [
        edit(1, { name: "it's", n: '5' }),
        edit(2, { name: null }),
        edit(3, { at: '2024-03-01' }),
      ],
    });
    expect(Object.keys(updatesOf(p)).sort()).toEqual(['at', 'n', 'name']);
    expect(updatesOf(p).name).toBe(
      "array_element(make_array(name, 'it''s', NULL), coalesce(CAST(array_position(make_array((id = 1) IS TRUE, (id = 2) IS TRUE), true) AS BIGINT), 0) + 1)",
    );
    expect(updatesOf(p).at).toContain('1709251200000000000');
    expect(updatesOf(p).at).toMatch(/^arrow_cast\(.*'Timestamp\(Nanosecond, Some\("UTC"\)\)'\)$/);
    // What comes out is what the gate lets through unchanged.
    for (const expression of Object.values(updatesOf(p))) {
      expect(gateExpression(expression, { what: 'test' })).toBe(expression);
    }
    expect(p.edits).toEqual(['id = 1', 'id = 2', 'id = 3']);
    expect(p.rows).toBeUndefined();
  });

  it('builds the new rows in the table schema, with nulls where a row names no value', () => {
    const p = plan({
      inserts: [
        { id: '1', v: '[1, 2, 3]' },
        { id: '2', name: 'b' },
      ],
    });
    expect(p.rows!.schema).toBe(SCHEMA);
    expect(p.rows!.numRows).toBe(2);
    expect(p.rows!.getChild('name')!.toArray()).toEqual([null, 'b']);
    expect(Array.from(p.rows!.getChild('v')!.get(0) as Float32Array)).toEqual([1, 2, 3]);
    expect(p.rows!.getChild('v')!.get(1)).toBeNull();
    expect(p.rows!.getChild('tags')!.nullCount).toBe(2);
  });

  it('refuses a bad value naming the edit or new row and the column', () => {
    expect(refused({ edits: [edit(1, { n: '1' }), edit(2, { n: 'x' })] })).toMatchObject({
      code: ERROR_CODES.InvalidInput,
      message: expect.stringMatching(/^Edit 2, column "n": cannot read "x" as a whole number/),
    });
    expect(refused({ inserts: [{ id: '1' }, { id: '2', v: '[1]' }] })).toMatchObject({
      code: ERROR_CODES.InvalidInput,
      message: expect.stringMatching(/^New row 2, column "v": expected a vector of 3 numbers/),
    });
    expect(refused({ edits: [edit(1, { tags: '[]' })] }).message).toMatch(
      /^Edit 1, column "tags": a value of type List<Utf8> cannot be typed into a cell/,
    );
    expect(refused({ edits: [edit(1, { ghost: '1' })] })).toMatchObject({
      code: ERROR_CODES.TableColumnNotFound,
      message: 'Edit 1: the table has no column "ghost"',
    });
    expect(refused({ inserts: [{ name: 'x' }] })).toMatchObject({
      code: ERROR_CODES.TableSchemaValidationError,
      message: expect.stringMatching(/^New row 1: column "id" cannot be null/),
    });
    expect(refused({ edits: [edit(1, { id: '' })] }).code).toBe(
      ERROR_CODES.TableSchemaValidationError,
    );
    expect(refused({ edits: [edit(1, {})] }).message).toBe('Edit 1 changes no column');
  });

  it('puts predicates through the gate, naming the edit or deletion', () => {
    expect(
      refused({ edits: [{ predicate: 'id = 1; DROP TABLE t', values: { n: '1' } }] }).message,
    ).toMatch(/^The condition of edit 1 was refused/);
    expect(refused({ deletes: ['id = 1', 'sleep(1000)'] }).message).toMatch(
      /^The condition of deletion 2 was refused: the function sleep is not allowed/,
    );
  });

  it('fits 500 edits of one column with short values in one update', () => {
    const edits = Array.from({ length: 500 }, (_, k) => edit(k, { n: String(k) }));
    expect(gateExpression(updatesOf(plan({ edits })).n!, { what: 't' })).toContain('id = 499');
  });

  it("says when one column's edits are more than the gate lets into one update", () => {
    // Each 40-character value counts 40 bytes of the gate's 8 KiB per row: 205 do not fit.
    const edits = Array.from({ length: 205 }, (_, k) => edit(k, { name: 'x'.repeat(40) }));
    expect(updatesOf(plan({ edits: edits.slice(0, 200) })).name).toBeDefined();
    expect(refused({ edits })).toMatchObject({
      code: ERROR_CODES.InvalidInput,
      message: expect.stringMatching(
        /^The 205 edits of column "name" do not fit in one update; commit them in smaller groups \(.*8192 allowed\)$/,
      ),
    });
    // A single value over the limit cannot be written by an edit at all.
    expect(refused({ edits: [edit(1, { name: 'y'.repeat(9000) })] }).message).toMatch(
      /^The edit of column "name" is too large for an update \(/,
    );
  });

  it('refuses a vector edit of 512 numbers or more (16 bytes each as the gate counts them)', () => {
    const wide = (dim: number) =>
      new A.Schema([
        new A.Field('id', new A.Int64(), false),
        new A.Field(
          'v',
          new A.FixedSizeList(dim, new A.Field('item', new A.Float32(), true)),
          true,
        ),
      ]);
    const vector = (dim: number) => JSON.stringify(Array.from({ length: dim }, (_, i) => i / 7));
    expect(updatesOf(plan({ edits: [edit(1, { v: vector(384) })] }, wide(384))).v).toBeDefined();
    expect(refused({ edits: [edit(1, { v: vector(768) })] }, wide(768)).message).toMatch(
      /^The edit of column "v" is too large for an update/,
    );
    // A new row takes any vector: it is Arrow, not SQL.
    expect(plan({ inserts: [{ id: '1', v: vector(768) }] }, wide(768)).rows!.numRows).toBe(1);
    // The grid's up-front limit is the gate's own: the widest vector of the shortest numbers fits
    // as one edit, one number more does not.
    const ones = (dim: number) => JSON.stringify(Array.from({ length: dim }, () => 1));
    const max = MAX_EDITED_VECTOR_DIMENSION;
    expect(updatesOf(plan({ edits: [edit(1, { v: ones(max) })] }, wide(max))).v).toBeDefined();
    expect(refused({ edits: [edit(1, { v: ones(max + 1) })] }, wide(max + 1)).message).toMatch(
      /^The edit of column "v" is too large for an update/,
    );
  });
});
