/**
 * Serving an open folder from the app: the same server as `catalog-studio serve`, reached by
 * LanceDB's own remote client with the generated key; read-only refusing every write (with and
 * without auth); a wrong or missing key refused; no auth refused off loopback; requests counted;
 * and the server gone once stopped or once its connection closes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../../src-main/catalog';
import { Host } from '../../../../src-main/host/host';
import { FileSecretStore } from '../../../../src-main/host/secret-store';
import { catalogServing } from '../../../../src-main/server/serving';
import type { ServedCatalog } from '../../../../src-shared/studio-schemas';
import { ERROR_CODES } from '../../../../src-shared/vocabulary/errors';
import { callFails, callOk } from '../../../support/host-calls';
import { sampleTable } from '../../../support/sample-data';

let dir: string;
let host: Host;
let connectionId: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-serve-app-'));
  const catalog = await connect(join(dir, 'cat'));
  await catalog.createTable('docs', sampleTable(40, 4));
  await catalog.close();
  host = new Host({
    userDataDir: join(dir, 'data'),
    secrets: new FileSecretStore(join(dir, 'data', 's.json')),
    serving: catalogServing,
  });
  ({ id: connectionId } = await callOk<{ id: string }>(host, 'connections:open-folder', {
    path: join(dir, 'cat'),
  }));
});
afterAll(async () => {
  await host.close();
  rmSync(dir, { recursive: true, force: true });
});

const serve = (request: object) =>
  callOk<ServedCatalog>(host, 'serve:start', { connectionId, port: 0, ...request });

describe('serving a folder from the app', () => {
  it('serves with a generated key that LanceDB’s remote client uses, counting requests', async () => {
    const served = await serve({ host: '127.0.0.1', auth: { kind: 'key' }, readOnly: false });
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(served.apiKey).toMatch(/^cs_/);
    const db = await lancedb.connect('db://default', {
      apiKey: served.apiKey!,
      hostOverride: served.url,
    });
    expect(await db.tableNames()).toEqual(['docs']);
    const docs = await db.openTable('docs');
    expect(await docs.countRows()).toBe(40);
    await docs.add(sampleTable(2, 4, { idOffset: 900 }));
    expect(await docs.countRows()).toBe(42);

    const wrong = await lancedb.connect('db://default', {
      apiKey: 'nope',
      hostOverride: served.url,
    });
    await expect(wrong.tableNames()).rejects.toThrow(/401|Unauthorized|credentials/i);

    const [listed] = await callOk<ServedCatalog[]>(host, 'serve:list', {});
    expect(listed!.requests.total).toBeGreaterThanOrEqual(5);
    expect(listed!.requests.failed).toBeGreaterThanOrEqual(1);

    await callOk(host, 'serve:stop', { id: served.id });
    await expect(fetch(`${served.url}/v1/namespace/list`)).rejects.toThrow();
    expect(await callOk<ServedCatalog[]>(host, 'serve:list', {})).toEqual([]);
  });

  it('refuses every write when read-only, with a key and without auth', async () => {
    for (const auth of [{ kind: 'key' }, { kind: 'none' }] as const) {
      const served = await serve({ host: '127.0.0.1', auth, readOnly: true });
      const db = await lancedb.connect('db://default', {
        apiKey: served.apiKey ?? 'unused',
        hostOverride: served.url,
      });
      const docs = await db.openTable('docs');
      expect(await docs.countRows()).toBe(42);
      await expect(docs.add(sampleTable(1, 4, { idOffset: 5000 }))).rejects.toThrow(
        /403|read-only|denied/i,
      );
      await expect(db.createTable('other', sampleTable(1, 4))).rejects.toThrow(
        /403|read-only|denied/i,
      );
      expect(await docs.countRows()).toBe(42);
      await callOk(host, 'serve:stop', { id: served.id });
    }
  });

  it('serves with an auth file, and refuses no auth off loopback', async () => {
    const file = join(dir, 'auth.json');
    writeFileSync(
      file,
      JSON.stringify({ principals: [{ name: 'r', api_keys: ['file-key'], role: 'reader' }] }),
    );
    const served = await serve({
      host: '127.0.0.1',
      auth: { kind: 'file', path: file },
      readOnly: false,
    });
    expect(served.apiKey).toBeUndefined();
    const db = await lancedb.connect('db://default', {
      apiKey: 'file-key',
      hostOverride: served.url,
    });
    expect(await db.tableNames()).toEqual(['docs']);
    await callOk(host, 'serve:stop', { id: served.id });

    const refused = await callFails(host, 'serve:start', {
      connectionId,
      host: '0.0.0.0',
      port: 0,
      auth: { kind: 'none' },
      readOnly: true,
    });
    expect(refused.code).toBe(ERROR_CODES.InvalidInput);
    expect(refused.message).toMatch(/needs a key or an auth file/);
  });

  it('refuses a port in use and a second server, and stops serving when the connection closes', async () => {
    const first = await serve({ host: '127.0.0.1', auth: { kind: 'key' }, readOnly: true });
    const twice = await callFails(host, 'serve:start', {
      connectionId,
      host: '127.0.0.1',
      port: 0,
      auth: { kind: 'key' },
      readOnly: true,
    });
    expect(twice.message).toMatch(/already being served/);
    const { id: other } = await callOk<{ id: string }>(host, 'connections:open-folder', {
      path: join(dir, 'other'),
      create: true,
    });
    const busy = await callFails(host, 'serve:start', {
      connectionId: other,
      host: '127.0.0.1',
      port: first.port,
      auth: { kind: 'key' },
      readOnly: true,
    });
    expect(busy.message).toMatch(/already in use/);
    // A close while a start is still listening waits for it, then stops it too.
    const starting = host.call('serve:start', {
      connectionId: other,
      host: '127.0.0.1',
      port: 0,
      auth: { kind: 'key' },
      readOnly: true,
    });
    await callOk(host, 'connections:close', { connectionId: other });
    const late = await starting;
    if (late.ok) {
      await expect(
        fetch(`${(late.value as ServedCatalog).url}/v1/namespace/list`),
      ).rejects.toThrow();
    }
    await callOk(host, 'connections:close', { connectionId });
    expect(await callOk<ServedCatalog[]>(host, 'serve:list', {})).toEqual([]);
    await expect(fetch(`${first.url}/v1/namespace/list`)).rejects.toThrow();
  });
});
