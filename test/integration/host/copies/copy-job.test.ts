/**
 * Copies as jobs of the app: a folder connection's table to a remote connection and back, the
 * job's progress reaching every row; a read-only target refused before anything starts; a
 * failed copy (an append across other columns) leaving the target as it was.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../../src-main/catalog';
import type { Host } from '../../../../src-main/host/host';
import { ERROR_CODES } from '../../../../src-shared/vocabulary/errors';
import { startCatalogServer, type RunningServer } from '../../../support/catalog-server';
import {
  callFails,
  callOk,
  finishedJob,
  hostWithFolderAndRemote,
} from '../../../support/host-calls';
import { sampleTable } from '../../../support/sample-data';

let dir: string;
let host: Host;
let server: RunningServer;
let folder: string;
let remote: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-copy-host-'));
  const catalog = await connect(join(dir, 'cat'));
  const docs = await catalog.createTable('docs', sampleTable(1500, 4));
  await catalog.waitForJob((await docs.createIndex({ column: 'id', index_type: 'BTREE' })).id);
  await catalog.close();
  server = await startCatalogServer();
  ({ host, folder, remote } = await hostWithFolderAndRemote(dir, join(dir, 'cat'), server.url));
});
afterAll(async () => {
  await host.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const copied = async (input: object) =>
  finishedJob(host, (await callOk<{ id: string }>(host, 'copy:start', input)).id);

describe('copy:start', () => {
  it('copies a folder table to a remote catalog and back, as a job', async () => {
    const there = await copied({
      source: { connectionId: folder, path: [], table: 'docs' },
      target: { connectionId: remote, path: ['imported'], table: 'docs' },
      mode: 'create',
    });
    expect(there).toMatchObject({ kind: 'copy', state: 'succeeded' });
    expect(there.progress).toMatchObject({ rowsDone: 1500, rowsTotal: 1500 });
    const onServer = await server.catalog.openTable('docs', ['imported']);
    expect(await onServer.countRows()).toBe(1500);
    expect((await onServer.listIndices()).map((i) => i.name)).toEqual(['id_idx']);

    const back = await copied({
      source: { connectionId: remote, path: ['imported'], table: 'docs' },
      target: { connectionId: folder, path: [], table: 'docs_back' },
      mode: 'create',
    });
    expect(back.state, back.error?.message).toBe('succeeded');
    expect(
      await callOk(host, 'tables:count', { connectionId: folder, path: [], table: 'docs_back' }),
    ).toBe(1500);
  });

  it('fails an append across other columns with nothing written', async () => {
    await server.catalog.createTable('narrow', sampleTable(3, 2));
    const failed = await copied({
      source: { connectionId: folder, path: [], table: 'docs' },
      target: { connectionId: remote, path: [], table: 'narrow' },
      mode: 'append',
    });
    expect(failed.state).toBe('failed');
    expect(failed.error.message).toMatch(/cannot be appended/);
    expect(await (await server.catalog.openTable('narrow')).countRows()).toBe(3);
  });

  it('refuses a read-only target before anything starts', async () => {
    const { id: readOnly } = await callOk<{ id: string }>(host, 'connections:connect-url', {
      url: server.url,
      readOnly: true,
    });
    const refused = await callFails(host, 'copy:start', {
      source: { connectionId: folder, path: [], table: 'docs' },
      target: { connectionId: readOnly, path: [], table: 'x' },
      mode: 'create',
    });
    expect(refused.code).toBe(ERROR_CODES.PermissionDenied);
  });
});
