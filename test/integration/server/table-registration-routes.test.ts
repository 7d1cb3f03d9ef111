/**
 * Contract tests for declaring a table's location before its data, registering a dataset
 * already in the catalog and deregistering one while keeping its files.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startCatalogServer, type RunningServer } from '../../support/catalog-server';
import { sampleTable } from '../../support/sample-data';
import { expectError, ipc } from './contract-helpers';

const DIM = 16;
let server: RunningServer;

beforeAll(async () => {
  server = await startCatalogServer();
  await server.catalog.createNamespace(['tbl']);
  await server.catalog.createNamespace(['tbl', 'sub']);
});
afterAll(async () => {
  await server.close();
});

const createVia = (
  id: string,
  body: Uint8Array,
  query = '',
  headers: Record<string, string> = {},
) => call(server, 'POST', `/v1/table/${id}/create${query ? `?${query}` : ''}`, body, headers);
const countOf = async (id: string) =>
  (await call(server, 'POST', `/v1/table/${id}/count_rows`, {})).body;
const exists = (id: string) => call(server, 'POST', `/v1/table/${id}/exists`, {});

describe('POST /v1/table/{id}/declare', () => {
  it('reserves a location; describe answers it without a version; exists is 200; drop works', async () => {
    const reply = await call(server, 'POST', '/v1/table/tbl$declared/declare', {});
    expect(reply.status).toBe(200);
    expect(typeof reply.body.location).toBe('string');
    expect(reply.body.storage_options).toEqual({});
    expect(reply.body.managed_versioning).toBe(false);
    expect(isAbsolute(reply.body.location)).toBe(true);

    const described = await call(server, 'POST', '/v1/table/tbl$declared/describe', {});
    expect(described.status).toBe(200);
    expect(described.body.location).toBe(reply.body.location);
    expect(described.body).not.toHaveProperty('version');
    expect(described.body).not.toHaveProperty('schema');
    const checked = await call(server, 'POST', '/v1/table/tbl$declared/describe', {
      check_declared: true,
    });
    expect(checked.body.is_only_declared).toBe(true);

    expect((await exists('tbl$declared')).status).toBe(200);
    expectError(await call(server, 'POST', '/v1/table/tbl$declared/declare', {}), 409, 5);
    // ListTables includes declared tables by default (include_declared defaults to true).
    expect((await call(server, 'GET', '/v1/namespace/tbl/table/list')).body.tables).toContain(
      'declared',
    );
    // Data operations on a table without data are InvalidTableState (409 code 19).
    expectError(await call(server, 'POST', '/v1/table/tbl$declared/count_rows', {}), 409, 19);

    const dropped = await call(server, 'POST', '/v1/table/tbl$declared/drop', {});
    expect(dropped.status).toBe(200);
    expect(dropped.body.location).toBe(reply.body.location);
    expectError(await exists('tbl$declared'), 404, 4);
  });

  it('a created table reports is_only_declared false', async () => {
    await server.catalog.createTable('real', sampleTable(2, DIM), ['tbl']);
    const checked = await call(server, 'POST', '/v1/table/tbl$real/describe', {
      check_declared: true,
    });
    expect(checked.body.is_only_declared).toBe(false);
  });

  it('the create-empty and create_empty aliases declare too', async () => {
    expect((await call(server, 'POST', '/v1/table/tbl$empty_a/create-empty', {})).status).toBe(200);
    expect((await call(server, 'POST', '/v1/table/tbl$empty_b/create_empty', {})).status).toBe(200);
    expect((await exists('tbl$empty_a')).status).toBe(200);
    expect((await exists('tbl$empty_b')).status).toBe(200);
  });

  it('refuses an existing table with 409 code 5 and a missing namespace with 404 code 1', async () => {
    await server.catalog.createTable('taken', sampleTable(2, DIM), ['tbl']);
    expectError(await call(server, 'POST', '/v1/table/tbl$taken/declare', {}), 409, 5);
    expectError(await call(server, 'POST', '/v1/table/nons$x/declare', {}), 404, 1);
  });

  it('refuses a location outside the catalog with 400 code 13', async () => {
    expectError(
      await call(server, 'POST', '/v1/table/tbl$escape/declare', { location: '../escape' }),
      400,
      13,
    );
    expect(await server.catalog.tableExists('escape', ['tbl'])).toBe(false);
  });
});

describe('register and deregister', () => {
  it('deregister forgets the table and keeps its files; register adopts them back', async () => {
    const created = await createVia('tbl$adopt', ipc(sampleTable(30, DIM)));
    const location = created.body.location as string;

    const gone = await call(server, 'POST', '/v1/table/tbl$adopt/deregister', {});
    expect(gone.status).toBe(200);
    expect(gone.body.id).toEqual(['tbl', 'adopt']);
    expect(gone.body.location).toBe(location);
    expect(existsSync(join(location, '_versions'))).toBe(true);
    expectError(await exists('tbl$adopt'), 404, 4);
    expect((await server.catalog.listTables(['tbl'])).tables).not.toContain('adopt');

    const back = await call(server, 'POST', '/v1/table/tbl$adopt/register', {
      location: relative(server.root, location),
    });
    expect(back.status).toBe(200);
    expect(back.body.location).toBe(location);
    expect(await countOf('tbl$adopt')).toBe(30);
    expect((await exists('tbl$adopt')).status).toBe(200);
  });

  it('register under another name adopts a deregistered dataset', async () => {
    const created = await createVia('tbl$orphan', ipc(sampleTable(11, DIM)));
    await call(server, 'POST', '/v1/table/tbl$orphan/deregister', {});
    const reply = await call(server, 'POST', '/v1/table/tbl$adopted/register', {
      location: relative(server.root, created.body.location),
    });
    expect(reply.status).toBe(200);
    expect(await countOf('tbl$adopted')).toBe(11);
  });

  it.each([
    ['a parent-relative path', '../x'],
    ['a path that climbs out midway', 'a/../../x'],
    ['an absolute path', '/tmp/elsewhere'],
    ['a file URI', 'file:///tmp/elsewhere'],
  ])('register refuses %s with 400 code 13', async (_label, location) => {
    expectError(
      await call(server, 'POST', '/v1/table/tbl$outside/register', { location }),
      400,
      13,
      '/v1/table/tbl$outside/register',
    );
    expect(await server.catalog.tableExists('outside', ['tbl'])).toBe(false);
  });

  it('register refuses an absolute path into the catalog with 400 code 13', async () => {
    const created = await createVia('tbl$abs', ipc(sampleTable(3, DIM)));
    await call(server, 'POST', '/v1/table/tbl$abs/deregister', {});
    expectError(
      await call(server, 'POST', '/v1/table/tbl$abs/register', { location: created.body.location }),
      400,
      13,
    );
  });

  it('registers an empty location as declared, refuses a folder of other files (400 code 13), a missing location (400) and a clash (409 code 5)', async () => {
    // Nothing at the location yet: the table is registered, declared until data comes.
    const registered = await call(server, 'POST', '/v1/table/tbl$fresh/register', {
      location: 'tbl/fresh_place',
    });
    expect(registered.status).toBe(200);
    const described = await call(server, 'POST', '/v1/table/tbl$fresh/describe', {
      check_declared: true,
    });
    expect(described.body.is_only_declared).toBe(true);
    expectError(
      await call(server, 'POST', '/v1/table/tbl$again/register', { location: 'tbl/fresh_place' }),
      400,
      13,
    );
    // Files that are not a dataset are never adopted as a table.
    mkdirSync(join(server.root, 'stray_folder'), { recursive: true });
    writeFileSync(join(server.root, 'stray_folder', 'notes.txt'), 'not a table');
    expectError(
      await call(server, 'POST', '/v1/table/tbl$hollow/register', { location: 'stray_folder' }),
      400,
      13,
    );
    expectError(await call(server, 'POST', '/v1/table/tbl$hollow/register', {}), 400, 13);
    const created = await createVia('tbl$occupied', ipc(sampleTable(3, DIM)));
    expectError(
      await call(server, 'POST', '/v1/table/tbl$occupied/register', {
        location: relative(server.root, created.body.location),
      }),
      409,
      5,
    );
  });

  it("checks the body against the specification's own limits, then resolves the table", async () => {
    // Within the specification's limits (version from 0, any number of updates): the missing
    // table is reported first.
    for (const [route, body] of [
      ['restore', { version: 0 }],
      ['update', { updates: [] }],
    ] as const) {
      expectError(await call(server, 'POST', `/v1/table/tbl$ghost/${route}`, body), 404, 4);
      expectError(await call(server, 'POST', `/v1/table/nons$ghost/${route}`, body), 404, 1);
    }
    // Outside them, the body is refused before any lookup.
    expectError(
      await call(server, 'POST', '/v1/table/tbl$ghost/restore', { version: -1 }),
      400,
      13,
    );
    await createVia('tbl$real', ipc(sampleTable(3, DIM)));
    // Version 0 is well formed; no table has it.
    expectError(await call(server, 'POST', '/v1/table/tbl$real/restore', { version: 0 }), 404, 11);
    expectError(await call(server, 'POST', '/v1/table/tbl$real/update', { updates: [] }), 400, 13);
  });

  it('deregister answers 404 code 4 for a missing table', async () => {
    expectError(await call(server, 'POST', '/v1/table/tbl$unknown/deregister', {}), 404, 4);
  });
});
