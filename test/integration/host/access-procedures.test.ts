/**
 * The app's Keys and Audit procedures (`access:*`) against a real `serve --auth` on a folder,
 * through a remote connection: an admin connection lists, creates (the key in the answer only),
 * narrows and revokes principals and keys, and reads the audit trail; a reader connection is
 * refused by the server (403) and a folder connection by the host (Unsupported).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Host } from '../../../src-main/host/host';
import { FileSecretStore } from '../../../src-main/host/secret-store';
import { ERROR_CODES } from '../../../src-shared/vocabulary/errors';
import { call as http } from '../../support/catalog-server';
import { callOk } from '../../support/host-calls';
import { startServerProcess, type ServerProcess } from '../../support/server-process';

const ADMIN_KEY = `admin-${randomBytes(12).toString('hex')}`;
const READER_KEY = `reader-${randomBytes(12).toString('hex')}`;

describe('access:* procedures on a remote catalog served with --auth', () => {
  let dir: string;
  let host: Host;
  let server: ServerProcess;
  let admin: string;
  let reader: string;
  let folder: string;
  const ok = <T = any>(name: string, input: unknown) => callOk<T>(host, name, input);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cs-access-host-'));
    writeFileSync(
      join(dir, 'auth.json'),
      JSON.stringify({
        principals: [
          { name: 'ops', role: 'admin', api_keys: [ADMIN_KEY] },
          { name: 'viewer', role: 'reader', api_keys: [READER_KEY] },
        ],
      }),
    );
    server = await startServerProcess([
      '--root',
      join(dir, 'root'),
      '--auth',
      join(dir, 'auth.json'),
      '--workers',
      '1',
    ]);
    host = new Host({
      userDataDir: join(dir, 'data'),
      secrets: new FileSecretStore(join(dir, 'data', 's.json')),
    });
    admin = (await ok('connections:connect-url', { url: server.url, apiKey: ADMIN_KEY })).id;
    reader = (await ok('connections:connect-url', { url: server.url, apiKey: READER_KEY })).id;
    folder = (await ok('connections:open-folder', { path: join(dir, 'f'), create: true })).id;
  }, 60_000);

  afterAll(async () => {
    await host?.close();
    await server?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('manages principals and keys, the secret only in the answer that made it', async () => {
    const seeded = await ok<any[]>('access:principals', { connectionId: admin });
    expect(seeded.map((p) => p.name).sort()).toEqual(['ops', 'viewer']);
    const made = await ok('access:create-principal', {
      connectionId: admin,
      name: 'etl',
      role: 'writer',
      namespaces: [['sales']],
    });
    expect(made.principal).toMatchObject({ name: 'etl', role: 'writer', source: 'api' });
    const key = made.key.api_key as string;
    expect(
      (await http(server, 'GET', '/v1/whoami', undefined, { 'x-api-key': key })).body,
    ).toMatchObject({ name: 'etl', namespaces: [['sales']] });
    const listed = await ok('access:principals', { connectionId: admin });
    expect(JSON.stringify(listed)).not.toContain(key);

    const second = await ok('access:create-key', { connectionId: admin, principal: 'etl' });
    expect(second.api_key).not.toBe(key);
    const widened = await ok('access:update-principal', {
      connectionId: admin,
      name: 'etl',
      namespaces: null,
    });
    expect(widened.namespaces).toBeNull();
    const revoked = await ok('access:revoke-key', {
      connectionId: admin,
      key_id: made.key.key_id,
    });
    expect(revoked.keys.map((k: { state: string }) => k.state)).toEqual(['revoked', 'active']);
    expect((await http(server, 'GET', '/v1/whoami', undefined, { 'x-api-key': key })).status).toBe(
      401,
    );
    const gone = await ok('access:revoke-principal', { connectionId: admin, name: 'etl' });
    expect(gone.revoked_at).toEqual(expect.any(Number));

    const trail = await ok<any[]>('access:audit', { connectionId: admin, target: 'etl' });
    expect(trail.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        'createPrincipal',
        'createKey',
        'updatePrincipal',
        'revokePrincipal',
      ]),
    );
    expect(trail.every((e) => e.principal === 'ops')).toBe(true);
  });

  it('is refused by the server for a reader, and by the host for a folder', async () => {
    const asReader = await host.call('access:principals', { connectionId: reader });
    expect(asReader).toMatchObject({ ok: false, error: { code: ERROR_CODES.PermissionDenied } });
    const onFolder = await host.call('access:audit', { connectionId: folder });
    expect(onFolder).toMatchObject({ ok: false, error: { code: ERROR_CODES.Unsupported } });
    const malformed = await host.call('access:create-principal', {
      connectionId: admin,
      name: 'a b',
      role: 'reader',
    });
    expect(malformed).toMatchObject({ ok: false, error: { code: ERROR_CODES.InvalidInput } });
  });
});
