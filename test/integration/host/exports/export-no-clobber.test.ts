/**
 * An export that was not told to replace never does, even when a file appears at its path after
 * the path was checked: the export waits in the queue behind another, the person saves a file
 * there meanwhile, and the export then fails, leaving their file byte for byte as it was and
 * saying where its own output went. Table exports and console exports alike.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect } from '../../../../src-main/catalog';
import { Host } from '../../../../src-main/host/host';
import { FileSecretStore } from '../../../../src-main/host/secret-store';
import { callOk, finishedJob } from '../../../support/host-calls';
import { sampleTable } from '../../../support/sample-data';

let dir: string;
let out: string;
let host: Host;
let connectionId: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-export-clobber-'));
  out = join(dir, 'out');
  const catalog = await connect(join(dir, 'cat'));
  // Big enough that the export ahead of the one under test is still running when it is queued.
  await catalog.createTable('t', sampleTable(20_000, 16));
  await catalog.close();
  host = new Host({
    userDataDir: join(dir, 'data'),
    secrets: new FileSecretStore(join(dir, 'data', 's.json')),
  });
  ({ id: connectionId } = await callOk<{ id: string }>(host, 'connections:open-folder', {
    path: join(dir, 'cat'),
  }));
  mkdirSync(out);
});
afterAll(async () => {
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

const USER_BYTES = Buffer.from('id,note\n1,"mine: do not lose"\r\n\u00e9\u0000', 'utf8');

/** Starts an export ahead, so that the next one waits in the queue (one export runs at a time). */
const exportAhead = (file: string) =>
  callOk<{ id: string }>(host, 'tables:export', {
    connectionId,
    path: [],
    table: 't',
    format: 'json',
    file,
  });

it.each([
  [
    'tables:export',
    (file: string) => ({ connectionId, path: [], table: 't', format: 'csv', file }),
  ],
  [
    'console:export',
    (path: string) => ({ connectionId, sql: 'SELECT id FROM t LIMIT 7', format: 'csv', path }),
  ],
] as const)(
  '%s: a file saved at the path while the export is queued survives',
  async (name, input) => {
    const ahead = await exportAhead(join(out, `${name}-ahead.json`));
    const target = join(out, `${name}.csv`);
    const job = await callOk<{ id: string }>(host, name, input(target));
    // The path was free when the export was accepted; now the person saves a file there.
    writeFileSync(target, USER_BYTES);

    const done = await finishedJob(host, job.id);
    expect(done.state).toBe('failed');
    expect(readFileSync(target).equals(USER_BYTES)).toBe(true);
    const keptAt = join(out, `${name} (1).csv`);
    expect(done.error.message).toContain(target);
    expect(done.error.message).toContain(keptAt);
    // The output is whole where the message says, and nothing else was left behind.
    const rows = parseCsv(readFileSync(keptAt), { columns: true }) as unknown[];
    expect(rows).toHaveLength(name === 'tables:export' ? 20_000 : 7);
    expect((await finishedJob(host, ahead.id)).state).toBe('succeeded');
    expect(
      readdirSync(out)
        .filter((f) => f.startsWith(name))
        .sort(),
    ).toEqual([`${name} (1).csv`, `${name}-ahead.json`, `${name}.csv`]);
  },
);

it('with overwrite, the file saved meanwhile is replaced as asked', async () => {
  const ahead = await exportAhead(join(out, 'replace-ahead.json'));
  const target = join(out, 'replace.csv');
  const job = await callOk<{ id: string }>(host, 'console:export', {
    connectionId,
    sql: 'SELECT id FROM t LIMIT 3',
    format: 'csv',
    path: target,
    overwrite: true,
  });
  writeFileSync(target, USER_BYTES);
  expect((await finishedJob(host, job.id)).state).toBe('succeeded');
  expect(readFileSync(target, 'utf8').trim().split(/\r?\n/)).toEqual(['id', '0', '1', '2']);
  await finishedJob(host, ahead.id);
});
