/**
 * The transaction routes. Describe answers what a version's commit did, the route's id being the
 * table's followed by the version number (as the CTS sends it), or the version alone with the
 * table as the body's `id`. Alter is refused with the specification's Unsupported error.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, startCatalogServer, type RunningServer } from '../../support/catalog-server';
import { sampleTable } from '../../support/sample-data';
import { expectError } from './contract-helpers';

let server: RunningServer;
beforeAll(async () => {
  server = await startCatalogServer();
  await server.catalog.createNamespace(['ns']);
  const table = await server.catalog.createTable('t', sampleTable(10, 4), ['ns']);
  await table.delete('id < 2');
});
afterAll(async () => {
  await server.close();
});

it("describes a version's commit, the table named in the path or in the body", async () => {
  const inPath = await call(server, 'POST', '/v1/transaction/ns$t$2/describe', {});
  expect(inPath.status).toBe(200);
  expect(inPath.body).toMatchObject({
    status: 'SUCCEEDED',
    properties: { version: '2', operation: 'delete', predicate: 'id < 2', read_version: '1' },
  });
  const inBody = await call(server, 'POST', '/v1/transaction/1/describe', { id: ['ns', 't'] });
  expect(inBody.body).toMatchObject({ properties: { version: '1', operation: 'overwrite' } });
  // The contract's request carries the whole id, table and transaction, in the body as well.
  const whole = await call(server, 'POST', '/v1/transaction/ns$t$2/describe', {
    id: ['ns', 't', '2'],
  });
  expect(whole.status).toBe(200);
  expect(whole.body).toMatchObject({ properties: { version: '2', operation: 'delete' } });
});

it('refuses an unknown version, a UUID, a missing table, a table named twice differently', async () => {
  expectError(await call(server, 'POST', '/v1/transaction/ns$t$99/describe', {}), 404, 10);
  expectError(await call(server, 'POST', '/v1/transaction/ns$t$abc-uuid/describe', {}), 404, 10);
  expectError(await call(server, 'POST', '/v1/transaction/ns$nope$1/describe', {}), 404, 4);
  expectError(await call(server, 'POST', '/v1/transaction/1/describe', {}), 400, 13);
  expectError(
    await call(server, 'POST', '/v1/transaction/ns$t$1/describe', { id: ['ns', 'other'] }),
    400,
    13,
  );
  expectError(
    await call(server, 'POST', '/v1/transaction/ns$t$1/describe', { id: ['ns', 't', '2'] }),
    400,
    13,
  );
});

it('answers alter with 406 code 0, saying why', async () => {
  const body = expectError(
    await call(server, 'POST', '/v1/transaction/ns$t$1/alter', {
      actions: [{ setStatusAction: { status: 'ABORTED' } }],
    }),
    406,
    0,
  );
  expect(body.detail).toMatch(/not changed after the fact/);
});
