/**
 * The console's procedures on a real folder: a query answers rows and lands in the connection's
 * history; text the mapping refuses comes back as a problem with its place and runs nothing; a
 * result exports, as a job, to CSV and Parquet files that read back with the same rows.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../../src-main/catalog';
import { decodeIpc } from '../../../../src-main/catalog/arrow-data';
import { Host } from '../../../../src-main/host/host';
import { FileSecretStore } from '../../../../src-main/host/secret-store';
import { callFails, callOk, finishedJob } from '../../../support/host-calls';
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
      { connectionId, sql: 'SELECT max(id)\nFROM ns.t GROUP BY id HAVING text = 1' },
    );
    expect(answer.problem).toMatchObject({ line: 2, column: 30, length: 4 });
    expect(answer.problem.message).toMatch(/text must be in GROUP BY/);
    expect((await callOk<unknown[]>(host, 'console:history', { connectionId })).length).toBe(
      before,
    );
    const error = await callFails(host, 'console:run', {
      connectionId,
      sql: 'SELECT * FROM ns.nope',
    });
    expect(error.name).toBe('TableNotFound');
  });

  it('runs an aggregate through DuckDB, counted as the same rows give it', async () => {
    const sql =
      'SELECT category, count(*) AS n, max(id) AS top FROM ns.t GROUP BY category ORDER BY category';
    const answer = await callOk<{
      arrow: Uint8Array;
      rows: number;
      table: string;
      cappedAt?: number;
    }>(host, 'console:run', { connectionId, sql });
    expect(answer).toMatchObject({ table: 't', cappedAt: 10_000 });
    const history = await callOk<Array<{ query: unknown }>>(host, 'console:history', {
      connectionId,
    });
    expect(history[0]!.query).toEqual({ kind: 'sql', text: sql });
    const got = decodeIpc(answer.arrow)
      .toArray()
      .map((r: { toJSON(): object }) => r.toJSON());
    const all = decodeIpc(
      (
        await callOk<{ arrow: Uint8Array }>(host, 'console:run', {
          connectionId,
          sql: 'SELECT id, category FROM ns.t',
        })
      ).arrow,
    )
      .toArray()
      .map((r: { id: number; category: string | null }) => ({ id: r.id, category: r.category }));
    const groups = new Map<string | null, number[]>();
    for (const r of all) groups.set(r.category, [...(groups.get(r.category) ?? []), r.id]);
    const expected = [...groups]
      .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a < b ? -1 : 1))
      .map(([category, ids]) => ({ category, n: BigInt(ids.length), top: Math.max(...ids) }));
    expect(got).toEqual(expected);
    expect(answer.rows).toBe(expected.length);
    const refused = await callFails(host, 'console:export', {
      connectionId,
      sql,
      format: 'csv',
      path: join(dir, 'agg.csv'),
    });
    expect(refused.message).toMatch(/cannot be exported yet/);
  });

  it('exports a result to CSV and Parquet as jobs, and refuses a missing table at once', async () => {
    const csvPath = join(dir, 'out.csv');
    const sql = 'SELECT id, text FROM ns.t WHERE id < 5 ORDER BY id';
    const exported = async (format: string, path: string) =>
      finishedJob(
        host,
        (await callOk<{ id: string }>(host, 'console:export', { connectionId, sql, format, path }))
          .id,
      );
    const csvJob = await exported('csv', csvPath);
    expect(csvJob).toMatchObject({ kind: 'export', state: 'succeeded' });
    expect(csvJob.progress.rowsDone).toBe(5);
    const records = parseCsv(readFileSync(csvPath), { columns: true }) as Array<{ id: string }>;
    expect(records.map((r) => r.id)).toEqual(['0', '1', '2', '3', '4']);
    const parquetPath = join(dir, 'out.parquet');
    const parquetJob = await exported('parquet', parquetPath);
    expect(parquetJob.state).toBe('succeeded');
    expect(parquetJob.progress.bytesDone).toBe(readFileSync(parquetPath).length);
    expect(readFileSync(parquetPath).subarray(0, 4).toString()).toBe('PAR1');

    const error = await callFails(host, 'console:export', {
      connectionId,
      sql: 'SELECT * FROM ns.nope',
      format: 'csv',
      path: join(dir, 'never.csv'),
    });
    expect(error.name).toBe('TableNotFound');
    // A folder that does not exist fails the job, and leaves no file.
    const failed = await exported('csv', join(dir, 'missing', 'out.csv'));
    expect(failed.state).toBe('failed');
    expect(existsSync(join(dir, 'missing'))).toBe(false);
  });
});
