/**
 * Contract tests for the table data routes that change rows: merge_insert, update (both field
 * spellings) and delete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startCatalogServer, type RunningServer } from '../../support/catalog-server';
import { sampleTable } from '../../support/sample-data';
import { expectError, ipc } from './contract-helpers';

const DIM = 16;
const ROWS = 200;
let server: RunningServer;

beforeAll(async () => {
  server = await startCatalogServer();
  await server.catalog.createNamespace(['data']);
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

describe('POST /v1/table/{id}/merge_insert', () => {
  const FLAGS = 'when_matched_update_all=true&when_not_matched_insert_all=true';

  it('updates matched rows and inserts the rest', async () => {
    const id = await freshTable(ROWS);
    // ids 195..204: five match existing rows, five are new.
    const source = ipc(sampleTable(10, DIM, { idOffset: 195, seed: 99 }));
    const reply = await call(server, 'POST', `/v1/table/${id}/merge_insert?on=id&${FLAGS}`, source);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      num_inserted_rows: 5,
      num_updated_rows: 5,
      num_deleted_rows: 0,
      version: 2,
    });
    expect(await count(id)).toBe(ROWS + 5);
  });

  it('with only when_not_matched_insert_all, matched rows are left alone', async () => {
    const id = await freshTable(ROWS);
    const source = ipc(sampleTable(10, DIM, { idOffset: 195 }));
    const reply = await call(
      server,
      'POST',
      `/v1/table/${id}/merge_insert/?on=id&when_not_matched_insert_all=true`,
      source,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.num_inserted_rows).toBe(5);
    expect(reply.body.num_updated_rows).toBe(0);
  });

  it('when_not_matched_by_source_delete removes rows missing from the source', async () => {
    const id = await freshTable(20);
    const source = ipc(sampleTable(5, DIM));
    const reply = await call(
      server,
      'POST',
      `/v1/table/${id}/merge_insert?on=id&when_matched_update_all=true&when_not_matched_by_source_delete=true`,
      source,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.num_deleted_rows).toBe(15);
    expect(await count(id)).toBe(5);
  });

  it('accepts a repeated on= for a composite key', async () => {
    const id = await freshTable(20);
    const source = ipc(sampleTable(4, DIM, { idOffset: 18 }));
    const reply = await call(
      server,
      'POST',
      `/v1/table/${id}/merge_insert?on=id&on=category&${FLAGS}`,
      source,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.num_updated_rows + reply.body.num_inserted_rows).toBe(4);
    expect(reply.body.num_inserted_rows).toBe(2);
  });

  it('without on= it is 400 code 13; an unknown key column is 404 code 12', async () => {
    const id = await freshTable(10);
    expectError(
      await call(server, 'POST', `/v1/table/${id}/merge_insert?${FLAGS}`, ipc(sampleTable(2, DIM))),
      400,
      13,
    );
    expectError(
      await call(
        server,
        'POST',
        `/v1/table/${id}/merge_insert?on=nope&${FLAGS}`,
        ipc(sampleTable(2, DIM)),
      ),
      404,
      12,
    );
    expectError(
      await call(
        server,
        'POST',
        `/v1/table/${id}/merge_insert?on=id&when_matched_update_all=maybe`,
        ipc(sampleTable(2, DIM)),
      ),
      400,
      13,
    );
    expect(await count(id)).toBe(10);
  });
});

describe('POST /v1/table/{id}/update', () => {
  it('answers updated_rows (contract) and rows_updated (LanceDB remote) with the version', async () => {
    const id = await freshTable(ROWS);
    const reply = await call(server, 'POST', `/v1/table/${id}/update`, {
      updates: [['category', "'updated'"]],
      predicate: 'id < 5',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.updated_rows).toBe(5);
    expect(reply.body.rows_updated).toBe(5);
    expect(reply.body.version).toBe(2);
    expect(await count(id, { predicate: "category = 'updated'" })).toBe(5);
  });

  it('without a predicate updates every row; nested fields can be set', async () => {
    const id = await freshTable(12);
    const reply = await call(server, 'POST', `/v1/table/${id}/update/`, {
      updates: [['id', 'id + 1000']],
    });
    expect(reply.status).toBe(200);
    expect(reply.body.rows_updated).toBe(12);
    expect(await count(id, { predicate: 'id >= 1000' })).toBe(12);
  });

  it('refuses empty updates and unparsable expressions with 400 code 13', async () => {
    const id = await freshTable(10);
    expectError(await call(server, 'POST', `/v1/table/${id}/update`, { updates: [] }), 400, 13);
    expectError(await call(server, 'POST', `/v1/table/${id}/update`, {}), 400, 13);
    expectError(
      await call(server, 'POST', `/v1/table/${id}/update`, { updates: [['id']] }),
      400,
      13,
    );
    expectError(
      await call(server, 'POST', `/v1/table/${id}/update`, { updates: [['category', "'x' +* 2"]] }),
      400,
      13,
    );
  });

  it('refuses an unknown column with 404 code 12; a missing table is 404 code 4', async () => {
    const id = await freshTable(10);
    expectError(
      await call(server, 'POST', `/v1/table/${id}/update`, { updates: [['nope', '1']] }),
      404,
      12,
    );
    expectError(
      await call(server, 'POST', '/v1/table/data$absent/update', { updates: [['id', '1']] }),
      404,
      4,
    );
  });
});

describe('POST /v1/table/{id}/delete', () => {
  it('answers num_deleted_rows and the new version', async () => {
    const id = await freshTable(ROWS);
    const reply = await call(server, 'POST', `/v1/table/${id}/delete`, { predicate: 'id >= 190' });
    expect(reply.status).toBe(200);
    expect(reply.body.num_deleted_rows).toBe(10);
    expect(reply.body.version).toBe(2);
    expect(await count(id)).toBe(ROWS - 10);
  });

  it('a predicate matching nothing deletes nothing', async () => {
    const id = await freshTable(10);
    const reply = await call(server, 'POST', `/v1/table/${id}/delete/`, {
      predicate: 'id > 10000',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.num_deleted_rows).toBe(0);
    expect(await count(id)).toBe(10);
  });

  it('refuses a missing predicate (400 code 13) and an unknown column (404 code 12)', async () => {
    const id = await freshTable(10);
    expectError(await call(server, 'POST', `/v1/table/${id}/delete`, {}), 400, 13);
    expectError(await call(server, 'POST', `/v1/table/${id}/delete`, { predicate: '' }), 400, 13);
    expectError(
      await call(server, 'POST', `/v1/table/${id}/delete`, { predicate: 'nope > 1' }),
      404,
      12,
    );
    expect(await count(id)).toBe(10);
  });
});
