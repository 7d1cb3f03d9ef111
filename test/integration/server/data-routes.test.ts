/**
 * Contract tests for the table data routes that count and add rows: count_rows (bare integer,
 * GET and POST) and insert (append, overwrite, schema errors). The others: data-change-routes
 * (merge_insert, update, delete) and query-routes (query, explain, analyze).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrow } from '../../../src-main/catalog/arrow';
import { call, startCatalogServer, type RunningServer } from '../../support/catalog-server';
import { sampleTable } from '../../support/sample-data';
import { expectError, ipc, textOf } from './contract-helpers';

const DIM = 16;
const ROWS = 200;
let server: RunningServer;

beforeAll(async () => {
  server = await startCatalogServer();
  await server.catalog.createNamespace(['data']);
  await server.catalog.createTable('read', sampleTable(ROWS, DIM), ['data']);
});
afterAll(async () => {
  await server.close();
});

/** A fresh table per mutating test, so tests do not depend on each other's order. */
let tableCounter = 0;
async function freshTable(rows = ROWS): Promise<string> {
  tableCounter += 1;
  const name = `w${tableCounter}`;
  await server.catalog.createTable(name, sampleTable(rows, DIM), ['data']);
  return `data$${name}`;
}
const count = async (id: string, body: unknown = {}) =>
  (await call(server, 'POST', `/v1/table/${id}/count_rows`, body)).body as number;

describe('/v1/table/{id}/count_rows', () => {
  it('POST answers a bare JSON integer', async () => {
    const reply = await call(server, 'POST', '/v1/table/data$read/count_rows', {});
    expect(reply.status).toBe(200);
    expect(textOf(reply)).toBe(String(ROWS));
    expect(reply.body).toBe(ROWS);
  });

  it('GET without a body (the lance REST client) answers the same', async () => {
    const reply = await call(server, 'GET', '/v1/table/data$read/count_rows');
    expect(reply.status).toBe(200);
    expect(textOf(reply)).toBe(String(ROWS));
  });

  it('counts rows matching a predicate, from the body or the query string', async () => {
    expect(await count('data$read', { predicate: 'id < 10' })).toBe(10);
    const viaQuery = await call(
      server,
      'GET',
      `/v1/table/data$read/count_rows?predicate=${encodeURIComponent("category = 'c1'")}`,
    );
    expect(viaQuery.body).toBe(ROWS / 5);
  });

  it('the LanceDB-remote trailing-slash form with version null answers a bare number', async () => {
    const reply = await call(server, 'POST', '/v1/table/data$read/count_rows/', {
      predicate: 'id >= 150',
      version: null,
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toBe(50);
  });

  it('counts an older version when asked; a missing version is 404 code 11', async () => {
    const id = await freshTable(30);
    await call(
      server,
      'POST',
      `/v1/table/${id}/insert`,
      ipc(sampleTable(5, DIM, { idOffset: 30 })),
    );
    expect(await count(id)).toBe(35);
    expect(await count(id, { version: 1 })).toBe(30);
    expectError(await call(server, 'POST', `/v1/table/${id}/count_rows`, { version: 9 }), 404, 11);
  });

  it('a predicate that does not parse is 400 code 13', async () => {
    expectError(
      await call(server, 'POST', '/v1/table/data$read/count_rows', { predicate: 'id <<>> 3' }),
      400,
      13,
      '/v1/table/data$read/count_rows',
    );
  });

  it('a predicate naming an unknown column is 404 code 12', async () => {
    expectError(
      await call(server, 'POST', '/v1/table/data$read/count_rows', { predicate: 'nope > 3' }),
      404,
      12,
    );
  });

  it('a missing table is 404 code 4; a wrongly typed body field is 400 code 13', async () => {
    expectError(await call(server, 'POST', '/v1/table/data$missing/count_rows', {}), 404, 4);
    expectError(await call(server, 'GET', '/v1/table/data$missing/count_rows'), 404, 4);
    expectError(
      await call(server, 'POST', '/v1/table/data$read/count_rows', { predicate: 5 }),
      400,
      13,
    );
  });
});

describe('POST /v1/table/{id}/insert', () => {
  it('appends by default and answers num_inserted_rows and the new version', async () => {
    const id = await freshTable(50);
    const reply = await call(
      server,
      'POST',
      `/v1/table/${id}/insert`,
      ipc(sampleTable(20, DIM, { idOffset: 50 })),
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ num_inserted_rows: 20, version: 2 });
    expect(await count(id)).toBe(70);
  });

  it('?mode=append appends; the trailing-slash form works too', async () => {
    const id = await freshTable(10);
    const reply = await call(
      server,
      'POST',
      `/v1/table/${id}/insert?mode=append`,
      ipc(sampleTable(5, DIM)),
    );
    expect(reply.status).toBe(200);
    const slash = await call(server, 'POST', `/v1/table/${id}/insert/`, ipc(sampleTable(5, DIM)));
    expect(slash.status).toBe(200);
    expect(slash.body.version).toBe(3);
    expect(await count(id)).toBe(20);
  });

  it.each(['overwrite', 'Overwrite'])('?mode=%s replaces every row', async (mode) => {
    const id = await freshTable(40);
    const reply = await call(
      server,
      'POST',
      `/v1/table/${id}/insert?mode=${mode}`,
      ipc(sampleTable(7, DIM)),
    );
    expect(reply.status).toBe(200);
    expect(reply.body.num_inserted_rows).toBe(7);
    expect(await count(id)).toBe(7);
  });

  it('refuses an unknown mode with 400 code 13 and writes nothing', async () => {
    const id = await freshTable(10);
    expectError(
      await call(server, 'POST', `/v1/table/${id}/insert?mode=upsert`, ipc(sampleTable(3, DIM))),
      400,
      13,
    );
    expect(await count(id)).toBe(10);
  });

  it('refuses rows whose vectors have the wrong dimension with 400 code 20', async () => {
    const id = await freshTable(10);
    expectError(
      await call(server, 'POST', `/v1/table/${id}/insert`, ipc(sampleTable(3, 8))),
      400,
      20,
      `/v1/table/${id}/insert`,
    );
    expect(await count(id)).toBe(10);
  });

  it('refuses rows with a column the table does not have with 400 code 20', async () => {
    const id = await freshTable(10);
    const other = new arrow.Table({
      x: arrow.vectorFromArray([1.5, 2.5], new arrow.Float64()),
    } as never);
    expectError(await call(server, 'POST', `/v1/table/${id}/insert`, ipc(other)), 400, 20);
    expect(await count(id)).toBe(10);
  });

  it('refuses rows whose column types do not match with 400 code 20', async () => {
    const id = await freshTable(10);
    const wrongType = new arrow.Table({
      id: arrow.vectorFromArray(['a', 'b'], new arrow.Utf8()),
    } as never);
    expectError(await call(server, 'POST', `/v1/table/${id}/insert`, ipc(wrongType)), 400, 20);
    expect(await count(id)).toBe(10);
  });

  it('refuses corrupt and JSON bodies with 400 code 13', async () => {
    const id = await freshTable(10);
    const bytes = ipc(sampleTable(20, DIM));
    expectError(
      await call(server, 'POST', `/v1/table/${id}/insert`, bytes.slice(0, bytes.length - 64)),
      400,
      13,
    );
    expectError(
      await call(server, 'POST', `/v1/table/${id}/insert`, { rows: [{ id: 1 }] }),
      400,
      13,
    );
    expect(await count(id)).toBe(10);
  });

  it('answers 404 code 4 for a missing table', async () => {
    expectError(
      await call(server, 'POST', '/v1/table/data$absent/insert', ipc(sampleTable(2, DIM))),
      404,
      4,
    );
  });
});
