/**
 * Regressions from review: registration cannot adopt another table's folder or the manifest,
 * scoped principals see and touch only their own namespaces' tables and jobs, scoped listings page
 * without holes, and concurrent renames cannot corrupt the manifest.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleTable } from '../../support/sample-data';
import { call, startCatalogServer, type RunningServer } from '../../support/catalog-server';

let server: RunningServer;
const admin = { 'x-api-key': 'admin-key' };
const scopedAdmin = { 'x-api-key': 'a-admin-key' };
const scopedWriter = { 'x-api-key': 'eu-writer-key' };

beforeAll(async () => {
  server = await startCatalogServer({
    jobConcurrency: 1,
    auth: {
      principals: [
        { name: 'admin', api_keys: ['admin-key'], role: 'admin' },
        { name: 'a-admin', api_keys: ['a-admin-key'], role: 'admin', namespaces: [['a']] },
        {
          name: 'eu-writer',
          api_keys: ['eu-writer-key'],
          role: 'writer',
          namespaces: [['sales', 'eu']],
        },
      ],
    },
  });
  for (const ns of [['a'], ['b'], ['sales'], ['sales', 'eu'], ['zz']])
    await server.catalog.createNamespace(ns);
  for (const name of ['aa', 'ab', 'ac', 'ad']) await server.catalog.createNamespace([name]);
  await server.catalog.createTable('secret', sampleTable(20, 8), ['b']);
  await server.catalog.createTable('roottbl', sampleTable(20, 8));
});
afterAll(async () => {
  await server.close();
});

describe('register cannot adopt what belongs to another table', () => {
  it('refuses another table folder, the manifest and a root table folder', async () => {
    const secretFolder = readdirSync(server.root).find((e) => e.endsWith('_b$secret'))!;
    for (const location of [secretFolder, `${secretFolder}/data`, '__manifest', 'roottbl.lance']) {
      const reply = await call(server, 'POST', '/v1/table/a$stolen/register', { location }, admin);
      expect(reply.status, location).toBe(400);
      expect(reply.body.code).toBe(13);
    }
    expect(await server.catalog.tableExists('stolen', ['a'])).toBe(false);
    expect(await (await server.catalog.openTable('secret', ['b'])).countRows()).toBe(20);
  });

  it('lets only unscoped admins register', async () => {
    const reply = await call(
      server,
      'POST',
      '/v1/table/a$x/register',
      { location: 'anything' },
      scopedAdmin,
    );
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe(15);
  });

  it('keeps the existing table when an overwrite names a bad location', async () => {
    await server.catalog.createTable('keep', sampleTable(4, 8), ['zz']);
    const reply = await call(
      server,
      'POST',
      '/v1/table/zz$keep/register',
      { location: 'nope', mode: 'overwrite' },
      admin,
    );
    expect(reply.status).toBe(400);
    expect(await (await server.catalog.openTable('keep', ['zz'])).countRows()).toBe(4);
  });

  it('refuses a declare location inside another table', async () => {
    const secretFolder = readdirSync(server.root).find((e) => e.endsWith('_b$secret'))!;
    const reply = await call(
      server,
      'POST',
      '/v1/table/a$inside/declare',
      { location: `${secretFolder}/sub` },
      admin,
    );
    expect(reply.status).toBe(400);
    expect(await server.catalog.tableExists('inside', ['a'])).toBe(false);
  });
});

describe('scopes', () => {
  it('hides root tables and other namespaces jobs from a scoped principal', async () => {
    const rootTables = await call(server, 'GET', '/v1/table/', undefined, scopedWriter);
    expect(rootTables.body.tables).toEqual([]);
    const all = await call(server, 'GET', '/v1/table', undefined, scopedWriter);
    expect(all.body.tables).toEqual([]);

    const build = await call(
      server,
      'POST',
      '/v1/table/roottbl/create_index',
      { column: 'id', index_type: 'BTREE' },
      admin,
    );
    expect(build.status).toBe(200);
    const listed = await call(server, 'POST', '/v1/jobs/list', {}, scopedWriter);
    expect(listed.body.jobs.map((j: any) => j.job_id)).not.toContain(build.body.job_id);
    const described = await call(
      server,
      'POST',
      '/v1/jobs/describe',
      { job_id: build.body.job_id },
      scopedWriter,
    );
    expect(described.status).toBe(404);
    expect(described.body.code).toBe(10);
    const cancel = await call(
      server,
      'POST',
      '/v1/jobs/cancel',
      { job_id: build.body.job_id },
      scopedWriter,
    );
    expect(cancel.status).toBe(404);
    expect((await server.catalog.waitForJob(build.body.job_id)).state).toBe('succeeded');
  });

  it('keeps table and namespace names apart at one level', async () => {
    const clash = await call(server, 'POST', '/v1/table/sales/create', new Uint8Array(), admin);
    expect(clash.status).toBe(400);
    await expect(server.catalog.createTable('sales', sampleTable(2, 8))).rejects.toMatchObject({
      code: 5,
    });
    await expect(server.catalog.createNamespace(['roottbl'])).rejects.toMatchObject({ code: 2 });
  });

  it('pages a scoped listing without empty pages', async () => {
    const first = await call(
      server,
      'GET',
      '/v1/namespace/$/list?limit=1',
      undefined,
      scopedWriter,
    );
    expect(first.body.namespaces).toEqual(['sales']);
    expect(first.body.page_token).toBeUndefined();
  });
});

describe('concurrent renames', () => {
  it('lets one of two renames to the same name win, and the manifest stays healthy', async () => {
    await server.catalog.createNamespace(['n']);
    await server.catalog.createTable('x1', sampleTable(3, 8), ['n']);
    await server.catalog.createTable('x2', sampleTable(3, 8), ['n']);
    const results = await Promise.allSettled([
      server.catalog.renameTable('x1', 'same', ['n']),
      server.catalog.renameTable('x2', 'same', ['n']),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason.code).toBe(5);
    expect((await server.catalog.listTables(['n'])).tables.sort()).toHaveLength(2);
    await server.catalog.createTable('after', sampleTable(2, 8), ['n']);
    expect((await server.catalog.listTables(['n'])).tables).toContain('after');
  });

  it('does not see a dropped table through a stale open handle', async () => {
    await server.catalog.createTable('gone', sampleTable(3, 8), ['n']);
    await server.catalog.openTable('gone', ['n']);
    await Promise.all([
      server.catalog.dropTable('gone', ['n']),
      server.catalog.tableExists('gone', ['n']),
    ]);
    expect(await server.catalog.tableExists('gone', ['n'])).toBe(false);
  });
});
