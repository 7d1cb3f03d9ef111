/**
 * The transaction routes say, with the specification's Unsupported error (406 code 0), that this
 * server has no transaction history to describe or alter: not an unknown route, not a 500.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, startCatalogServer, type RunningServer } from '../../support/catalog-server';
import { expectError } from './contract-helpers';

let server: RunningServer;
beforeAll(async () => {
  server = await startCatalogServer();
});
afterAll(async () => {
  await server.close();
});

it('answers describe and alter with 406 code 0, saying why', async () => {
  for (const action of ['describe', 'alter']) {
    const body = expectError(
      await call(server, 'POST', `/v1/transaction/42/${action}`, {}),
      406,
      0,
    );
    expect(body.detail).toMatch(/no transaction history/);
  }
});
