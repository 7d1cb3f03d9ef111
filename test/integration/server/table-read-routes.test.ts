/**
 * Contract tests for reading a table's metadata: the catalog-wide listings and the enterprise
 * shapes, describe in both schema dialects (and the body-id check), and exists.
 */
import { existsSync } from 'node:fs';
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
const exists = (id: string) => call(server, 'POST', `/v1/table/${id}/exists`, {});

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
