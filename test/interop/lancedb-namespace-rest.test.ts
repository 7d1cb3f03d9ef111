/**
 * LanceDB's namespace client (`connectNamespace("rest", {uri, headers})`) against our server:
 * nested namespaces, then tables created (declare + client-side write), opened, read and dropped.
 * Also the specification's verification sequence: list tables, create one, list again.
 */
import * as lancedb from '@lancedb/lancedb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleTable } from '../support/sample-data';
import { startCatalogServer, type RunningServer } from '../support/catalog-server';

const TOKEN = 'namespace-admin-token';
let server: RunningServer;

beforeAll(async () => {
  server = await startCatalogServer({
    auth: { principals: [{ name: 'ns-admin', bearer_tokens: [TOKEN], role: 'admin' }] },
  });
});
afterAll(async () => {
  await server.close();
});

describe('LanceDB namespace REST client against the catalog server', () => {
  it('creates and lists nested namespaces, then creates, opens, reads and drops tables', async () => {
    const db = await lancedb.connectNamespace('rest', {
      uri: server.url,
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    await db.createNamespace(['prod']);
    await db.createNamespace(['prod', 'eu'], { properties: { region: 'eu-west' } });
    expect((await db.listNamespaces([])).namespaces).toEqual(['prod']);
    expect((await db.listNamespaces(['prod'])).namespaces).toEqual(['eu']);
    expect((await db.describeNamespace(['prod', 'eu'])).properties).toEqual({ region: 'eu-west' });

    const created = await db.createTable('events', sampleTable(250, 8), ['prod', 'eu']);
    expect(await created.countRows()).toBe(250);
    expect((await db.listTables(['prod', 'eu'])).tables).toEqual(['events']);

    const opened = await db.openTable('events', ['prod', 'eu']);
    const rows = await opened.query().where('id < 3').select(['id', 'text']).toArray();
    expect(rows.map((r) => r.id)).toEqual([0, 1, 2]);

    // What the client wrote is a real table of the catalog: the engine reads it too.
    const mine = await server.catalog.openTable('events', ['prod', 'eu']);
    expect(await mine.countRows()).toBe(250);

    await db.dropTable('events', ['prod', 'eu']);
    expect((await db.listTables(['prod', 'eu'])).tables).toEqual([]);
    await expect(db.openTable('events', ['prod', 'eu'])).rejects.toThrow(/not found/i);
  });

  it('passes the specification check: list, create, list again', async () => {
    const db = await lancedb.connectNamespace('rest', {
      uri: server.url,
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    const before = (await db.listTables([])).tables;
    expect(before).not.toContain('spec_check');
    await db.createTable('spec_check', sampleTable(3, 8));
    expect((await db.listTables([])).tables).toContain('spec_check');
  });

  it('is refused without credentials', async () => {
    const db = await lancedb.connectNamespace('rest', { uri: server.url });
    await expect(db.listNamespaces([])).rejects.toThrow(/Unauthenticated|401|credentials/i);
  });
});
