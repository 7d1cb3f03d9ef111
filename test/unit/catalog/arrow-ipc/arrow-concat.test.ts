/**
 * Joining record batches buffer by buffer keeps every value of every type, nulls included, whatever
 * the batches' offsets (slices of a larger batch, as apache-arrow makes them), and the joined
 * batches write and read back through Arrow IPC as they were.
 */
import type { Table as ArrowTable } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { arrow } from '../../../../src-main/catalog/arrow';
import {
  assertFewBatches,
  BatchJoiner,
  JOIN_MAX_PARTS,
  joinSmallBatches,
} from '../../../../src-main/catalog/arrow-ipc/arrow-coalesce';
import { combinable, concatData } from '../../../../src-main/catalog/arrow-ipc/arrow-concat';
import { ERROR_CODES } from '../../../../src-shared/vocabulary/errors';
import { expectCode } from '../../../support/expect-code';
import { rows, WIDE_ROWS as ROWS, wideTable } from '../../../support/wide-table';

/** The table cut into batches of the given sizes, each a slice (a non-zero offset) of the whole. */
function cut(table: ArrowTable, sizes: number[]): ArrowTable {
  const whole = table.batches[0]!;
  const batches = [];
  let at = 0;
  for (let i = 0; at < table.numRows; i++) {
    const size = Math.min(sizes[i % sizes.length]!, table.numRows - at);
    batches.push(whole.slice(at, at + size));
    at += size;
  }
  return new arrow.Table(table.schema, batches);
}

describe('concatData', () => {
  const table = wideTable();
  const expected = rows(table);

  for (const sizes of [[1], [3, 1, 8], [13, 64], [299, 1]]) {
    it(`joins batches of ${sizes.join('/')} rows back into the same values`, () => {
      const pieces = cut(table, sizes);
      expect(pieces.batches.length).toBeGreaterThan(1);
      const joined = joinSmallBatches(pieces);
      expect(joined.batches.length).toBe(Math.ceil(pieces.batches.length / JOIN_MAX_PARTS));
      expect(joined.numRows).toBe(ROWS);
      expect(rows(joined)).toEqual(expected);
      for (const field of table.schema.fields) {
        expect(joined.getChild(field.name)!.nullCount, field.name).toBe(
          table.getChild(field.name)!.nullCount,
        );
      }
    });
  }

  it('joined batches survive an IPC stream round trip (what LanceDB is handed)', () => {
    const joined = joinSmallBatches(cut(table, [1, 2, 5]));
    const back = arrow.tableFromIPC(arrow.tableToIPC(joined, 'stream'));
    expect(rows(back)).toEqual(expected);
  });

  it('batches decoded from one IPC stream of one-row batches join and read back', () => {
    // apache-arrow cannot write slices of LargeUtf8 (its offsets rebase mixes BigInt and number).
    const names = table.schema.fields.map((f) => f.name).filter((name) => name !== 'large');
    const narrow = table.select(names);
    const stream = arrow.tableToIPC(cut(narrow, [1]), 'stream');
    const decoded = arrow.tableFromIPC(stream);
    expect(decoded.batches.length).toBe(ROWS);
    const joined = joinSmallBatches(decoded);
    expect(joined.batches.length).toBe(Math.ceil(ROWS / JOIN_MAX_PARTS));
    expect(rows(arrow.tableFromIPC(arrow.tableToIPC(joined, 'stream')))).toEqual(rows(narrow));
  });

  it('keeps dictionaries apart when batches use different ones', () => {
    const one = arrow.tableFromArrays({ c: ['a', 'b'] });
    const two = arrow.tableFromArrays({ c: ['x', 'y'] });
    const a = one.batches[0]!.data;
    const b = two.batches[0]!.data;
    expect(combinable(a, a)).toBe(true);
    expect(combinable(a, b)).toBe(false);
    const other = new arrow.RecordBatch(one.schema, b);
    const joined = joinSmallBatches(new arrow.Table(one.schema, [one.batches[0]!, other]));
    expect(joined.batches.length).toBe(2);
    expect(joined.getChild('c')!.toArray()).toEqual(['a', 'b', 'x', 'y']);
  });

  it('a single part is returned as it is, no copy', () => {
    const data = table.batches[0]!.data;
    expect(concatData([data])).toBe(data);
  });
});

describe('BatchJoiner', () => {
  it('leaves a large batch alone and joins small ones around it', () => {
    const big = arrow.tableFromArrays({ v: new Float64Array(1_100_000) }); // 8.8 MB
    const small = arrow.tableFromArrays({ v: Float64Array.of(1) });
    const joiner = new BatchJoiner(big.schema);
    for (let i = 0; i < 3; i++) joiner.add(small.batches[0]!);
    joiner.add(big.batches[0]!);
    for (let i = 0; i < 3; i++) joiner.add(small.batches[0]!);
    const out = joiner.finish();
    expect(out.batches.map((b) => b.numRows)).toEqual([3, 1_100_000, 3]);
    // Not copied: the large batch's own buffers.
    expect(out.batches[1]!.data.children[0]!.values).toBe(big.batches[0]!.data.children[0]!.values);
  });

  it('drops empty batches and keeps the schema of a table with no rows', () => {
    const empty = new arrow.Table(wideTable().schema);
    const joiner = new BatchJoiner(empty.schema);
    for (const batch of empty.batches) joiner.add(batch);
    const out = joiner.finish();
    expect(out.numRows).toBe(0);
    expect(out.schema.fields.map((f) => f.name)).toEqual(empty.schema.fields.map((f) => f.name));
  });

  it('refuses a body left with more batches than it may have, naming the limit', async () => {
    const first = arrow.tableFromArrays({ c: ['value'] });
    const parts = Array.from(
      { length: 1025 },
      (_, i) =>
        new arrow.RecordBatch(
          first.schema,
          arrow.tableFromArrays({ c: [`v${i}`] }).batches[0]!.data,
        ),
    );
    // Each batch has a dictionary of its own, so none can be joined.
    const table = joinSmallBatches(new arrow.Table(first.schema, parts));
    expect(table.batches.length).toBe(1025);
    const error = await expectCode(() => assertFewBatches(table), ERROR_CODES.InvalidInput);
    expect(error.message).toContain('at most 1024');
  });
});
