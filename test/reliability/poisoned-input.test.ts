/**
 * Input that used to poison the catalog, each sent as the attack was: a declare with a 300-byte
 * location, a create with a top-level column whose name holds a dot, names of 255 characters, and
 * a create whose Arrow body is malformed. Each gets a 400 with code 13 (InvalidInput), leaves no
 * table behind, answers no 500 afterwards (list, describe, drop, the namespace's drop) and
 * survives a restart of the catalog.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrow } from '../../src-main/catalog/arrow';
import { connect } from '../../src-main/catalog';
import { call, startCatalogServer, type RunningServer } from '../support/catalog-server';
import { reportFigures } from '../support/reliability-scale';

let server: RunningServer;
beforeAll(async () => {
  server = await startCatalogServer();
  await server.catalog.createNamespace(['ns']);
});
afterAll(async () => {
  await server.close();
});

const ipc = (table: ReturnType<typeof arrow.tableFromArrays>) => arrow.tableToIPC(table, 'stream');

async function expectNothingLeft(): Promise<void> {
  const listed = await call(server, 'GET', '/v1/namespace/ns/table/list');
  expect(listed.status).toBe(200);
  expect(listed.body.tables).toEqual([]);
  // Only the manifest and the catalog's own state folder are in the root.
  expect(readdirSync(server.root).sort()).toEqual(['.catalog-studio', '__manifest']);
}

describe('input that cannot poison the catalog', () => {
  const results: string[] = [];

  it('refuses a declare with a 300-character location, leaving nothing', async () => {
    const reply = await call(server, 'POST', '/v1/table/ns$zombie/declare', {
      location: `z${'x'.repeat(299)}`,
    });
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe(13);
    await expectNothingLeft();
    expect((await call(server, 'POST', '/v1/table/ns$zombie/describe', {})).status).toBe(404);
    results.push('declare-300');
  });

  it('refuses a top-level column with a dot in its name with 400 code 13 naming it, leaving nothing', async () => {
    const reply = await call(
      server,
      'POST',
      '/v1/table/ns$dotted/create',
      ipc(arrow.tableFromArrays({ 'a.b': [1, 2, 3] })),
    );
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe(13);
    expect(JSON.stringify(reply.body)).toContain('a.b');
    await expectNothingLeft();
    results.push('dotted-column');
  });

  it('refuses a malformed Arrow body, leaving nothing', async () => {
    const good = ipc(arrow.tableFromArrays({ id: [1, 2, 3] }));
    const broken = good.slice(0, Math.floor(good.byteLength / 2));
    const reply = await call(server, 'POST', '/v1/table/ns$broken/create', broken);
    expect(reply.status).toBe(400);
    await expectNothingLeft();
    results.push('malformed-arrow');
  });

  it('takes every name the rules accept and refuses longer ones with 400 before any work', async () => {
    const long = 'n'.repeat(255);
    for (const path of [
      `/v1/table/ns$${long}/create`,
      `/v1/table/ns$${long}/declare`,
      `/v1/namespace/${long}/create`,
    ]) {
      const body =
        path.endsWith('/create') && path.includes('/table/')
          ? ipc(arrow.tableFromArrays({ id: [1] }))
          : {};
      const reply = await call(server, 'POST', path, body);
      expect(reply.status, path).toBe(400);
      expect(reply.body.code, path).toBe(13);
    }
    await expectNothingLeft();
    // The longest accepted nested name works end to end (folder `<8 hex>_ns$<name>` ≤ 255 bytes).
    const longest = 'n'.repeat(255 - 9 - 'ns$'.length);
    const made = await call(
      server,
      'POST',
      `/v1/table/ns$${longest}/create`,
      ipc(arrow.tableFromArrays({ id: [1] })),
    );
    expect(made.status).toBe(200);
    expect((await call(server, 'POST', `/v1/table/ns$${longest}/count_rows`, {})).body).toBe(1);
    expect((await call(server, 'POST', `/v1/table/ns$${longest}/drop`, {})).status).toBe(200);
    results.push('255-names');
  });

  it('answers no 500 afterwards, drops the namespace, and opens cleanly again', async () => {
    expect((await call(server, 'POST', '/v1/namespace/ns/drop', {})).status).toBe(200);
    const reopened = await connect(server.root, { journal: true });
    expect((await reopened.listNamespaces([])).namespaces).toEqual([]);
    await reopened.close();
    reportFigures('poisoned-input', { attacks: results.length, left_behind: 0 });
  });
});
