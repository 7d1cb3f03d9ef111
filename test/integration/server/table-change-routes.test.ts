/**
 * Contract tests for changing a table's metadata: drop, rename, restore, and stats.
 */
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
