/**
 * Contract tests for creating a table from an Arrow stream (modes, properties, corrupt bodies,
 * the LanceDB-remote conflict form) and a namespace's table listing. The other table metadata
 * routes: table-read-routes (listings, describe, exists), table-change-routes (drop, rename,
 * restore, stats), table-registration-routes (declare, register, deregister).
 */
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrow } from '../../../src-main/catalog/arrow';
import { call, startCatalogServer, type RunningServer } from '../../support/catalog-server';
import { sampleSchema, sampleTable } from '../../support/sample-data';
import { expectError, ipc, textOf } from './contract-helpers';

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

describe('POST /v1/table/{id}/create', () => {
  it('creates a table from an Arrow IPC stream and answers location and version', async () => {
    const reply = await createVia('tbl$created', ipc(sampleTable(40, DIM)));
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ version: 1, storage_options: {}, properties: {} });
    expect(typeof reply.body.location).toBe('string');
    expect(existsSync(reply.body.location)).toBe(true);
    expect(relative(server.root, reply.body.location).startsWith('..')).toBe(false);
    expect(await countOf('tbl$created')).toBe(40);
    expect((await server.catalog.listTables(['tbl'])).tables).toContain('created');
  });

  it('creates a root table, and accepts application/octet-stream bodies', async () => {
    const reply = await createVia('rooted', ipc(sampleTable(7, DIM)), '', {
      'content-type': 'application/octet-stream',
    });
    expect(reply.status).toBe(200);
    expect(await server.catalog.tableExists('rooted', [])).toBe(true);
    expect(await countOf('rooted')).toBe(7);
  });

  it('accepts an Arrow IPC file body as well as a stream', async () => {
    const file = arrow.tableToIPC(sampleTable(6, DIM), 'file');
    const reply = await createVia('tbl$from_file', file, '', {
      'content-type': 'application/vnd.apache.arrow.file',
    });
    expect(reply.status).toBe(200);
    expect(await countOf('tbl$from_file')).toBe(6);
  });

  it('an empty stream (schema only) creates an empty table with that schema', async () => {
    const reply = await createVia('tbl$empty', ipc(new arrow.Table(sampleSchema(DIM))));
    expect(reply.status).toBe(200);
    expect(await countOf('tbl$empty')).toBe(0);
    const described = await call(server, 'POST', '/v1/table/tbl$empty/describe', {});
    expect(described.body.schema.fields.map((f: { name: string }) => f.name)).toEqual([
      'id',
      'text',
      'category',
      'tags',
      'meta',
      'image',
      'vector',
    ]);
  });

  it('splits the id on a custom delimiter', async () => {
    const reply = await createVia('tbl.dotted', ipc(sampleTable(3, DIM)), 'delimiter=.');
    expect(reply.status).toBe(200);
    expect(await server.catalog.tableExists('dotted', ['tbl'])).toBe(true);
  });

  it('refuses a duplicate with 409 code 5 (TableAlreadyExists)', async () => {
    await createVia('tbl$dup', ipc(sampleTable(5, DIM)));
    const again = await createVia('tbl$dup', ipc(sampleTable(9, DIM)));
    expectError(again, 409, 5, '/v1/table/tbl$dup/create');
    expectError(await createVia('tbl$dup', ipc(sampleTable(9, DIM)), 'mode=create'), 409, 5);
    expect(await countOf('tbl$dup')).toBe(5);
  });

  it('with a trailing slash (LanceDB remote) a duplicate is 400 with "already exists"', async () => {
    await createVia('tbl$dup_slash', ipc(sampleTable(5, DIM)));
    const reply = await call(
      server,
      'POST',
      '/v1/table/tbl$dup_slash/create/',
      ipc(sampleTable(5, DIM)),
    );
    expect(reply.status).toBe(400);
    expect(textOf(reply)).toContain('already exists');
    expect(reply.body.code).toBe(5);
    expect(reply.body.title).toBe('Malformed request');
    expect(reply.body.instance).toBe('/v1/table/tbl$dup_slash/create/');
  });

  it('a trailing slash creates a table like the plain path', async () => {
    const reply = await call(
      server,
      'POST',
      '/v1/table/tbl$slash_new/create/',
      ipc(sampleTable(4, DIM)),
    );
    expect(reply.status).toBe(200);
    expect(await countOf('tbl$slash_new')).toBe(4);
  });

  it.each([
    ['exist_ok', 'exist_ok', 1],
    ['ExistOk', 'ExistOk', 2],
    ['quoted "ExistOk"', '"ExistOk"', 3],
  ])('mode=%s keeps the existing table and its rows', async (_label, mode, n) => {
    const id = `tbl$keep_${n}`;
    await createVia(id, ipc(sampleTable(5, DIM)));
    const reply = await createVia(
      id,
      ipc(sampleTable(12, DIM)),
      `mode=${encodeURIComponent(mode)}`,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.version).toBe(1);
    expect(await countOf(id)).toBe(5);
  });

  it.each(['overwrite', 'Overwrite'])('mode=%s replaces the rows', async (mode) => {
    const id = `tbl$over_${mode}`;
    await createVia(id, ipc(sampleTable(5, DIM)));
    const reply = await createVia(id, ipc(sampleTable(12, DIM)), `mode=${mode}`);
    expect(reply.status).toBe(200);
    expect(reply.body.version).toBeGreaterThan(1);
    expect(await countOf(id)).toBe(12);
  });

  it('refuses an unknown mode with 400 code 13', async () => {
    expectError(
      await createVia('tbl$badmode', ipc(sampleTable(3, DIM)), 'mode=sometimes'),
      400,
      13,
    );
    expect(await server.catalog.tableExists('badmode', ['tbl'])).toBe(false);
  });

  it('takes properties as one JSON query parameter and echoes them', async () => {
    const properties = encodeURIComponent(JSON.stringify({ user: 'alice', team: 'data' }));
    const reply = await createVia(
      'tbl$props',
      ipc(sampleTable(3, DIM)),
      `properties=${properties}`,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.properties).toEqual({ user: 'alice', team: 'data' });
  });

  it('the properties given at create come back from describe', async () => {
    const properties = encodeURIComponent(JSON.stringify({ user: 'bob' }));
    await createVia('tbl$props_kept', ipc(sampleTable(3, DIM)), `properties=${properties}`);
    const described = await call(server, 'POST', '/v1/table/tbl$props_kept/describe', {});
    expect(described.status).toBe(200);
    expect(described.body.properties).toEqual({ user: 'bob' });
  });

  it.each([
    ['bad JSON', '{user:'],
    ['a JSON array', '["a"]'],
    ['non-string values', '{"n":1}'],
  ])('refuses properties that are %s with 400 code 13', async (_label, value) => {
    const reply = await createVia(
      'tbl$badprops',
      ipc(sampleTable(3, DIM)),
      `properties=${encodeURIComponent(value)}`,
    );
    expectError(reply, 400, 13, '/v1/table/tbl$badprops/create');
    expect(await server.catalog.tableExists('badprops', ['tbl'])).toBe(false);
  });

  it('refuses bad JSON in storage_options with 400 code 13', async () => {
    const reply = await createVia('tbl$badso', ipc(sampleTable(3, DIM)), 'storage_options=%7Bx');
    expectError(reply, 400, 13);
    expect(await server.catalog.tableExists('badso', ['tbl'])).toBe(false);
  });

  it('refuses a truncated Arrow body with 400 code 13', async () => {
    const bytes = ipc(sampleTable(30, DIM));
    expectError(await createVia('tbl$trunc', bytes.slice(0, bytes.length - 200)), 400, 13);
    expectError(await createVia('tbl$trunc', bytes.slice(0, 40)), 400, 13);
    expect(await server.catalog.tableExists('trunc', ['tbl'])).toBe(false);
  });

  it('refuses corrupt, empty and JSON bodies with 400 code 13', async () => {
    const garbage = new Uint8Array(512).map((_, i) => (i * 37 + 11) % 256);
    expectError(await createVia('tbl$corrupt', garbage), 400, 13);
    expectError(await createVia('tbl$corrupt', new Uint8Array()), 400, 13);
    expectError(await call(server, 'POST', '/v1/table/tbl$corrupt/create', { rows: [] }), 400, 13);
    expect(await server.catalog.tableExists('corrupt', ['tbl'])).toBe(false);
  });

  it('answers 404 code 1 when the namespace does not exist', async () => {
    expectError(await createVia('nowhere$t', ipc(sampleTable(3, DIM))), 404, 1);
  });

  it('refuses the root namespace as a table id, and invalid names, with 400 code 13', async () => {
    expectError(await createVia('$', ipc(sampleTable(3, DIM))), 400, 13);
    expectError(await createVia('tbl$bad%20name', ipc(sampleTable(3, DIM))), 400, 13);
    expectError(await createVia('tbl$$t', ipc(sampleTable(3, DIM))), 400, 13);
  });
});

describe('GET /v1/namespace/{id}/table/list', () => {
  beforeAll(async () => {
    await server.catalog.createNamespace(['listing']);
    await server.catalog.createNamespace(['listing', 'inner']);
    for (const name of ['t1', 't2', 't3', 't4', 't5'])
      await server.catalog.createTable(name, sampleTable(3, 4), ['listing']);
    await server.catalog.createTable('hidden', sampleTable(3, 4), ['listing', 'inner']);
  });

  it('lists the tables directly in the namespace', async () => {
    const reply = await call(server, 'GET', '/v1/namespace/listing/table/list');
    expect(reply.status).toBe(200);
    expect(reply.body.tables).toEqual(['t1', 't2', 't3', 't4', 't5']);
    expect(reply.body).not.toHaveProperty('page_token');
  });

  it('pages with limit and page_token', async () => {
    const seen: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const query = `limit=2${token ? `&page_token=${encodeURIComponent(token)}` : ''}`;
      const reply = await call(server, 'GET', `/v1/namespace/listing/table/list?${query}`);
      expect(reply.status).toBe(200);
      expect(reply.body.tables.length).toBeLessThanOrEqual(2);
      seen.push(...reply.body.tables);
      token = reply.body.page_token || undefined;
      pages += 1;
    } while (token && pages < 10);
    expect(seen).toEqual(['t1', 't2', 't3', 't4', 't5']);
    expect(pages).toBe(3);
  });

  it('an empty namespace lists no tables; a missing one is 404 code 1', async () => {
    await server.catalog.createNamespace(['listing_empty']);
    const empty = await call(server, 'GET', '/v1/namespace/listing_empty/table/list');
    expect(empty.status).toBe(200);
    expect(empty.body.tables).toEqual([]);
    expectError(
      await call(server, 'GET', '/v1/namespace/listing_missing/table/list'),
      404,
      1,
      '/v1/namespace/listing_missing/table/list',
    );
  });
});
