/**
 * Exporting a table from the host: every row or a filter's rows, as a job whose file holds the
 * rows counted first; a relative path, an existing file and an unwritable folder are refused or
 * fail with nothing left behind.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../../src-main/catalog';
import { arrow } from '../../../../src-main/catalog/arrow';
import { Host } from '../../../../src-main/host/host';
import { FileSecretStore } from '../../../../src-main/host/secret-store';
import { callFails, callOk, finishedJob } from '../../../support/host-calls';
import { sampleTable } from '../../../support/sample-data';

let dir: string;
let host: Host;
let t: { connectionId: string; path: string[]; table: string };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-export-'));
  const catalog = await connect(join(dir, 'cat'));
  await catalog.createTable('t', sampleTable(250, 4));
  await catalog.close();
  host = new Host({
    userDataDir: join(dir, 'data'),
    secrets: new FileSecretStore(join(dir, 'data', 's.json')),
  });
  const { id } = await callOk<{ id: string }>(host, 'connections:open-folder', {
    path: join(dir, 'cat'),
  });
  t = { connectionId: id, path: [], table: 't' };
});
afterAll(async () => {
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

const exported = async (input: object) =>
  finishedJob(host, (await callOk<{ id: string }>(host, 'tables:export', { ...t, ...input })).id);

describe('tables:export', () => {
  it('writes every row, or the rows a filter matches, checked against their count', async () => {
    const all = await exported({ format: 'ndjson', file: join(dir, 'all.ndjson') });
    expect(all).toMatchObject({ kind: 'export', state: 'succeeded' });
    expect(all.progress).toMatchObject({ rowsDone: 250, rowsTotal: 250 });
    expect(readFileSync(join(dir, 'all.ndjson'), 'utf8').trim().split('\n')).toHaveLength(250);

    const some = await exported({
      format: 'csv',
      filter: "category = 'c3'",
      columns: ['id', 'category'],
      file: join(dir, 'some.csv'),
    });
    expect(some.progress.rowsDone).toBe(50);
    const rows = parseCsv(readFileSync(join(dir, 'some.csv')), { columns: true }) as Array<{
      category: string;
    }>;
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(['c3']));
  });

  it('writes an Arrow IPC stream that Arrow reads back, batch by batch, and an empty one', async () => {
    const file = join(dir, 'all.arrow');
    const done = await exported({ format: 'arrow', file });
    expect(done.state).toBe('succeeded');
    const table = arrow.tableFromIPC(readFileSync(file));
    expect(table.numRows).toBe(250);
    expect(table.schema.fields.map((f) => f.name)).toContain('vector');
    expect(table.getChild('id')!.toArray().slice(0, 3)).toEqual(Int32Array.from([0, 1, 2]));
    expect(Number(arrow.tableFromIPC(readFileSync(file)).getChild('id')!.get(249))).toBe(249);

    const none = join(dir, 'none.arrow');
    expect((await exported({ format: 'arrow', filter: 'id < 0', file: none })).state).toBe(
      'succeeded',
    );
    const empty = arrow.tableFromIPC(readFileSync(none));
    expect(empty.numRows).toBe(0);
    expect(empty.schema.fields.length).toBe(table.schema.fields.length);
  });

  it('refuses a relative path and an existing file, and leaves nothing when it cannot write', async () => {
    expect(
      (await callFails(host, 'tables:export', { ...t, format: 'csv', file: 'rel.csv' })).message,
    ).toMatch(/absolute path/);
    const existing = join(dir, 'existing.csv');
    writeFileSync(existing, 'keep me');
    expect(
      (await callFails(host, 'tables:export', { ...t, format: 'csv', file: existing })).message,
    ).toMatch(/already exists/);
    const replaced = await exported({ format: 'csv', file: existing, overwrite: true });
    expect(replaced.state).toBe('succeeded');
    expect(readFileSync(existing, 'utf8')).not.toBe('keep me');

    const failed = await exported({
      format: 'parquet',
      file: join(dir, 'no', 'such', 'x.parquet'),
    });
    expect(failed.state).toBe('failed');
    expect(existsSync(join(dir, 'no'))).toBe(false);
    expect(
      (
        await callFails(host, 'tables:export', {
          ...t,
          format: 'csv',
          filter: 'nope = 1',
          file: join(dir, 'bad.csv'),
        })
      ).name,
    ).toMatch(/InvalidInput|TableColumnNotFound/);
  });
});
