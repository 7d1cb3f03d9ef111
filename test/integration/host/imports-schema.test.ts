/**
 * Imports with an edited schema, through the host on real files and a real catalog: renamed,
 * dropped and cast columns (vectors from CSV text and JSON arrays, text that must keep its
 * leading zeros, dates, timestamps, 64-bit ints), and clear refusals that name the row and column.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeParquet, Table as WasmTable } from 'parquet-wasm/node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { arrow } from '../../../src-main/catalog/arrow';
import { Host } from '../../../src-main/host/host';
import { FileSecretStore } from '../../../src-main/host/secret-store';
import { sampleTable } from '../../support/sample-data';
import { callOk } from '../../support/host-calls';

let dir: string;
let host: Host;
let connectionId: string;

const ok = <T = any>(name: string, input: unknown) => callOk<T>(host, name, input);

function catalog(): any {
  return (
    host as unknown as { connections: { get(id: string): { catalog: any } } }
  ).connections.get(connectionId).catalog;
}

async function waitJob(jobId: string) {
  for (;;) {
    const jobs = await ok<any[]>('jobs:list', {});
    const job = jobs.find((j) => j.id === jobId);
    if (job && ['succeeded', 'failed', 'cancelled'].includes(job.state)) return job;
    await new Promise((r) => setTimeout(r, 20));
  }
}

function start(file: string, table: string, columns: unknown[], extra: object = {}) {
  return host.call('imports:start', {
    connectionId,
    path: join(dir, file),
    namespacePath: ['raw'],
    table,
    mode: 'create',
    columns,
    ...extra,
  });
}

async function importOk(file: string, table: string, columns: unknown[], extra: object = {}) {
  const started = await start(file, table, columns, extra);
  if (!started.ok) throw new Error(started.error.message);
  const done = await waitJob((started.value as { id: string }).id);
  if (done.state !== 'succeeded') throw new Error(`${done.state}: ${done.error?.message}`);
  return catalog().openTable(table, ['raw']);
}

const EMBED_CSV = [
  'id,zip,score,active,day,seen,embedding',
  '1,007,0.5,true,2024-01-02,2024-01-02T03:04:05Z,"[0.1, 0.2, 0.3, 0.4]"',
  '2,010,1.25,no,2024-02-29,2024-02-29T00:00:00.5Z,"[1, 2, 3, 4]"',
  '3,,,,,,',
].join('\n');

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-import-schema-'));
  host = new Host({
    userDataDir: join(dir, 'data'),
    secrets: new FileSecretStore(join(dir, 'data', 's.json')),
  });
  connectionId = (await ok('connections:open-folder', { path: join(dir, 'catalog'), create: true }))
    .id;
  await ok('namespaces:create', { connectionId, path: ['raw'] });
});
afterEach(async () => {
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('imports with an edited schema', () => {
  it('renames, drops and casts CSV columns, vectors included', async () => {
    writeFileSync(join(dir, 'items.csv'), EMBED_CSV);
    const table = await importOk('items.csv', 'items', [
      { source: 'id', name: 'item_id', type: 'int64' },
      { source: 'zip', name: 'zip', type: 'utf8' },
      { source: 'score', name: 'score', type: 'float32' },
      { source: 'active', name: 'active', type: 'bool' },
      { source: 'day', name: 'day', type: 'date32' },
      { source: 'seen', name: 'seen', type: 'timestamp' },
      { source: 'embedding', name: 'vec', type: 'vector', dimension: 4 },
    ]);
    const schema = await table.schema();
    expect(schema.fields.map((f: any) => [f.name, String(f.type)])).toEqual([
      ['item_id', 'Int64'],
      ['zip', 'Utf8'],
      ['score', 'Float32'],
      ['active', 'Bool'],
      ['day', 'Date32<DAY>'],
      ['seen', 'Timestamp<MICROSECOND, UTC>'],
      ['vec', 'FixedSizeList[4]<Float32>'],
    ]);
    expect(await table.countRows()).toBe(3);
    const rows = (await table.query({ limit: 10 })).toArray().map((r: any) => r.toJSON());
    rows.sort((a: any, b: any) => Number(a.item_id) - Number(b.item_id));
    // Text keeps the file's characters, where inference would have read 007 as the number 7.
    expect(rows.map((r: any) => r.zip)).toEqual(['007', '010', '']);
    expect(rows.map((r: any) => r.active)).toEqual([true, false, null]);
    expect(rows[0].item_id).toBe(1n);
    expect(new Date(rows[1].day).toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(Array.from(rows[1].vec.toArray())).toEqual([1, 2, 3, 4]);
    expect(rows[2].vec).toBeNull();

    const hits = await table.query({ vector: [1, 2, 3, 4], limit: 1, columns: ['item_id'] });
    expect(hits.getChild('item_id').get(0)).toBe(2n);
  });

  it('keeps an unedited column as inferred, and leaves out columns not listed', async () => {
    writeFileSync(join(dir, 'items.csv'), EMBED_CSV);
    const table = await importOk('items.csv', 'kept', [
      { source: 'embedding', name: 'embedding' },
      { source: 'id', name: 'id' },
    ]);
    const schema = await table.schema();
    expect(schema.fields.map((f: any) => [f.name, String(f.type)])).toEqual([
      ['embedding', 'FixedSizeList[4]<Float32>'],
      ['id', 'Int32'],
    ]);
  });

  it('makes vectors of JSON arrays whose lengths vary in the sample, and names a short one', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({ id: i, v: [i, i + 1, i + 2] }));
    rows[30] = { id: 30, v: [1, 2] };
    writeFileSync(join(dir, 'rows.ndjson'), rows.map((r) => JSON.stringify(r)).join('\n'));
    const preview = await ok('imports:preview', { path: join(dir, 'rows.ndjson') });
    // Mixed lengths: inference cannot call it a vector; the edited schema does.
    expect(preview.schema.fields[1].type.type).toBe('utf8');
    const started = await ok('imports:start', {
      connectionId,
      path: join(dir, 'rows.ndjson'),
      namespacePath: ['raw'],
      table: 'short',
      mode: 'create',
      columns: [
        { source: 'id', name: 'id' },
        { source: 'v', name: 'v', type: 'vector', dimension: 3 },
      ],
    });
    const done = await waitJob(started.id);
    expect(done.state).toBe('failed');
    expect(done.error.message).toBe(
      'Row 31, column "v" (from "v"): expected a vector of 3 numbers, got 2',
    );
    expect(await catalog().tableExists('short', ['raw'])).toBe(false);

    rows[30] = { id: 30, v: [30, 31, 32] };
    writeFileSync(join(dir, 'fixed.ndjson'), rows.map((r) => JSON.stringify(r)).join('\n'));
    const table = await importOk('fixed.ndjson', 'fixed', [
      { source: 'v', name: 'v', type: 'vector', dimension: 3 },
    ]);
    expect(await table.countRows()).toBe(40);
  });

  it('fails on a value that cannot be cast, naming its row and column, and leaves nothing', async () => {
    const lines = ['id,name'];
    for (let i = 0; i < 500; i++) lines.push(`${i},n${i}`);
    lines[321] = 'three hundred,n320';
    writeFileSync(join(dir, 'ids.csv'), lines.join('\n'));
    const started = await ok('imports:start', {
      connectionId,
      path: join(dir, 'ids.csv'),
      namespacePath: ['raw'],
      table: 'ids',
      mode: 'create',
      batchSize: 100,
      columns: [
        { source: 'id', name: 'id', type: 'int32' },
        { source: 'name', name: 'name', type: 'utf8' },
      ],
    });
    const done = await waitJob(started.id);
    expect(done.state).toBe('failed');
    expect(done.error.name).toBe('InvalidInput');
    expect(done.error.message).toBe(
      'Row 321, column "id" (from "id"): cannot read "three hundred" as a whole number',
    );
    expect(await catalog().tableExists('ids', ['raw'])).toBe(false);

    writeFileSync(join(dir, 'big.csv'), 'n\n3000000000\n');
    const big = await ok('imports:start', {
      connectionId,
      path: join(dir, 'big.csv'),
      namespacePath: ['raw'],
      table: 'big',
      mode: 'create',
      columns: [{ source: 'n', name: 'n', type: 'int32' }],
    });
    expect((await waitJob(big.id)).error.message).toMatch(
      /Row 1, column "n".*3000000000 does not fit in int32; choose int64/,
    );
  });

  it('refuses a bad edited schema before starting, saying what is wrong', async () => {
    writeFileSync(join(dir, 'items.csv'), EMBED_CSV);
    const cases: Array<[unknown[], RegExp]> = [
      [[{ source: 'nope', name: 'x' }], /The file has no column "nope"; it has "id", "zip"/],
      [
        [
          { source: 'id', name: 'a' },
          { source: 'zip', name: 'a' },
        ],
        /Two columns are named "a"/,
      ],
      [[{ source: 'id', name: ' ' }], /The column from "id" needs a name/],
      [
        [{ source: 'embedding', name: 'e', type: 'vector', dimension: 0 }],
        /"e": a vector needs a whole-number dimension from 1 to 65536 \(got 0\)/,
      ],
      [
        [{ source: 'embedding', name: 'e', type: 'vector', dimension: 2.5 }],
        /whole-number dimension.*got 2.5/,
      ],
      [[{ source: 'embedding', name: 'e', type: 'vector' }], /dimension.*got null/],
      [[{ source: 'id', name: 'id', dimension: 4 }], /a dimension needs type vector/],
      [[], /Keep at least one column/],
    ];
    for (const [columns, message] of cases) {
      const result = await start('items.csv', 'never', columns);
      expect(result).toMatchObject({ ok: false, error: { code: 13 } });
      expect(!result.ok && result.error.message).toMatch(message);
    }
    const badType = await start('items.csv', 'never', [{ source: 'id', name: 'id', type: 'int' }]);
    expect(badType).toMatchObject({ ok: false, error: { code: 13 } });
    expect(await catalog().tableExists('never', ['raw'])).toBe(false);
  });

  it('renames and casts Parquet and Arrow columns, passing the others through', async () => {
    const source = sampleTable(60, 4);
    writeFileSync(join(dir, 'rows.arrow'), arrow.tableToIPC(source, 'file'));
    writeFileSync(
      join(dir, 'rows.parquet'),
      writeParquet(
        WasmTable.fromIPCStream(
          arrow.tableToIPC(source.select(['id', 'text', 'vector']), 'stream'),
        ),
      ),
    );
    for (const [file, table] of [
      ['rows.arrow', 'from_arrow'],
      ['rows.parquet', 'from_parquet'],
    ] as const) {
      const t = await importOk(
        file,
        table,
        [
          { source: 'id', name: 'key', type: 'utf8' },
          { source: 'text', name: 'body' },
          { source: 'vector', name: 'embedding', type: 'vector', dimension: 4 },
          { source: 'id', name: 'id_float', type: 'float64' },
        ],
        { batchSize: 25 },
      );
      const schema = await t.schema();
      expect(schema.fields.map((f: any) => [f.name, String(f.type)])).toEqual([
        ['key', 'Utf8'],
        ['body', 'Utf8'],
        ['embedding', 'FixedSizeList[4]<Float32>'],
        ['id_float', 'Float64'],
      ]);
      expect(await t.countRows()).toBe(60);
      const rows = (await t.query({ limit: 100 })).toArray().map((r: any) => r.toJSON());
      const row = rows.find((r: any) => r.key === '42');
      expect(row.id_float).toBe(42);
      expect(row.body).toBe(source.getChild('text')!.get(42));
      expect(Array.from(row.embedding.toArray())).toEqual(
        Array.from(source.getChild('vector')!.get(42)!.toArray()),
      );
    }

    const wrong = await start('rows.arrow', 'wrong_dim', [
      { source: 'vector', name: 'v', type: 'vector', dimension: 8 },
    ]);
    const done = await waitJob((wrong as any).value.id);
    expect(done.error.message).toBe(
      'Row 1, column "v" (from "vector"): expected a vector of 8 numbers, got 4',
    );
  });
});
