/**
 * The console's procedures on a real folder: a query answers rows and lands in the connection's
 * history; text the mapping refuses comes back as a problem with its place and runs nothing; a
 * result exports to CSV and Parquet files that read back with the same rows.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../../src-main/catalog';
import { decodeIpc } from '../../../../src-main/catalog/arrow-data';
import { Host } from '../../../../src-main/host/host';
import { FileSecretStore } from '../../../../src-main/host/secret-store';
import { callFails, callOk } from '../../../support/host-calls';
import { sampleTable } from '../../../support/sample-data';

let dir: string;
let host: Host;
let connectionId: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-console-'));
  const catalog = await connect(join(dir, 'cat'));
  await catalog.createNamespace(['ns']);
  await catalog.createTable('t', sampleTable(30, 4), ['ns']);
  await catalog.close();
  host = new Host({
    userDataDir: join(dir, 'data'),
    secrets: new FileSecretStore(join(dir, 'data', 's.json')),
  });
  ({ id: connectionId } = await callOk<{ id: string }>(host, 'connections:open-folder', {
    path: join(dir, 'cat'),
  }));
});
afterAll(async () => {
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('console procedures', () => {
  it('runs a query and keeps it in the history', async () => {
    const sql = "SELECT id, category FROM ns.t WHERE category = 'c1' ORDER BY id DESC LIMIT 3";
    const answer = await callOk<{ arrow: Uint8Array; rows: number; table: string }>(
      host,
      'console:run',
      { connectionId, sql },
    );
    expect(answer.table).toBe('t');
    const rows = decodeIpc(answer.arrow);
    expect([...(rows.getChild('id')!.toArray() as Int32Array)]).toEqual([26, 21, 16]);
    const history = await callOk<Array<{ query: unknown }>>(host, 'console:history', {
      connectionId,
    });
    expect(history[0]!.query).toEqual({ kind: 'sql', text: sql });
  });

  it('answers a refused text with its place, running nothing', async () => {
    const before = (await callOk<unknown[]>(host, 'console:history', { connectionId })).length;
    const answer = await callOk<{ problem: { line: number; column: number; message: string } }>(
      host,
      'console:run',
      { connectionId, sql: 'SELECT id\nFROM ns.t GROUP BY id' },
    );
    expect(answer.problem).toMatchObject({ line: 2 });
    expect(answer.problem.message).toMatch(/GROUP BY/);
    expect((await callOk<unknown[]>(host, 'console:history', { connectionId })).length).toBe(
      before,
    );
    const error = await callFails(host, 'console:run', {
      connectionId,
      sql: 'SELECT * FROM ns.nope',
    });
    expect(error.name).toBe('TableNotFound');
  });

  it('exports a result to CSV and Parquet', async () => {
    const csvPath = join(dir, 'out.csv');
    const sql = 'SELECT id, text FROM ns.t WHERE id < 5 ORDER BY id';
    expect(
      await callOk(host, 'console:export', { connectionId, sql, format: 'csv', path: csvPath }),
    ).toMatchObject({ rows: 5 });
    const records = parseCsv(readFileSync(csvPath), { columns: true }) as Array<{ id: string }>;
    expect(records.map((r) => r.id)).toEqual(['0', '1', '2', '3', '4']);
    const parquetPath = join(dir, 'out.parquet');
    const written = await callOk<{ rows: number; bytes: number }>(host, 'console:export', {
      connectionId,
      sql,
      format: 'parquet',
      path: parquetPath,
    });
    expect(written.rows).toBe(5);
    expect(readFileSync(parquetPath).subarray(0, 4).toString()).toBe('PAR1');
  });
});
