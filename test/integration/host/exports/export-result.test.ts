/**
 * Exports written to real files and read back with other readers: CSV with csv-parse, JSON with
 * JSON.parse, Parquet with parquet-wasm. Tricky values (quotes, line breaks, unicode, empty
 * strings and nulls, vectors, structs, binary, dates, 64-bit integers beyond 2^53) survive; an
 * export that fails or is cancelled leaves no file, and an earlier file of that name untouched.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import type { RecordBatch, Schema, Table } from 'apache-arrow';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { arrow } from '../../../../src-main/catalog/arrow';
import { exportResult } from '../../../../src-main/host/exports/export-result';

const BIG = 2n ** 62n + 1n;
const MIN = -(2n ** 63n);
const TEXTS = [
  'plain',
  'has "quotes", and commas',
  'line\nbreak\r\nCRLF',
  'naïve 日本 🚀',
  '',
  null,
];

function trickyTable(): Table {
  const schema = new arrow.Schema([
    new arrow.Field('id', new arrow.Int64(), true),
    new arrow.Field('text', new arrow.Utf8(), true),
    new arrow.Field(
      'vector',
      new arrow.FixedSizeList(3, new arrow.Field('item', new arrow.Float32(), true)),
      true,
    ),
    new arrow.Field('tags', new arrow.List(new arrow.Field('item', new arrow.Utf8(), true)), true),
    new arrow.Field(
      'meta',
      new arrow.Struct([
        new arrow.Field('score', new arrow.Float64(), true),
        new arrow.Field('a.b', new arrow.Utf8(), true),
      ]),
      true,
    ),
    new arrow.Field('image', new arrow.Binary(), true),
    new arrow.Field('day', new arrow.DateDay(), true),
    new arrow.Field('at', new arrow.TimestampMillisecond('UTC'), true),
  ]);
  const type = (name: string) => schema.fields.find((f) => f.name === name)!.type;
  const n = TEXTS.length;
  return new arrow.Table(schema, {
    id: arrow.vectorFromArray([BIG, MIN, 0n, -1n, 42n, null], new arrow.Int64()),
    text: arrow.vectorFromArray(TEXTS, new arrow.Utf8()),
    vector: arrow.vectorFromArray(
      // No null vector: apache-arrow's builder leaves a null fixed-size list no child slots,
      // which Arrow's format (and the Parquet writer) refuses.
      Array.from({ length: n }, (_, i) => [0.1 * i, -2.5, 1e-3]),
      type('vector'),
    ),
    tags: arrow.vectorFromArray(
      Array.from({ length: n }, (_, i) => (i === 4 ? null : [`t${i}`, 'q"uote'])),
      type('tags'),
    ),
    meta: arrow.vectorFromArray(
      Array.from({ length: n }, (_, i) => (i === 3 ? null : { score: i / 4, 'a.b': `m${i}` })),
      type('meta'),
    ),
    image: arrow.vectorFromArray(
      Array.from({ length: n }, (_, i) => (i === 2 ? null : new Uint8Array([i, 0, 255]))),
      new arrow.Binary(),
    ),
    day: arrow.vectorFromArray(
      Array.from({ length: n }, (_, i) => (i === 1 ? null : new Date(Date.UTC(2024, 0, 1 + i)))),
      new arrow.DateDay(),
    ),
    at: arrow.vectorFromArray(
      Array.from({ length: n }, (_, i) => new Date(Date.UTC(2024, 5, 1, 12, 0, i, 250))),
      new arrow.TimestampMillisecond('UTC'),
    ),
  } as never);
}

/** The table's rows as batches of two, as a query would stream them. */
async function* batchesOf(table: Table, size = 2): AsyncGenerator<RecordBatch> {
  for (const batch of table.batches) {
    for (let start = 0; start < batch.numRows; start += size) {
      await Promise.resolve();
      yield batch.slice(start, start + size);
    }
  }
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cs-export-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const table = trickyTable();
const schema: Schema = table.schema;

describe('exportResult: CSV', () => {
  it('writes RFC 4180 that csv-parse reads back exactly', async () => {
    const path = join(dir, 'out.csv');
    const result = await exportResult('csv', batchesOf(table), schema, path);
    expect(result).toEqual({ rows: 6, bytes: statSync(path).size });
    const text = readFileSync(path, 'utf8');
    expect(text.startsWith('id,text,vector,tags,meta,image,day,at\r\n')).toBe(true);
    const records = parseCsv(text, { columns: true }) as Record<string, string>[];
    expect(records.map((r) => r.id)).toEqual([String(BIG), String(MIN), '0', '-1', '42', '']);
    expect(records.map((r) => r.text)).toEqual(TEXTS.map((t) => t ?? ''));
    // The empty string is quoted, null is not: the two stay apart in the file.
    expect(text).toContain(',"",');
    expect(JSON.parse(records[1]!.vector!)).toEqual([Math.fround(0.1), -2.5, Math.fround(1e-3)]);
    expect(JSON.parse(records[0]!.tags!)).toEqual(['t0', 'q"uote']);
    expect(JSON.parse(records[0]!.meta!)).toEqual({ score: 0, 'a.b': 'm0' });
    expect(Buffer.from(records[1]!.image!, 'base64')).toEqual(Buffer.from([1, 0, 255]));
    expect(records[0]!.day).toBe('2024-01-01');
    expect(records[1]!.day).toBe('');
    expect(records[3]!.at).toBe('2024-06-01T12:00:03.250Z');
  });
});

describe('exportResult: JSON and NDJSON', () => {
  it('writes an array of objects that JSON.parse reads, integers with all their digits', async () => {
    const path = join(dir, 'out.json');
    const result = await exportResult('json', batchesOf(table), schema, path);
    const text = readFileSync(path, 'utf8');
    expect(result).toEqual({ rows: 6, bytes: Buffer.byteLength(text) });
    const rows = JSON.parse(text) as Record<string, unknown>[];
    expect(rows).toHaveLength(6);
    expect(rows.map((r) => r.text)).toEqual(TEXTS);
    expect(text).toContain(`"id":${BIG}`);
    expect(text).toContain(`"id":${MIN}`);
    expect(rows[5]!.id).toBeNull();
    expect(rows[1]!.vector).toEqual([Math.fround(0.1), -2.5, Math.fround(1e-3)]);
    expect(rows[3]!.meta).toBeNull();
    expect(rows[0]!.meta).toEqual({ score: 0, 'a.b': 'm0' });
    expect(rows[2]!.image).toBeNull();
    expect(rows[0]!.image).toBe(Buffer.from([0, 0, 255]).toString('base64'));
    expect(rows[2]!.day).toBe('2024-01-03');
  });

  it('writes one object per line as NDJSON', async () => {
    const path = join(dir, 'out.ndjson');
    const result = await exportResult('ndjson', batchesOf(table), schema, path);
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    expect(result.rows).toBe(6);
    expect(lines).toHaveLength(6);
    expect(lines.map((line) => (JSON.parse(line) as { text: unknown }).text)).toEqual(TEXTS);
  });

  it('writes NaN and infinities, which JSON cannot hold, as null', async () => {
    const floats = new arrow.Table({
      f: arrow.vectorFromArray([Number.NaN, Infinity, 1.5], new arrow.Float64()),
    });
    const path = join(dir, 'f.json');
    await exportResult('json', batchesOf(floats), floats.schema, path);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual([{ f: null }, { f: null }, { f: 1.5 }]);
  });
});

describe('exportResult: Parquet', () => {
  it('writes a file parquet-wasm reads back with the same values', async () => {
    const path = join(dir, 'out.parquet');
    const result = await exportResult('parquet', batchesOf(table), schema, path);
    expect(result).toEqual({ rows: 6, bytes: statSync(path).size });
    const { readParquet } = await import('parquet-wasm/node');
    const back = arrow.tableFromIPC(readParquet(readFileSync(path)).intoIPCStream());
    expect(back.numRows).toBe(6);
    expect(back.schema.fields.map((f) => f.name)).toEqual(schema.fields.map((f) => f.name));
    expect(back.getChild('id')!.toArray()).toEqual(table.getChild('id')!.toArray());
    expect([...back.getChild('id')!]).toEqual([BIG, MIN, 0n, -1n, 42n, null]);
    expect([...back.getChild('text')!]).toEqual(TEXTS);
    expect(back.getChild('vector')!.get(1)!.toJSON()).toEqual(
      table.getChild('vector')!.get(1)!.toJSON(),
    );
    expect(back.getChild('meta')!.get(0)!.toJSON()).toEqual({ score: 0, 'a.b': 'm0' });
    expect(back.getChild('image')!.get(1)).toEqual(new Uint8Array([1, 0, 255]));
  });
});

describe('exportResult: no rows', () => {
  const none = async function* (): AsyncGenerator<RecordBatch> {};

  it.each([
    ['csv', (text: string) => expect(text).toBe('id,text,vector,tags,meta,image,day,at\r\n')],
    ['json', (text: string) => expect(JSON.parse(text)).toEqual([])],
    ['ndjson', (text: string) => expect(text).toBe('')],
  ] as const)('%s', async (format, check) => {
    const path = join(dir, `none.${format}`);
    expect((await exportResult(format, none(), schema, path)).rows).toBe(0);
    check(readFileSync(path, 'utf8'));
  });

  it('parquet: a file with the columns and no rows', async () => {
    const path = join(dir, 'none.parquet');
    expect((await exportResult('parquet', none(), schema, path)).rows).toBe(0);
    const { readParquet } = await import('parquet-wasm/node');
    const back = arrow.tableFromIPC(readParquet(readFileSync(path)).intoIPCStream());
    expect(back.numRows).toBe(0);
    expect(back.schema.fields.map((f) => f.name)).toEqual(schema.fields.map((f) => f.name));
  });
});

describe('exportResult: a failed or cancelled export leaves nothing', () => {
  /** Yields one batch, then aborts, then would yield more. */
  async function* abortingAfterOne(controller: AbortController): AsyncGenerator<RecordBatch> {
    const batches = batchesOf(table);
    for await (const batch of batches) {
      yield batch;
      controller.abort();
    }
  }

  it.each(['csv', 'json', 'ndjson', 'parquet'] as const)('%s: cancelled', async (format) => {
    const controller = new AbortController();
    const path = join(dir, `out.${format}`);
    await expect(
      exportResult(format, abortingAfterOne(controller), schema, path, {
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(readdirSync(dir)).toEqual([]);
  });

  it.each(['csv', 'parquet'] as const)('%s: the source fails', async (format) => {
    async function* failing(): AsyncGenerator<RecordBatch> {
      yield* batchesOf(table);
      throw new Error('the query failed');
    }
    const path = join(dir, `out.${format}`);
    writeFileSync(path, 'earlier');
    await expect(exportResult(format, failing(), schema, path)).rejects.toThrow('the query failed');
    expect(readdirSync(dir)).toEqual([`out.${format}`]);
    expect(readFileSync(path, 'utf8')).toBe('earlier');
  });

  it('an already aborted signal writes nothing', async () => {
    const path = join(dir, 'out.csv');
    await expect(
      exportResult('csv', batchesOf(table), schema, path, { signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(readdirSync(dir)).toEqual([]);
  });
});
