/**
 * `catalog-studio copy` as a user runs it: a table from a folder to a `serve` process with an API
 * key and back, rows and indexes checked with LanceDB itself; a namespace with its children; an
 * existing name refused; a bad argument explained.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../src-main/catalog';
import { startServerProcess, type ServerProcess } from '../../support/server-process';
import { sampleTable } from '../../support/sample-data';

const BIN = join(__dirname, '../../../bin/catalog-studio.mjs');
const KEY = 'copy-test-key';
let dir: string;
let server: ServerProcess;

function run(...args: string[]) {
  return spawnSync(process.execPath, [BIN, 'copy', ...args], { encoding: 'utf8' });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-copy-cli-'));
  const local = await connect(join(dir, 'local'));
  await local.createNamespace(['sales']);
  const orders = await local.createTable('orders', sampleTable(1200, 8), ['sales']);
  await local.waitForJob((await orders.createIndex({ column: 'id', index_type: 'BTREE' })).id);
  await local.createNamespace(['sales', 'eu']);
  await local.createTable('returns', sampleTable(12, 8), ['sales', 'eu']);
  await local.close();
  const auth = join(dir, 'auth.json');
  writeFileSync(
    auth,
    JSON.stringify({ principals: [{ name: 'w', api_keys: [KEY], role: 'admin' }] }),
  );
  server = await startServerProcess(['--root', join(dir, 'served'), '--auth', auth]);
});
afterAll(async () => {
  await server?.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe('catalog-studio copy', () => {
  it('copies a table to a served catalog and back, with its index', async () => {
    const there = run(
      `${join(dir, 'local')}#sales/orders`,
      `${server.url}#orders`,
      '--dst-key',
      KEY,
    );
    expect(there.stderr).toMatch(
      /Copied 1,200 rows of .*#sales\/orders \(version \d+\) to .*#orders; indexes id_idx/,
    );
    expect(there.status).toBe(0);
    const remote = await lancedb.connect('db://default', { apiKey: KEY, hostOverride: server.url });
    const orders = await remote.openTable('orders');
    expect(await orders.countRows()).toBe(1200);
    expect((await orders.listIndices()).map((i) => i.name)).toEqual(['id_idx']);

    const back = run(
      `${server.url}#orders`,
      `${join(dir, 'back')}#copies/orders`,
      '--src-key',
      KEY,
    );
    expect(back.status).toBe(0);
    const home = await lancedb.connectNamespace('dir', { root: join(dir, 'back') });
    const copied = await home.openTable('orders', ['copies']);
    expect(await copied.countRows()).toBe(1200);

    const again = run(
      `${join(dir, 'local')}#sales/orders`,
      `${server.url}#orders`,
      '--dst-key',
      KEY,
    );
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already exists: choose overwrite or append/);
  });

  it('copies a namespace with everything under it', () => {
    const result = run(`${join(dir, 'local')}#sales/`, `${join(dir, 'mirror')}#`);
    expect(result.stderr).toMatch(/Copied 2 tables/);
    expect(result.status).toBe(0);
  });

  it('explains a malformed side', () => {
    const result = run(join(dir, 'local'), `${server.url}#x`);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/must be LOCATION#ID/);
  });
});
