/**
 * The reader of Parquet files of 4 GiB or more (DuckDB's, since parquet-wasm cannot address
 * them), tried on a small file, where both readers work: it makes the same rows of the same
 * values as parquet-wasm, in batches of the import's size, and refuses a column it cannot copy
 * by name before reading any row.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Table as ArrowTable } from 'apache-arrow';
import { writeParquet, Table as WasmTable } from 'parquet-wasm/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrow } from '../../../../src-main/catalog/arrow';
import { duckdbParquetSource } from '../../../../src-main/host/imports/parquet-duckdb';
import { parquetSource } from '../../../../src-main/host/imports/parquet-source';
import { ERROR_CODES } from '../../../../src-shared/vocabulary/errors';

const A = arrow;
const ROWS = 5_000;
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cs-parquet-duckdb-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeTable(name: string, table: ArrowTable): string {
  const path = join(dir, name);
  writeFileSync(path, writeParquet(WasmTable.fromIPCStream(A.tableToIPC(table, 'stream'))));
  return path;
}

/** Ids past 2^53, fractions, text with nulls, dates, UTC microseconds, booleans, tag lists. */
function rows(): ArrowTable {
  const ids = BigInt64Array.from({ length: ROWS }, (_, i) => 2n ** 60n - BigInt(i) * 7n);
  const us = BigInt64Array.from({ length: ROWS }, (_, i) => 1_700_000_000_123_456n + BigInt(i));
  return new A.Table({
    id: A.makeVector(ids),
    x: A.makeVector(Float64Array.from({ length: ROWS }, (_, i) => Math.sin(i) * 1e3)),
    s: A.vectorFromArray(
      Array.from({ length: ROWS }, (_, i) => (i % 9 === 0 ? null : `café ${i} "q", x`)),
      new A.Utf8(),
    ),
    day: A.vectorFromArray(
      Array.from({ length: ROWS }, (_, i) => new Date(Date.UTC(2024, 0, 1 + (i % 500)))),
      new A.DateDay(),
    ),
    ts: A.makeVector(
      A.makeData({
        type: new A.Timestamp(A.TimeUnit.MICROSECOND, 'UTC'),
        length: ROWS,
        nullCount: 0,
        data: us,
      }),
    ),
    ok: A.vectorFromArray(
      Array.from({ length: ROWS }, (_, i) => i % 3 === 0),
      new A.Bool(),
    ),
    tags: A.vectorFromArray(
      Array.from({ length: ROWS }, (_, i) => (i % 5 === 0 ? [] : ['a', `t${i % 4}`])),
      new A.List(new A.Field('item', new A.Utf8(), true)),
    ),
  });
}

/** Every batch of a source, and the rows of all of them as plain values. */
async function readAll(source: Awaited<ReturnType<typeof parquetSource>>, size: number) {
  const sizes: number[] = [];
  const values: unknown[][] = [];
  for await (const batch of source.batches(size)) {
    sizes.push(batch.numRows);
    for (const row of batch.toArray())
      values.push(
        Object.values((row as { toJSON(): object }).toJSON()).map((v) =>
          v && typeof v === 'object' && 'toArray' in v
            ? Array.from((v as { toArray(): ArrayLike<unknown> }).toArray())
            : v,
        ),
      );
  }
  return { sizes, values };
}

describe('Parquet read by DuckDB (files of 4 GiB or more)', () => {
  it('makes the same rows, values and types as parquet-wasm, in batches of the import', async () => {
    const path = writeTable('rows.parquet', rows());
    const [byDuck, byWasm] = [
      await duckdbParquetSource(path, undefined),
      await parquetSource(path, undefined),
    ];
    expect(byDuck.totalRows).toBe(ROWS);
    expect(byDuck.schema.fields.map((f) => [f.name, String(f.type)])).toEqual(
      byWasm.schema.fields.map((f) => [f.name, String(f.type)]),
    );
    const duck = await readAll(byDuck, 2_048);
    const wasm = await readAll(byWasm, 2_048);
    expect(duck.sizes).toEqual([2_048, 2_048, 904]);
    expect(duck.values).toHaveLength(ROWS);
    expect(duck.values).toEqual(wasm.values);
    // Spot checks against the source, past what any rounding would keep.
    expect(duck.values[3]![0]).toBe(2n ** 60n - 21n);
    expect(duck.values[9]![2]).toBeNull();
  });

  it('refuses a column it cannot copy, by name, before reading a row', async () => {
    const table = new A.Table({
      id: A.makeVector(Int32Array.from([1, 2])),
      point: A.makeVector(
        A.makeData({
          type: new A.Struct([new A.Field('x', new A.Float64(), true)]),
          length: 2,
          nullCount: 0,
          children: [
            A.makeData({
              type: new A.Float64(),
              length: 2,
              nullCount: 0,
              data: Float64Array.from([1, 2]),
            }),
          ],
        }),
      ),
    });
    const path = writeTable('nested.parquet', table);
    const refused = await duckdbParquetSource(path, undefined).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: ERROR_CODES.InvalidInput });
    expect((refused as Error).message).toMatch(/^Column "point" of this Parquet file is STRUCT/);
  });
});
