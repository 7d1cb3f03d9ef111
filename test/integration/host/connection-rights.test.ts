/**
 * What a connection may do, learned when it opens: a remote key's role and namespaces from the
 * server's /v1/whoami, a folder's from the file system, read-only when the user chose it; and the
 * host refusing a write on a reader connection before anything is sent.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Host } from '../../../src-main/host/host';
import { FileSecretStore } from '../../../src-main/host/secret-store';
import { remoteRights } from '../../../src-main/host/connection-rights';
import { refusalOf } from '../../../src-shared/vocabulary/rights';
import { ERROR_CODES } from '../../../src-shared/vocabulary/errors';
import { startCatalogServer, type RunningServer } from '../../support/catalog-server';
import { callOk } from '../../support/host-calls';
import { sampleTable } from '../../support/sample-data';

let dir: string;
let host: Host;
let server: RunningServer;
const ok = <T = any>(name: string, input: unknown) => callOk<T>(host, name, input);

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-rights-'));
  host = new Host({
    userDataDir: join(dir, 'data'),
    secrets: new FileSecretStore(join(dir, 'data', 's.json')),
  });
  server = await startCatalogServer({
    auth: {
      principals: [
        { name: 'ada', api_keys: ['admin-key'], role: 'admin' },
        { name: 'wes', api_keys: ['writer-key'], role: 'writer', namespaces: [['sales']] },
        { name: 'rey', api_keys: ['reader-key'], role: 'reader' },
      ],
    },
  });
});
afterEach(async () => {
  await host.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('connection rights', () => {
  it("learns each key's role and namespaces from the server", async () => {
    const admin = await ok('connections:connect-url', { url: server.url, apiKey: 'admin-key' });
    expect(admin.rights).toEqual({ role: 'admin', source: 'server' });
    const writer = await ok('connections:connect-url', { url: server.url, apiKey: 'writer-key' });
    expect(writer.rights).toMatchObject({
      role: 'writer',
      source: 'server',
      namespaces: [['sales']],
      reason: 'The server gives wes the writer role',
    });
    const reader = await ok('connections:connect-url', { url: server.url, apiKey: 'reader-key' });
    expect(reader.rights).toMatchObject({ role: 'reader', source: 'server' });
    // The list the app reads carries them too.
    const open = await ok<any[]>('connections:list-open', {});
    expect(open.map((c) => c.rights.role).sort()).toEqual(['admin', 'reader', 'writer']);

    // The shared rule says what the app must not offer, and why.
    expect(refusalOf(writer.rights, 'write', ['sales', 'eu'])).toBeUndefined();
    expect(refusalOf(writer.rights, 'write', ['hr'])).toMatch(/only sales/);
    expect(refusalOf(writer.rights, 'admin', ['sales'])).toMatch(/needs the admin role/);
    expect(refusalOf(reader.rights, 'write', [])).toMatch(/rey the reader role/);
  });

  it('shows a scoped key the way to its namespaces on a page, without the tables it may not list', async () => {
    await server.catalog.createNamespace(['sales']);
    await server.catalog.createTable('orders', sampleTable(3, 4), ['sales']);
    const writer = await ok('connections:connect-url', { url: server.url, apiKey: 'writer-key' });
    const root = await ok('namespaces:children', { connectionId: writer.id, path: [] });
    expect(root).toEqual({ namespaces: ['sales'], tables: [] });
    const sales = await ok('namespaces:children', { connectionId: writer.id, path: ['sales'] });
    expect(sales.tables).toMatchObject([{ name: 'orders', rows: 3 }]);
  });

  it('refuses a write on a reader connection in the host, before the server is asked', async () => {
    const reader = await ok('connections:connect-url', { url: server.url, apiKey: 'reader-key' });
    const before = server.log.length;
    const answer = await host.call('namespaces:create', {
      connectionId: reader.id,
      path: ['mine'],
    });
    expect(answer.ok).toBe(false);
    if (!answer.ok) {
      expect(answer.error.code).toBe(ERROR_CODES.PermissionDenied);
      expect(answer.error.message).toMatch(/reader role; nothing was changed/);
    }
    expect(server.log.slice(before).some((e) => e.path.includes('/create'))).toBe(false);
  });

  it('takes a server without /v1/whoami (another implementation) to allow everything', async () => {
    const foreign = http.createServer((_req, res) => {
      res.statusCode = 404;
      res.end('{"error":"no such route"}');
    });
    await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
    try {
      const port = (foreign.address() as AddressInfo).port;
      expect(await remoteRights({ url: `http://127.0.0.1:${port}` })).toEqual({
        role: 'admin',
        source: 'assumed',
      });
    } finally {
      foreign.close();
    }
  });

  it('marks a connection the user opened read-only as reader, whatever the store allows', async () => {
    const chosen = await ok('connections:open-folder', {
      path: join(dir, 'mine'),
      create: true,
      readOnly: true,
    });
    expect(chosen.rights).toMatchObject({ role: 'reader', source: 'chosen' });
    const writable = await ok('connections:open-folder', {
      path: join(dir, 'mine2'),
      create: true,
    });
    expect(writable.rights).toEqual({ role: 'admin', source: 'files' });
  });

  // Root may write anywhere, so a folder without write permission cannot be made for it.
  it.skipIf(process.getuid?.() === 0)(
    'reads a folder this user may not write as reader (skipped as root)',
    async () => {
      const locked = join(dir, 'locked');
      mkdirSync(locked);
      chmodSync(locked, 0o555);
      try {
        const opened = await ok('connections:open-folder', { path: locked });
        expect(opened.rights).toMatchObject({ role: 'reader', source: 'files' });
      } finally {
        chmodSync(locked, 0o755);
      }
    },
  );
});
