/**
 * The transport-free host on real catalogs: every result is a value, errors carry codes, events
 * fire, and what must persist (recent connections, secrets at mode 0600) does.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { arrow } from '../../../src-main/catalog/arrow';
import { Host } from '../../../src-main/host/host';
import { FileSecretStore } from '../../../src-main/host/secret-store';
import { PROCEDURES, type EventName } from '../../../src-shared/studio-procedures';
import { startCatalogServer } from '../../support/catalog-server';
import { sampleTable } from '../../support/sample-data';
import { callOk } from '../../support/host-calls';

let dir: string;
let host: Host;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cs-host-'));
  host = new Host({
    userDataDir: join(dir, 'data'),
    secrets: new FileSecretStore(join(dir, 'data', 'secrets.json')),
  });
});
afterEach(async () => {
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

const ok = <T = any>(name: string, input: unknown) => callOk<T>(host, name, input);

describe('host', () => {
  it('opens a folder, creates namespaces and tables, and pages rows as Arrow bytes', async () => {
    const connection = await ok('connections:open-folder', {
      path: join(dir, 'catalog'),
      create: true,
    });
    const id = connection.id;
    await ok('namespaces:create', { connectionId: id, path: ['a'] });
    await ok('namespaces:create', { connectionId: id, path: ['a', 'b'] });
    expect((await ok('namespaces:list', { connectionId: id, path: ['a'] })).namespaces).toEqual([
      'b',
    ]);
    await ok('tables:create-empty', {
      connectionId: id,
      path: ['a', 'b'],
      table: 'empty',
      schema: {
        fields: [
          { name: 'id', nullable: false, type: { type: 'int32' } },
          {
            name: 'v',
            nullable: true,
            type: {
              type: 'fixed_size_list',
              length: 4,
              fields: [{ name: 'item', nullable: true, type: { type: 'float32' } }],
            },
          },
        ],
      },
    });
    const described = await ok('tables:describe', {
      connectionId: id,
      path: ['a', 'b'],
      table: 'empty',
    });
    expect(described.schema.fields.map((f: { name: string }) => f.name)).toEqual(['id', 'v']);
    expect(described.schema.fields[1].type).toMatchObject({ type: 'fixed_size_list', length: 4 });

    const catalog = (
      host as unknown as { connections: { get(id: string): { catalog: any } } }
    ).connections.get(id).catalog;
    await catalog.createTable('rows', sampleTable(300, 8), ['a']);
    const bytes = await ok<Uint8Array>('tables:page', {
      connectionId: id,
      path: ['a'],
      table: 'rows',
      offset: 290,
      limit: 50,
      columns: ['id', 'text'],
    });
    const page = arrow.tableFromIPC(bytes);
    expect(page.numRows).toBe(10);
    expect(page.schema.fields.map((f) => f.name)).toEqual(['id', 'text']);
    expect([...(page.getChild('id')!.toArray() as Int32Array)]).toEqual([
      290, 291, 292, 293, 294, 295, 296, 297, 298, 299,
    ]);
    const filtered = arrow.tableFromIPC(
      await ok<Uint8Array>('tables:page', {
        connectionId: id,
        path: ['a'],
        table: 'rows',
        offset: 0,
        limit: 100,
        filter: "category = 'c1'",
      }),
    );
    expect(filtered.numRows).toBe(60);
    expect(
      await ok('tables:count', { connectionId: id, path: ['a'], table: 'rows', filter: 'id < 7' }),
    ).toBe(7);
  });

  it('returns errors as values with their codes', async () => {
    const bad = await host.call('namespaces:list', { connectionId: 42 });
    expect(bad).toMatchObject({ ok: false, error: { code: 13, name: 'InvalidInput' } });
    expect(await host.call('no:such', {})).toMatchObject({ ok: false, error: { code: 0 } });
    const connection = await ok('connections:open-folder', { path: join(dir, 'c'), create: true });
    expect(
      await host.call('tables:describe', { connectionId: connection.id, path: ['x'], table: 't' }),
    ).toMatchObject({
      ok: false,
      error: { code: 1, name: 'NamespaceNotFound' },
    });
    expect(
      await host.call('connections:open-folder', { path: join(dir, 'missing') }),
    ).toMatchObject({ ok: false, error: { code: 1 } });
  });

  it('blocks every change on a read-only connection', async () => {
    const connection = await ok('connections:open-folder', {
      path: join(dir, 'ro'),
      create: true,
      readOnly: true,
    });
    expect(
      await host.call('namespaces:create', { connectionId: connection.id, path: ['n'] }),
    ).toMatchObject({ ok: false, error: { code: 15 } });
    expect(
      (await ok('namespaces:list', { connectionId: connection.id, path: [] })).namespaces,
    ).toEqual([]);
  });

  it('refuses every write procedure on a read-only connection, whatever the table holds', async () => {
    // A writable connection prepares a table; a second, read-only one on the same folder tries
    // every procedure the contract declares `write`.
    const folder = join(dir, 'shared');
    const writer = await ok('connections:open-folder', { path: folder, create: true });
    await ok('namespaces:create', { connectionId: writer.id, path: ['n'] });
    const catalog = (
      host as unknown as { connections: { get(id: string): { catalog: any } } }
    ).connections.get(writer.id).catalog;
    await catalog.createTable('t', sampleTable(20, 8), ['n']);
    const reader = await ok('connections:open-folder', { path: folder, readOnly: true });
    const t = { connectionId: reader.id, path: ['n'], table: 't' };
    const inputs: Record<string, unknown> = {
      'namespaces:create': { connectionId: reader.id, path: ['m'] },
      'namespaces:drop': { connectionId: reader.id, path: ['n'], behavior: 'cascade' },
      'tables:create-empty': {
        ...t,
        table: 'u',
        schema: { fields: [{ name: 'id', nullable: true, type: { type: 'int32' } }] },
      },
      'tables:drop': t,
      'tables:rename': { ...t, newName: 'v' },
      'tables:restore': { ...t, version: 1 },
      'tables:compact': t,
      'tables:cleanup': { ...t, olderThanMillis: 0 },
      'rows:update': { ...t, updates: { id: 'id + 1' } },
      'rows:delete': { ...t, filter: 'id >= 0' },
      'rows:commit': {
        ...t,
        edits: [{ predicate: 'id = 1', values: { text: 'x' } }],
        inserts: [{ id: '99' }],
        deletes: ['id = 2'],
      },
      'columns:add': { ...t, columns: [{ name: 'x', expression: 'id' }] },
      'columns:alter': { ...t, alterations: [{ path: 'text', rename: 'words' }] },
      'columns:drop': { ...t, columns: ['text'] },
      'branches:create': { ...t, name: 'dev' },
      'branches:delete': { ...t, name: 'dev' },
      'tags:create': { ...t, tag: 'v1', version: 1 },
      'tags:update': { ...t, tag: 'v1', version: 1 },
      'tags:delete': { ...t, tag: 'v1' },
      'indexes:create': { ...t, request: { column: 'id', index_type: 'BTREE' } },
      'indexes:drop': { ...t, name: 'id_idx' },
      'imports:start': {
        connectionId: reader.id,
        path: join(dir, 'missing.csv'),
        format: 'csv',
        namespacePath: ['n'],
        table: 'w',
        mode: 'create',
      },
    };
    const writes = Object.entries(PROCEDURES)
      .filter(([, p]) => p.access === 'write')
      .map(([name]) => name);
    expect(writes.sort()).toEqual(Object.keys(inputs).sort());
    for (const name of writes) {
      const result = await host.call(name, inputs[name]);
      expect(result, name).toMatchObject({ ok: false, error: { code: 15 } });
    }
    const table = await catalog.openTable('t', ['n']);
    expect(await table.countRows()).toBe(20);
    expect((await table.listVersions()).length).toBe(1);
    expect((await catalog.listTables(['n'])).tables).toEqual(['t']);
  });

  it('emits job and catalog events, and lists jobs for a reloaded window', async () => {
    const connection = await ok('connections:open-folder', {
      path: join(dir, 'jobs'),
      create: true,
    });
    const events: Array<[EventName, any]> = [];
    host.on((event, payload) => events.push([event, payload]));
    await ok('namespaces:create', { connectionId: connection.id, path: ['n'] });
    const catalog = (
      host as unknown as { connections: { get(id: string): { catalog: any } } }
    ).connections.get(connection.id).catalog;
    await catalog.createTable('t', sampleTable(400, 8), ['n']);
    const job = await ok('indexes:create', {
      connectionId: connection.id,
      path: ['n'],
      table: 't',
      request: { column: 'vector', index_type: 'IVF_FLAT', num_partitions: 2 },
    });
    await catalog.waitForJob(job.id);
    expect(events.some(([e, p]) => e === 'catalog:changed' && p.path.length === 0)).toBe(true);
    expect(
      events.some(
        ([e, p]) => e === 'jobs:progress' && p.id === job.id && p.connectionId === connection.id,
      ),
    ).toBe(true);
    expect(
      events.some(([e, p]) => e === 'jobs:finished' && p.id === job.id && p.state === 'succeeded'),
    ).toBe(true);
    const jobs = await ok('jobs:list', {});
    expect(jobs.find((j: { id: string }) => j.id === job.id)).toMatchObject({
      state: 'succeeded',
      connectionId: connection.id,
    });
  });

  it('remembers recent connections and keeps secrets in a 0600 file, not in the recent list', async () => {
    const server = await startCatalogServer({
      auth: { principals: [{ name: 'w', api_keys: ['sekrit-key'], role: 'admin' }] },
    });
    try {
      await ok('connections:connect-url', {
        url: server.url,
        apiKey: 'sekrit-key',
        name: 'local server',
      });
      await ok('connections:open-folder', { path: join(dir, 'f'), create: true });
      const recent = await ok('connections:list-recent', {});
      expect(recent.map((r: { kind: string }) => r.kind)).toEqual(['folder', 'remote']);
      expect(recent[1]).toMatchObject({ name: 'local server', hasSecrets: true });
      const recentFile = readFileSync(join(dir, 'data', 'recent-connections.json'), 'utf8');
      expect(recentFile).not.toContain('sekrit-key');
      const secretsFile = join(dir, 'data', 'secrets.json');
      expect(readFileSync(secretsFile, 'utf8')).toContain('sekrit-key');
      expect(statSync(secretsFile).mode & 0o777).toBe(0o600);

      // Reopening from the recent list sends only the URL; the stored key authenticates it.
      const reopened = await ok('connections:connect-url', { url: server.url });
      const listing = await ok('namespaces:list', { connectionId: reopened.id, path: [] });
      expect(listing.namespaces).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('tests remote connections with precise answers', async () => {
    const server = await startCatalogServer({
      auth: { principals: [{ name: 'r', api_keys: ['k'], role: 'reader', namespaces: [['x']] }] },
    });
    try {
      expect(await ok('connections:test', { url: server.url, apiKey: 'k' })).toMatchObject({
        ok: true,
      });
      expect((await ok('connections:test', { url: server.url, apiKey: 'wrong' })).message).toMatch(
        /401/,
      );
      expect((await ok('connections:test', { url: 'http://127.0.0.1:9' })).message).toMatch(
        /Nothing is listening/,
      );
      expect(
        (await ok('connections:test', { url: 'http://no-such-host.invalid' })).message,
      ).toMatch(/DNS|resolve/);
      // Any web server that is not a catalog, e.g. a page server.
      const page = http.createServer((_req, res) => res.end('<html>hello</html>'));
      await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
      const port = (page.address() as AddressInfo).port;
      expect((await ok('connections:test', { url: `http://127.0.0.1:${port}` })).message).toMatch(
        /not a Lance namespace catalog/,
      );
      page.close();
    } finally {
      await server.close();
    }
  });
});
