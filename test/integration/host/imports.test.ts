/**
 * Imports through the host on real files and a real catalog: preview with inferred schema
 * (vectors included), batched writes with progress, the row-count check, cancel, and nothing
 * left half-done after a failure.
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
import { callOk, finishedJob, importAndWait } from '../../support/host-calls';
import { startCatalogServer } from '../../support/catalog-server';

let dir: string;
let host: Host;
let connectionId: string;

const ok = <T = any>(name: string, input: unknown) => callOk<T>(host, name, input);

function catalog(): any {
  return (
    host as unknown as { connections: { get(id: string): { catalog: any } } }
  ).connections.get(connectionId).catalog;
}

function csv(rows: number, dim: number): string {
  const lines = ['id,name,score,active,embedding'];
  for (let i = 0; i < rows; i++) {
    const vector = Array.from({ length: dim }, (_, j) => ((i + j) % 10) / 10);
    lines.push(`${i},item ${i},${i / 4},${i % 2 === 0},"[${vector.join(',')}]"`);
  }
  return `${lines.join('\n')}\n`;
}

const waitJob = (jobId: string) => finishedJob(host, jobId);

/** 3,000 rows whose row 2500 has a score that is not a number: past the inference sample. */
function writeBrokenCsv(name: string): string {
  const lines = csv(3000, 4).split('\n');
  lines[2500] = '2499,oops,not-a-number,true,"[1,2,3,4]"';
  const path = join(dir, name);
  writeFileSync(path, lines.join('\n'));
  return path;
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-import-'));
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

describe('imports', () => {
  it('previews a CSV with an inferred schema, vectors included', async () => {
    writeFileSync(join(dir, 'items.csv'), csv(50, 8));
    const preview = await ok('imports:preview', { path: join(dir, 'items.csv') });
    expect(preview.format).toBe('csv');
    expect(preview.schema.fields.map((f: any) => [f.name, f.type.type])).toEqual([
      ['id', 'int32'],
      ['name', 'utf8'],
      ['score', 'float64'],
      ['active', 'bool'],
      ['embedding', 'fixed_size_list'],
    ]);
    expect(preview.schema.fields[4].type.length).toBe(8);
    expect(preview.rows).toHaveLength(20);
    expect(preview.rows[3]).toMatchObject({ id: 3, name: 'item 3', score: 0.75, active: false });
    expect(preview.rows[3].embedding).toHaveLength(8);
  });

  it('imports a CSV in batches with progress and checks the count', async () => {
    writeFileSync(join(dir, 'items.csv'), csv(5000, 8));
    const events: any[] = [];
    host.on((event, payload) => events.push([event, payload]));
    const job = await ok('imports:start', {
      connectionId,
      path: join(dir, 'items.csv'),
      namespacePath: ['raw'],
      table: 'items',
      mode: 'create',
      batchSize: 1000,
    });
    const done = await waitJob(job.id);
    expect(done.state).toBe('succeeded');
    expect(done.progress.rowsDone).toBe(5000);
    const progress = events
      .filter(([e, p]) => e === 'jobs:progress' && p.id === job.id)
      .map(([, p]) => p.progress.rowsDone);
    expect(progress).toEqual(expect.arrayContaining([1000, 2000, 3000, 4000, 5000]));
    const table = await catalog().openTable('items', ['raw']);
    expect(await table.countRows()).toBe(5000);
    const schema = await table.schema();
    expect(String(schema.fields[4].type)).toContain('FixedSizeList[8]<Float32>');
    const hits = await table.query({
      vector: [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7],
      limit: 1,
      columns: ['id'],
    });
    expect(hits.getChild('id').get(0) % 10).toBe(0);
  });

  it('imports NDJSON, JSON, Arrow and Parquet, and appends', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({
      id: i,
      tags: ['a', `t${i % 3}`],
      v: [i, i + 1, i + 2],
    }));
    writeFileSync(join(dir, 'rows.ndjson'), rows.map((r) => JSON.stringify(r)).join('\n'));
    writeFileSync(join(dir, 'rows.json'), JSON.stringify(rows));
    const source = sampleTable(40, 4);
    writeFileSync(join(dir, 'rows.arrow'), arrow.tableToIPC(source, 'file'));
    writeFileSync(
      join(dir, 'rows.parquet'),
      writeParquet(
        WasmTable.fromIPCStream(
          arrow.tableToIPC(source.select(['id', 'text', 'vector']), 'stream'),
        ),
      ),
    );

    for (const [file, table, expected] of [
      ['rows.ndjson', 'from_ndjson', 30],
      ['rows.json', 'from_json', 30],
      ['rows.arrow', 'from_arrow', 40],
      ['rows.parquet', 'from_parquet', 40],
    ] as const) {
      const job = await ok('imports:start', {
        connectionId,
        path: join(dir, file),
        namespacePath: ['raw'],
        table,
        mode: 'create',
      });
      expect((await waitJob(job.id)).state).toBe('succeeded');
      expect(await (await catalog().openTable(table, ['raw'])).countRows()).toBe(expected);
    }
    const ndjson = await (await catalog().openTable('from_ndjson', ['raw'])).schema();
    expect(ndjson.fields.map((f: any) => String(f.type))).toEqual([
      'Int32',
      'List<Utf8>',
      'FixedSizeList[3]<Float32>',
    ]);

    const appended = await ok('imports:start', {
      connectionId,
      path: join(dir, 'rows.ndjson'),
      namespacePath: ['raw'],
      table: 'from_ndjson',
      mode: 'append',
    });
    expect((await waitJob(appended.id)).state).toBe('succeeded');
    expect(await (await catalog().openTable('from_ndjson', ['raw'])).countRows()).toBe(60);
  });

  it('refuses what cannot be imported, clearly and before starting', async () => {
    writeFileSync(join(dir, 'bad.json'), '{ not json');
    writeFileSync(join(dir, 'notes.txt'), 'hello');
    writeFileSync(join(dir, 'rows.csv'), csv(3, 2));
    expect(await host.call('imports:preview', { path: join(dir, 'missing.csv') })).toMatchObject({
      ok: false,
      error: { code: 13 },
    });
    expect(await host.call('imports:preview', { path: join(dir, 'bad.json') })).toMatchObject({
      ok: false,
      error: { code: 13 },
    });
    expect(await host.call('imports:preview', { path: join(dir, 'notes.txt') })).toMatchObject({
      ok: false,
      error: { code: 13 },
    });
    await ok('imports:start', {
      connectionId,
      path: join(dir, 'rows.csv'),
      namespacePath: ['raw'],
      table: 'taken',
      mode: 'create',
    }).then((j) => waitJob(j.id));
    expect(
      await host.call('imports:start', {
        connectionId,
        path: join(dir, 'rows.csv'),
        namespacePath: ['raw'],
        table: 'taken',
        mode: 'create',
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 5 },
    });
  });

  it('fails a file with a bad row and leaves no half-table behind', async () => {
    const job = await ok('imports:start', {
      connectionId,
      path: writeBrokenCsv('broken.csv'),
      namespacePath: ['raw'],
      table: 'broken',
      mode: 'create',
      batchSize: 500,
    });
    const done = await waitJob(job.id);
    expect(done.state).toBe('failed');
    expect(done.error.message).toMatch(/Row 2500, column "score"/);
    expect(await catalog().tableExists('broken', ['raw'])).toBe(false);
  });

  it('a file that fails in its first batch leaves no table, though the table was made meanwhile', async () => {
    // The table is created while the first batch is read (import-job.ts); a bad row in that
    // batch must still leave the name free.
    // Past the rows the types are inferred from, and inside the first (only) batch.
    const done = await importAndWait(host, connectionId, writeBrokenCsv('early.csv'), 'early', {
      namespacePath: ['raw'],
    });
    expect(done.state).toBe('failed');
    expect(done.error.message).toMatch(/Row 2500, column "score"/);
    expect(await catalog().tableExists('early', ['raw'])).toBe(false);
    // The name is free: a good file takes it.
    writeFileSync(join(dir, 'good.csv'), csv(30, 4));
    const retry = await importAndWait(host, connectionId, join(dir, 'good.csv'), 'early', {
      namespacePath: ['raw'],
    });
    expect(retry.state).toBe('succeeded');
    const table = await catalog().openTable('early', ['raw']);
    expect(await table.countRows()).toBe(30);
    // Its history: the empty table, then the rows (the price of creating it during the read).
    const versions = await table.listVersions();
    expect(versions.map((v: { version: number }) => v.version)).toEqual([1, 2]);
  });

  it('two imports racing for one name: one table, whole, and a clear refusal for the other', async () => {
    writeFileSync(join(dir, 'a.csv'), csv(2000, 4));
    writeFileSync(join(dir, 'b.csv'), csv(3000, 4));
    // Both pass the name check before either has created the table.
    const [a, b] = await Promise.all(
      ['a.csv', 'b.csv'].map((file) =>
        ok('imports:start', {
          connectionId,
          path: join(dir, file),
          namespacePath: ['raw'],
          table: 'raced',
          mode: 'create',
        }),
      ),
    );
    const outcomes = await Promise.all([waitJob(a.id), waitJob(b.id)]);
    const won = outcomes.filter((j) => j.state === 'succeeded');
    const lost = outcomes.filter((j) => j.state === 'failed');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].error.message).toMatch(/already (exists|declared)/);
    // The winner's rows, all of them, and nothing of the loser's.
    const rows = won[0].id === a.id ? 2000 : 3000;
    expect(await (await catalog().openTable('raced', ['raw'])).countRows()).toBe(rows);
  });

  it('imports into a remote catalog the same way, and a bad file leaves nothing there', async () => {
    const server = await startCatalogServer();
    try {
      const remote = await ok<{ id: string }>('connections:connect-url', { url: server.url });
      writeFileSync(join(dir, 'items.csv'), csv(1200, 4));
      const imported = await importAndWait(host, remote.id, join(dir, 'items.csv'), 'items');
      expect(imported.state).toBe('succeeded');
      const items = await server.catalog.openTable('items');
      expect(await items.countRows()).toBe(1200);
      expect((await items.listVersions()).map((v) => v.version)).toEqual([1, 2]);

      const done = await importAndWait(host, remote.id, writeBrokenCsv('broken.csv'), 'broken');
      expect(done.state).toBe('failed');
      expect(done.error.message).toMatch(/Row 2500, column "score"/);
      expect(await server.catalog.tableExists('broken')).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('keeps a Parquet footer’s metadata out of the new table, as its row groups do', async () => {
    // pandas and others write key/value metadata in the footer; the row groups' batches carry
    // none, and the table (made before the first batch is read) holds what they would.
    const { DuckDBInstance } = await import('@duckdb/node-api');
    const duck = await DuckDBInstance.create(':memory:');
    const conn = await duck.connect();
    const file = join(dir, 'tagged.parquet');
    await conn.run(
      `COPY (SELECT range AS id, 'r' || range AS name FROM range(100)) TO '${file}' (FORMAT parquet, KV_METADATA {origin: 'test'})`,
    );
    conn.closeSync();
    duck.closeSync();
    const imported = await importAndWait(host, connectionId, file, 'tagged', {
      namespacePath: ['raw'],
    });
    expect(imported.state).toBe('succeeded');
    const table = await catalog().openTable('tagged', ['raw']);
    expect(await table.countRows()).toBe(100);
    const schema = await table.schema();
    expect(schema.fields.map((f: { name: string }) => f.name)).toEqual(['id', 'name']);
    expect([...schema.metadata.keys()]).toEqual([]);
  });

  it('cancels an import and leaves no half-table; an interrupted append is rolled back', async () => {
    writeFileSync(join(dir, 'big.csv'), csv(40_000, 16));
    const job = await ok('imports:start', {
      connectionId,
      path: join(dir, 'big.csv'),
      namespacePath: ['raw'],
      table: 'big',
      mode: 'create',
      batchSize: 2000,
    });
    await ok('jobs:cancel', { connectionId, jobId: job.id });
    expect((await waitJob(job.id)).state).toBe('cancelled');
    expect(await catalog().tableExists('big', ['raw'])).toBe(false);

    writeFileSync(join(dir, 'small.csv'), csv(100, 16));
    await ok('imports:start', {
      connectionId,
      path: join(dir, 'small.csv'),
      namespacePath: ['raw'],
      table: 'grow',
      mode: 'create',
    }).then((j) => waitJob(j.id));
    const append = await ok('imports:start', {
      connectionId,
      path: join(dir, 'big.csv'),
      namespacePath: ['raw'],
      table: 'grow',
      mode: 'append',
      batchSize: 2000,
    });
    await new Promise((r) => setTimeout(r, 150));
    await ok('jobs:cancel', { connectionId, jobId: append.id });
    expect((await waitJob(append.id)).state).toBe('cancelled');
    expect(await (await catalog().openTable('grow', ['raw'])).countRows()).toBe(100);
  });
});
