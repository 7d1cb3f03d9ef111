/**
 * Contract tests for the table metadata routes: create from an Arrow stream (modes, properties,
 * corrupt bodies, the LanceDB-remote conflict form), the three listings and the enterprise
 * shapes, describe in both schema dialects, exists, drop, rename, restore, stats, declare,
 * register/deregister and the body-id check.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
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
const exists = (id: string) => call(server, 'POST', `/v1/table/${id}/exists`, {});

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

describe('catalog-wide listings on a fresh server', () => {
  let fresh: RunningServer;
  beforeAll(async () => {
    fresh = await startCatalogServer();
    await fresh.catalog.createNamespace(['la']);
    await fresh.catalog.createNamespace(['la', 'sub']);
    await fresh.catalog.createNamespace(['lb']);
    await fresh.catalog.createTable('r1', sampleTable(2, 4));
    await fresh.catalog.createTable('r2', sampleTable(2, 4));
    await fresh.catalog.createTable('t1', sampleTable(2, 4), ['la']);
    await fresh.catalog.createTable('t2', sampleTable(2, 4), ['la', 'sub']);
    await fresh.catalog.createTable('t3', sampleTable(2, 4), ['lb']);
  });
  afterAll(async () => {
    await fresh.close();
  });

  it('GET /v1/table lists every table by its full delimited id', async () => {
    const reply = await call(fresh, 'GET', '/v1/table');
    expect(reply.status).toBe(200);
    expect([...reply.body.tables].sort()).toEqual(['la$sub$t2', 'la$t1', 'lb$t3', 'r1', 'r2']);
  });

  it('GET /v1/table joins ids with the requested delimiter', async () => {
    const reply = await call(fresh, 'GET', '/v1/table?delimiter=.');
    expect(reply.status).toBe(200);
    expect([...reply.body.tables].sort()).toEqual(['la.sub.t2', 'la.t1', 'lb.t3', 'r1', 'r2']);
  });

  it('GET /v1/table pages with limit and page_token', async () => {
    const seen: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const query = `limit=2${token ? `&page_token=${encodeURIComponent(token)}` : ''}`;
      const reply = await call(fresh, 'GET', `/v1/table?${query}`);
      expect(reply.status).toBe(200);
      expect(reply.body.tables.length).toBeLessThanOrEqual(2);
      seen.push(...reply.body.tables);
      token = reply.body.page_token || undefined;
      pages += 1;
    } while (token && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(5);
    expect([...seen].sort()).toEqual(['la$sub$t2', 'la$t1', 'lb$t3', 'r1', 'r2']);
  });

  it('GET /v1/table/ (LanceDB remote) lists the root tables by name', async () => {
    const reply = await call(fresh, 'GET', '/v1/table/');
    expect(reply.status).toBe(200);
    expect(reply.body.tables).toEqual(['r1', 'r2']);
    const paged = await call(fresh, 'GET', '/v1/table/?limit=1');
    expect(paged.body.tables).toEqual(['r1']);
    const next = await call(fresh, 'GET', `/v1/table/?limit=1&page_token=${paged.body.page_token}`);
    expect(next.body.tables).toEqual(['r2']);
  });

  it('GET /v1/tables (enterprise) lists the root tables', async () => {
    const reply = await call(fresh, 'GET', '/v1/tables', undefined, {
      'content-type': 'application/json',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.tables).toEqual(['r1', 'r2']);
  });

  it('POST /v1/tables/{table_name} (enterprise) creates a root table from an Arrow stream', async () => {
    const reply = await call(fresh, 'POST', '/v1/tables/enterprise', ipc(sampleTable(8, 4)));
    expect(reply.status).toBe(200);
    expect(reply.body.version).toBe(1);
    expect(typeof reply.body.location).toBe('string');
    expect((await call(fresh, 'GET', '/v1/tables')).body.tables).toContain('enterprise');
    expect(await fresh.catalog.tableExists('enterprise', [])).toBe(true);
    expectError(await call(fresh, 'POST', '/v1/tables/enterprise', ipc(sampleTable(8, 4))), 409, 5);
    expectError(
      await call(fresh, 'POST', '/v1/tables/bad%20name', ipc(sampleTable(8, 4))),
      400,
      13,
    );
    expectError(
      await call(fresh, 'POST', '/v1/tables/garbage', new Uint8Array([1, 2, 3, 4])),
      400,
      13,
    );
  });
});

describe('POST /v1/table/{id}/describe', () => {
  beforeAll(async () => {
    await createVia('tbl$desc', ipc(sampleTable(50, DIM)));
  });

  type JsonField = {
    name: string;
    nullable: boolean;
    type: { type: string; length?: number; fields?: JsonField[] };
  };
  const field = (fields: JsonField[], name: string) => fields.find((f) => f.name === name)!;

  it('answers version, location and the JsonArrowSchema in the contract type names', async () => {
    const reply = await call(server, 'POST', '/v1/table/tbl$desc/describe', {});
    expect(reply.status).toBe(200);
    expect(reply.body.version).toBe(1);
    expect(reply.body.table).toBe('desc');
    expect(reply.body.namespace).toEqual(['tbl']);
    expect(typeof reply.body.location).toBe('string');
    expect(existsSync(reply.body.location)).toBe(true);
    const fields = reply.body.schema.fields as JsonField[];
    expect(fields.map((f) => f.name)).toEqual([
      'id',
      'text',
      'category',
      'tags',
      'meta',
      'image',
      'vector',
    ]);
    expect(field(fields, 'id')).toEqual({ name: 'id', nullable: false, type: { type: 'int32' } });
    expect(field(fields, 'text').type.type).toBe('utf8');
    expect(field(fields, 'image').type.type).toBe('binary');
    expect(field(fields, 'tags').type.type).toBe('list');
    const vector = field(fields, 'vector');
    expect(vector.type.type).toBe('fixed_size_list');
    expect(vector.type.length).toBe(DIM);
    expect(vector.type.fields).toHaveLength(1);
    expect(vector.type.fields![0]!.type.type).toBe('float32');
    const meta = field(fields, 'meta');
    expect(meta.type.type).toBe('struct');
    expect(meta.type.fields!.map((f) => [f.name, f.type.type])).toEqual([
      ['score', 'float64'],
      ['a.b', 'utf8'],
    ]);
  });

  it('with a trailing slash (LanceDB remote) the type names are LanceDB’s', async () => {
    const reply = await call(server, 'POST', '/v1/table/tbl$desc/describe/', { version: null });
    expect(reply.status).toBe(200);
    expect(reply.body.version).toBe(1);
    const fields = reply.body.schema.fields as JsonField[];
    expect(field(fields, 'id').type.type).toBe('int32');
    expect(field(fields, 'text').type.type).toBe('string');
    const vector = field(fields, 'vector');
    expect(vector.type.type).toBe('fixed_size_list');
    expect(vector.type.length).toBe(DIM);
    expect(vector.type.fields![0]!.type.type).toBe('float');
    const meta = field(fields, 'meta');
    expect(meta.type.type).toBe('struct');
    expect(field(meta.type.fields!, 'score').type.type).toBe('double');
  });

  it('answers an older version when asked, and 404 code 11 for one that never existed', async () => {
    await call(
      server,
      'POST',
      '/v1/table/tbl$desc/insert',
      ipc(sampleTable(5, DIM, { idOffset: 50 })),
    );
    const latest = await call(server, 'POST', '/v1/table/tbl$desc/describe', {});
    expect(latest.body.version).toBe(2);
    const old = await call(server, 'POST', '/v1/table/tbl$desc/describe', { version: 1 });
    expect(old.status).toBe(200);
    expect(old.body.version).toBe(1);
    expectError(
      await call(server, 'POST', '/v1/table/tbl$desc/describe', { version: 99 }),
      404,
      11,
    );
  });

  it('adds table_uri when with_table_uri is set', async () => {
    const reply = await call(server, 'POST', '/v1/table/tbl$desc/describe', {
      with_table_uri: true,
    });
    expect(reply.body.table_uri).toMatch(/^file:\/\//);
    expect(reply.body.table_uri).toContain(reply.body.location);
  });

  it('answers 404 code 4 for a missing table and code 1 for a missing namespace', async () => {
    expectError(
      await call(server, 'POST', '/v1/table/tbl$nope/describe', {}),
      404,
      4,
      '/v1/table/tbl$nope/describe',
    );
    expectError(await call(server, 'POST', '/v1/table/nons$nope/describe', {}), 404, 1);
  });

  it('refuses a body id that does not match the path with 400 code 13', async () => {
    expectError(
      await call(server, 'POST', '/v1/table/tbl$desc/describe', { id: ['tbl', 'other'] }),
      400,
      13,
    );
    expectError(
      await call(server, 'POST', '/v1/table/tbl$desc/describe', { id: ['desc'] }),
      400,
      13,
    );
    expectError(
      await call(server, 'POST', '/v1/table/tbl$desc/describe', { id: 'tbl$desc' }),
      400,
      13,
    );
    const matching = await call(server, 'POST', '/v1/table/tbl$desc/describe', {
      id: ['tbl', 'desc'],
    });
    expect(matching.status).toBe(200);
  });
});

describe('POST /v1/table/{id}/exists', () => {
  beforeAll(async () => {
    await server.catalog.createTable('present', sampleTable(3, DIM), ['tbl']);
  });

  it('answers 200 with an empty body for an existing table', async () => {
    const reply = await exists('tbl$present');
    expect(reply.status).toBe(200);
    expect(reply.raw.byteLength).toBe(0);
  });

  it('answers 200 for an existing version and 404 code 11 for a missing one', async () => {
    expect(
      (await call(server, 'POST', '/v1/table/tbl$present/exists', { version: 1 })).status,
    ).toBe(200);
    expectError(
      await call(server, 'POST', '/v1/table/tbl$present/exists', { version: 42 }),
      404,
      11,
    );
  });

  it('answers 404 with the error body for a missing table (4) or namespace (1)', async () => {
    expectError(await exists('tbl$absent'), 404, 4, '/v1/table/tbl$absent/exists');
    expectError(await exists('nons$absent'), 404, 1);
  });
});

describe('POST /v1/table/{id}/drop', () => {
  it('drops a table, answering its id and location; it is then gone', async () => {
    const created = await createVia('tbl$dropme', ipc(sampleTable(5, DIM)));
    const reply = await call(server, 'POST', '/v1/table/tbl$dropme/drop', {});
    expect(reply.status).toBe(200);
    expect(reply.body.id).toEqual(['tbl', 'dropme']);
    expect(reply.body.location).toBe(created.body.location);
    expectError(await exists('tbl$dropme'), 404, 4);
    expectError(await call(server, 'POST', '/v1/table/tbl$dropme/describe', {}), 404, 4);
    expect((await server.catalog.listTables(['tbl'])).tables).not.toContain('dropme');
  });

  it('accepts a drop without a body and with a trailing slash', async () => {
    await server.catalog.createTable('dropslash', sampleTable(3, DIM), ['tbl']);
    const reply = await call(server, 'POST', '/v1/table/tbl$dropslash/drop/');
    expect(reply.status).toBe(200);
    expect(await server.catalog.tableExists('dropslash', ['tbl'])).toBe(false);
  });

  it('answers 404 code 4 for a missing table', async () => {
    expectError(
      await call(server, 'POST', '/v1/table/tbl$never/drop', {}),
      404,
      4,
      '/v1/table/tbl$never/drop',
    );
  });

  it('a body id that does not match refuses the drop with 400 and keeps the table', async () => {
    await server.catalog.createTable('keepme', sampleTable(3, DIM), ['tbl']);
    expectError(
      await call(server, 'POST', '/v1/table/tbl$keepme/drop', { id: ['tbl', 'x'] }),
      400,
      13,
    );
    expect(await server.catalog.tableExists('keepme', ['tbl'])).toBe(true);
  });
});

describe('POST /v1/table/{id}/rename', () => {
  it('renames within the namespace', async () => {
    await server.catalog.createTable('before', sampleTable(6, DIM), ['tbl']);
    const reply = await call(server, 'POST', '/v1/table/tbl$before/rename', {
      new_table_name: 'after',
    });
    expect(reply.status).toBe(200);
    expectError(await exists('tbl$before'), 404, 4);
    expect(await countOf('tbl$after')).toBe(6);
  });

  it('moves to another namespace with new_namespace_id', async () => {
    await server.catalog.createTable('mover', sampleTable(4, DIM), ['tbl']);
    const reply = await call(server, 'POST', '/v1/table/tbl$mover/rename', {
      new_table_name: 'moved',
      new_namespace_id: ['tbl', 'sub'],
    });
    expect(reply.status).toBe(200);
    expectError(await exists('tbl$mover'), 404, 4);
    expect(await countOf('tbl$sub$moved')).toBe(4);
    expect((await call(server, 'GET', '/v1/namespace/tbl$sub/table/list')).body.tables).toContain(
      'moved',
    );
  });

  it('accepts LanceDB’s new_namespace alias (trailing-slash route)', async () => {
    await server.catalog.createTable('remote_mover', sampleTable(3, DIM), ['tbl']);
    const reply = await call(server, 'POST', '/v1/table/tbl$remote_mover/rename/', {
      new_table_name: 'remote_moved',
      new_namespace: [],
    });
    expect(reply.status).toBe(200);
    expect(await server.catalog.tableExists('remote_moved', [])).toBe(true);
    expect(await server.catalog.tableExists('remote_mover', ['tbl'])).toBe(false);
  });

  it('refuses a name that is taken with 409 code 5 and changes nothing', async () => {
    await server.catalog.createTable('clash_a', sampleTable(2, DIM), ['tbl']);
    await server.catalog.createTable('clash_b', sampleTable(3, DIM), ['tbl']);
    expectError(
      await call(server, 'POST', '/v1/table/tbl$clash_a/rename', { new_table_name: 'clash_b' }),
      409,
      5,
      '/v1/table/tbl$clash_a/rename',
    );
    expect(await countOf('tbl$clash_a')).toBe(2);
    expect(await countOf('tbl$clash_b')).toBe(3);
  });

  it('answers 404 code 4 for a missing source and code 1 for a missing target namespace', async () => {
    expectError(
      await call(server, 'POST', '/v1/table/tbl$ghost/rename', { new_table_name: 'x' }),
      404,
      4,
    );
    await server.catalog.createTable('stay', sampleTable(2, DIM), ['tbl']);
    expectError(
      await call(server, 'POST', '/v1/table/tbl$stay/rename', {
        new_table_name: 'x',
        new_namespace_id: ['nowhere'],
      }),
      404,
      1,
    );
    expect(await server.catalog.tableExists('stay', ['tbl'])).toBe(true);
  });

  it('refuses a missing or invalid new_table_name with 400 code 13', async () => {
    await server.catalog.createTable('named', sampleTable(2, DIM), ['tbl']);
    expectError(await call(server, 'POST', '/v1/table/tbl$named/rename', {}), 400, 13);
    expectError(
      await call(server, 'POST', '/v1/table/tbl$named/rename', { new_table_name: 'a b' }),
      400,
      13,
    );
    expect(await server.catalog.tableExists('named', ['tbl'])).toBe(true);
  });
});

describe('POST /v1/table/{id}/restore', () => {
  it('makes an old version the latest again, as a new version', async () => {
    await createVia('tbl$restorable', ipc(sampleTable(20, DIM)));
    await call(
      server,
      'POST',
      '/v1/table/tbl$restorable/insert',
      ipc(sampleTable(10, DIM, { idOffset: 20 })),
    );
    expect(await countOf('tbl$restorable')).toBe(30);
    const reply = await call(server, 'POST', '/v1/table/tbl$restorable/restore', { version: 1 });
    expect(reply.status).toBe(200);
    expect(reply.body.version).toBe(3);
    expect(await countOf('tbl$restorable')).toBe(20);
    const described = await call(server, 'POST', '/v1/table/tbl$restorable/describe', {});
    expect(described.body.version).toBe(3);
  });

  it('answers 404 code 11 for a missing version and 400 code 13 without one', async () => {
    expectError(
      await call(server, 'POST', '/v1/table/tbl$restorable/restore', { version: 77 }),
      404,
      11,
      '/v1/table/tbl$restorable/restore',
    );
    expectError(await call(server, 'POST', '/v1/table/tbl$restorable/restore', {}), 400, 13);
    expectError(
      await call(server, 'POST', '/v1/table/tbl$restorable/restore', { version: -1 }),
      400,
      13,
    );
  });

  it('answers 404 code 4 for a missing table', async () => {
    expectError(await call(server, 'POST', '/v1/table/tbl$gone/restore', { version: 1 }), 404, 4);
  });
});

describe('/v1/table/{id}/stats', () => {
  beforeAll(async () => {
    await createVia('tbl$stats', ipc(sampleTable(60, DIM)));
    await call(
      server,
      'POST',
      '/v1/table/tbl$stats/insert',
      ipc(sampleTable(40, DIM, { idOffset: 60 })),
    );
  });

  const checkStats = (body: Record<string, unknown>) => {
    expect(body.num_rows).toBe(100);
    expect(body.num_indices).toBe(0);
    expect(body.total_bytes as number).toBeGreaterThan(0);
    const fragments = body.fragment_stats as Record<string, unknown>;
    expect(fragments.num_fragments).toBe(2);
    expect(typeof fragments.num_small_fragments).toBe('number');
    const lengths = fragments.lengths as Record<string, number>;
    for (const key of ['min', 'max', 'mean', 'p25', 'p50', 'p75', 'p99'])
      expect(typeof lengths[key], key).toBe('number');
    expect(lengths.min).toBe(40);
    expect(lengths.max).toBe(60);
  };

  it('POST answers GetTableStatsResponse', async () => {
    const reply = await call(server, 'POST', '/v1/table/tbl$stats/stats', {});
    expect(reply.status).toBe(200);
    checkStats(reply.body);
  });

  it('GET answers the same', async () => {
    const reply = await call(server, 'GET', '/v1/table/tbl$stats/stats');
    expect(reply.status).toBe(200);
    checkStats(reply.body);
  });

  it('answers 404 code 4 for a missing table', async () => {
    expectError(await call(server, 'GET', '/v1/table/tbl$nostats/stats'), 404, 4);
    expectError(await call(server, 'POST', '/v1/table/tbl$nostats/stats', {}), 404, 4);
  });
});

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
