/**
 * Arrow batches into a DuckDB table as the console's engine queries load them: every type it
 * reads comes back from DuckDB with the same values and nulls, from whole batches and from
 * slices (whose values start at the slice but whose validity bits do not), and a type it cannot
 * read is refused with the column's name.
 */
import * as duckApi from '@duckdb/node-api';
import duckBindings from '@duckdb/node-bindings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrow } from '../../../../src-main/catalog/arrow';
import { ArrowIntoDuck } from '../../../../src-main/host/console/arrow-into-duck';
import { duckColumn } from '../../../../src-main/host/console/engine-query';

let instance: duckApi.DuckDBInstance;
let connection: duckApi.DuckDBConnection;

beforeAll(async () => {
  instance = await duckApi.DuckDBInstance.create(':memory:');
  connection = await instance.connect();
});
afterAll(() => {
  connection.closeSync();
  instance.closeSync();
});

const ROWS = 5_000; // more than two DuckDB chunks of 2,048
const valid = (i: number) => i % 7 !== 3;

function sampleBatch() {
  const dictionary = arrow.vectorFromArray(['red', 'green', 'blue'], new arrow.Utf8());
  const keys = Int32Array.from({ length: ROWS }, (_, i) => i % 3);
  const colour = arrow.makeVector(
    arrow.makeData({
      type: new arrow.Dictionary(new arrow.Utf8(), new arrow.Int32()),
      length: ROWS,
      data: keys,
      dictionary,
    }),
  );
  const table = new arrow.Table({
    i8: arrow.vectorFromArray(
      Array.from({ length: ROWS }, (_, i) => (valid(i) ? (i % 200) - 100 : null)),
      new arrow.Int8(),
    ),
    i64: arrow.vectorFromArray(
      Array.from({ length: ROWS }, (_, i) => (valid(i) ? BigInt(i) * 10_000_000_000n : null)),
      new arrow.Int64(),
    ),
    u32: arrow.vectorFromArray(Uint32Array.from({ length: ROWS }, (_, i) => 4_000_000_000 - i)),
    f32: arrow.vectorFromArray(Float32Array.from({ length: ROWS }, (_, i) => i / 4)),
    f64: arrow.vectorFromArray(
      Array.from({ length: ROWS }, (_, i) => (valid(i) ? i * 1.5 : null)),
      new arrow.Float64(),
    ),
    flag: arrow.vectorFromArray(
      Array.from({ length: ROWS }, (_, i) => (valid(i) ? i % 2 === 0 : null)),
      new arrow.Bool(),
    ),
    text: arrow.vectorFromArray(
      Array.from({ length: ROWS }, (_, i) => (valid(i) ? `row ${i} ${'é'.repeat(i % 20)}` : null)),
      new arrow.Utf8(),
    ),
    day: arrow.vectorFromArray(
      Array.from({ length: ROWS }, (_, i) => new Date(Date.UTC(2020, 0, 1 + i))),
      new arrow.DateDay(),
    ),
    at: arrow.vectorFromArray(
      Array.from({ length: ROWS }, (_, i) => Date.UTC(2024, 0, 1) + i * 1000),
      new arrow.TimestampMillisecond(),
    ),
    colour,
  });
  return table.batches.length === 1
    ? table.batches[0]!
    : new arrow.Table(table.batches).batches[0]!;
}

async function loadAndRead(name: string, batches: ReturnType<typeof sampleBatch>[]) {
  const fields = batches[0]!.schema.fields;
  const loader = new ArrowIntoDuck(
    duckApi,
    duckBindings,
    fields,
    fields.map((f) => f.name),
  );
  await connection.run(`CREATE TABLE ${name} (${loader.columnsSql(duckColumn)})`);
  const appender = await connection.createAppender(name);
  for (const batch of batches) loader.append(appender, batch);
  appender.closeSync();
  expect(loader.rows).toBe(batches.reduce((n, b) => n + b.numRows, 0));
  const reader = await connection.runAndReadAll(
    `SELECT c0, c1, c2, c3, c4, c5, c6, epoch_ms(c7::TIMESTAMP), epoch_ms(c8), c9 FROM ${name}`,
  );
  return reader.getRowsJS();
}

function expectedRows(batch: ReturnType<typeof sampleBatch>) {
  return batch.toArray().map((row) => {
    const r = row.toJSON() as Record<string, unknown>;
    return [
      r.i8 ?? null,
      r.i64 ?? null,
      r.u32,
      r.f32,
      r.f64 ?? null,
      r.flag ?? null,
      r.text ?? null,
      BigInt(Number(r.day)),
      BigInt(Number(r.at)),
      r.colour,
    ];
  });
}

describe('ArrowIntoDuck', () => {
  it('loads every type it reads, values and nulls, in whole batches and in slices', async () => {
    const batch = sampleBatch();
    const slices = [batch.slice(0, 1_001), batch.slice(1_001, 3_333), batch.slice(3_333, ROWS)];
    const whole = await loadAndRead('whole', [batch]);
    const sliced = await loadAndRead('sliced', slices);
    const expected = expectedRows(batch);
    expect(whole).toEqual(expected);
    expect(sliced).toEqual(expected);
  });

  it('refuses a column it cannot read, by name', () => {
    const vectors = arrow.vectorFromArray(
      [[1, 2]],
      new arrow.List(new arrow.Field('item', new arrow.Float64())),
    );
    const fields = new arrow.Table({ embedding: vectors }).schema.fields;
    expect(() => new ArrowIntoDuck(duckApi, duckBindings, fields, ['embedding'])).toThrow(
      /Column embedding is of type List/,
    );
  });
});
