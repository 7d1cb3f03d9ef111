/**
 * A query streamed as Arrow IPC (what the server sends) carries the same answer as the collected
 * query: the same schema and rows, for scans, projections, filters, vector and empty results,
 * whether LanceDB answers in one batch or many.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Table as ArrowTable } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type CatalogClient, type TableHandle } from '../../../../../src-main/catalog';
import { arrow } from '../../../../../src-main/catalog/arrow';
import type { QueryRequest } from '../../../../../src-shared/catalog-api';
import { ERROR_CODES, type ErrorCode } from '../../../../../src-shared/vocabulary/errors';
import { expectCode } from '../../../../support/expect-code';

const ROWS = 30_000; // LanceDB answers a scan this large in several batches

let root: string;
let catalog: CatalogClient;
let table: TableHandle;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cs-query-stream-'));
  catalog = await connect(root);
  const ids = Int32Array.from({ length: ROWS }, (_, i) => i);
  const vectors = new Float32Array(ROWS * 4).map((_, i) => (i % 97) / 97);
  const vectorType = new arrow.FixedSizeList(4, new arrow.Field('item', new arrow.Float32(), true));
  table = await catalog.createTable(
    'items',
    new arrow.Table({
      id: arrow.vectorFromArray(ids),
      label: arrow.vectorFromArray(Array.from(ids, (i) => `label ${i}`)),
      vector: arrow.makeVector(
        arrow.makeData({
          type: vectorType,
          length: ROWS,
          nullCount: 0,
          child: arrow.makeData({ type: new arrow.Float32(), length: ROWS * 4, data: vectors }),
        }),
      ),
    }),
  );
});

afterAll(async () => {
  await catalog.close();
  rmSync(root, { recursive: true, force: true });
});

async function streamed(request: QueryRequest): Promise<{ table: ArrowTable; chunks: number }> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of await table.queryStream(request)) chunks.push(chunk);
  return { table: arrow.tableFromIPC(Buffer.concat(chunks)), chunks: chunks.length };
}

function rowsOf(t: ArrowTable): unknown[] {
  return t.toArray().map((row) => JSON.stringify(row));
}

describe.each<[string, QueryRequest]>([
  ['a whole scan', {}],
  [
    'a projection with filter, limit and offset',
    { columns: ['label', 'id'], filter: 'id % 7 = 0', limit: 500, offset: 3 },
  ],
  ['a vector search', { vector: [0.5, 0.5, 0.5, 0.5], limit: 20, columns: ['id'] }],
])('%s', (_, request) => {
  it('streams the same schema and rows as the collected query', async () => {
    const collected = await table.query(request);
    const { table: fromStream } = await streamed(request);
    expect(fromStream.schema.fields.map((f) => `${f.name}:${f.type}`)).toEqual(
      collected.schema.fields.map((f) => `${f.name}:${f.type}`),
    );
    expect(fromStream.numRows).toBe(collected.numRows);
    expect(rowsOf(fromStream)).toEqual(rowsOf(collected));
  });
});

it('streams a large scan as several batches, not one collected buffer', async () => {
  const { table: fromStream, chunks } = await streamed({});
  expect(fromStream.numRows).toBe(ROWS);
  expect(fromStream.batches.length).toBeGreaterThan(1);
  // Each batch is its framing plus its body, passed on as LanceDB produced it.
  expect(chunks).toBeGreaterThanOrEqual(fromStream.batches.length * 2);
});

it('answers an empty result with the projected columns', async () => {
  const { table: empty } = await streamed({ filter: 'id < 0', columns: ['label'] });
  expect(empty.numRows).toBe(0);
  expect(empty.schema.fields.map((f) => f.name)).toEqual(['label']);
});

it('fails a bad request before the first byte, as the collected query does', async () => {
  for (const request of [
    { filter: 'no_such_column > 1' },
    { filter: 'id >' },
    { columns: ['nope'] },
  ]) {
    const expected = await table.query(request).then(
      () => undefined,
      (error: { code: number }) => error.code,
    );
    expect(expected).toBeDefined();
    await expectCode(table.queryStream(request), expected as ErrorCode);
  }
});

it('answers a scan with a text column in batches sized by the table, the same rows, and refuses nonsense', async () => {
  const batchesOf = async (options?: { batchBytes: number }) => {
    const chunks: Uint8Array[] = [];
    for await (const chunk of await table.queryStream({}, options)) chunks.push(chunk);
    return arrow.tableFromIPC(Buffer.concat(chunks));
  };
  // LanceDB's own batches (about 1,000 rows) are what the collected query reads.
  const lanceOwn = await table.query({});
  const sized = await batchesOf();
  expect(sized.numRows).toBe(ROWS);
  expect(sized.batches.length).toBeLessThan(lanceOwn.batches.length);
  expect(rowsOf(sized)).toEqual(rowsOf(lanceOwn));
  // A reader asking for small batches gets more of them, never fewer rows.
  const small = await batchesOf({ batchBytes: 1024 });
  expect(small.batches.length).toBeGreaterThan(sized.batches.length);
  expect(rowsOf(small)).toEqual(rowsOf(lanceOwn));
  await expectCode(table.queryStream({}, { batchBytes: 0 }), ERROR_CODES.InvalidInput);
  await expectCode(
    table.queryStream({}, { batchBytes: 1024, extra: true } as never),
    ERROR_CODES.InvalidInput,
  );
});

it('answers a small search or page in one batch, sent as one chunk', async () => {
  const page = await streamed({ columns: ['id'], limit: 200 });
  expect(page.table.numRows).toBe(200);
  expect(page.table.batches).toHaveLength(1);
  expect(page.chunks).toBe(1);
  const search = await streamed({ vector: [0.1, 0.2, 0.3, 0.4], columns: ['id'] });
  expect(search.table.numRows).toBe(10);
  expect(search.table.batches).toHaveLength(1);
  expect(search.chunks).toBe(1);
  expect(rowsOf(search.table)).toEqual(
    rowsOf(await table.query({ vector: [0.1, 0.2, 0.3, 0.4], columns: ['id'] })),
  );
});

it('takes a first batch as whole only when it holds every row the query may answer', async () => {
  // Three fragments of 50 rows: LanceDB answers a scan fragment by fragment, so a first batch
  // can hold fewer rows than the limit while more follow.
  const rowsFrom = (start: number, count: number) => {
    const ids = Array.from({ length: count }, (_, i) => start + i);
    return arrow.tableFromArrays({
      id: Int32Array.from(ids),
      text: ids.map((id) => `row ${id}`),
    });
  };
  const parts = await catalog.createTable('parts', rowsFrom(0, 50));
  for (const start of [50, 100]) await parts.insert(rowsFrom(start, 50), { mode: 'append' });
  const read = async (request: QueryRequest) => {
    const chunks: Uint8Array[] = [];
    for await (const chunk of await parts.queryStream(request)) chunks.push(chunk);
    return arrow.tableFromIPC(Buffer.concat(chunks));
  };
  const ids = (t: ArrowTable) => t.toArray().map((row) => Number(row.id));
  const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
  // Beyond one fragment, the limit is reached only by the batches after the first.
  expect(ids(await read({ columns: ['id'], limit: 120 }))).toEqual(range(0, 120));
  // The first batch holds the limit: whole, and the same rows as the collected query.
  expect(ids(await read({ columns: ['id'], limit: 30 }))).toEqual(range(0, 30));
  // Fewer rows than the limit in all: LanceDB is asked for the end, and nothing is lost.
  expect(ids(await read({ columns: ['id'], filter: 'id % 40 = 0', limit: 10 }))).toEqual([
    0, 40, 80, 120,
  ]);
  // An offset past the first fragment still answers its limit.
  expect(ids(await read({ columns: ['id'], limit: 20, offset: 45 }))).toEqual(range(45, 65));
});
