/**
 * The admin routes for principals and keys against callers who are not admins or send what no
 * admin would, through a real `serve` on a folder: non-admins and admins of part of the catalog
 * get 403 on every admin route; malformed principal names, key ids and scopes are 400 before
 * anything is read; a key is shown once; an expired key and odd tokens are 401, never a 500; a
 * role change takes effect; the audit filter is not SQL. And the store fails closed: when the
 * catalog's state cannot be read, keys are refused (503) within seconds, and accepted again once
 * it can.
 */
import { randomBytes, createHash } from 'node:crypto';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATE_FOLDER } from '../../src-main/catalog/dir/coordination/state-folder';
import { REST } from '../../src-shared/rest-contract';
import { call } from '../support/catalog-server';
import { reportFigures } from '../support/reliability-scale';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { pollUntil } from '../integration/server/contract-helpers';

const ADMIN_KEY = `admin-${randomBytes(16).toString('hex')}`;
const READER_KEY = `reader-${randomBytes(16).toString('hex')}`;
const SCOPED_ADMIN_KEY = `scoped-${randomBytes(16).toString('hex')}`;
const ADMIN_ROUTES = [
  REST.listPrincipals,
  REST.createPrincipal,
  REST.updatePrincipal,
  REST.revokePrincipal,
  REST.createKey,
  REST.revokeKey,
  REST.listAudit,
];

describe('principals through the API, hostile callers (serve on a folder)', () => {
  let root: string;
  let authDir: string;
  let server: ServerProcess;
  const figures: Record<string, number> = {};
  const as = (key: string) => ({ 'x-api-key': key });
  const admin = as(ADMIN_KEY);
  const post = (path: string, body: unknown, headers = admin) =>
    call(server, 'POST', path, body, headers);
  const whoami = (headers: Record<string, string>) =>
    call(server, 'GET', '/v1/whoami', undefined, headers);

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'cs-principals-hostile-'));
    authDir = mkdtempSync(join(tmpdir(), 'cs-principals-hostile-auth-'));
    writeFileSync(
      join(authDir, 'auth.json'),
      JSON.stringify({
        principals: [
          { name: 'ops', role: 'admin', api_keys: [ADMIN_KEY] },
          { name: 'viewer', role: 'reader', api_keys: [READER_KEY] },
          { name: 'ns-admin', role: 'admin', api_keys: [SCOPED_ADMIN_KEY], namespaces: [['ns']] },
        ],
      }),
    );
    server = await startServerProcess([
      '--root',
      root,
      '--auth',
      join(authDir, 'auth.json'),
      '--workers',
      '1',
    ]);
  }, 60_000);

  afterAll(async () => {
    await server?.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
    rmSync(authDir, { recursive: true, force: true });
    reportFigures('principals-hostile', figures);
  });

  it('refuses every admin route to a reader and to an admin of part of the catalog (403)', async () => {
    const body = { name: 'x1', role: 'reader', principal: 'x1', key_id: 'k_0123456789abcdef' };
    for (const route of ADMIN_ROUTES) {
      for (const key of [READER_KEY, SCOPED_ADMIN_KEY]) {
        const reply = await post(route.path, body, as(key));
        expect({ path: route.path, key: key.slice(0, 6), status: reply.status }).toEqual({
          path: route.path,
          key: key.slice(0, 6),
          status: 403,
        });
      }
    }
    // Nothing was created by any of them.
    const listed = await call(server, 'GET', '/v1/access/principals/list', undefined, admin);
    expect(listed.body.principals.map((p: { name: string }) => p.name)).not.toContain('x1');
  });

  it('refuses malformed principal names, key ids and scopes (400)', async () => {
    const names: unknown[] = [
      '',
      ' ',
      'a b',
      '../etc',
      '-lead',
      'x'.repeat(65),
      'ünï',
      'a\u0000b',
      "o'brien",
      123,
      null,
    ];
    for (const name of names) {
      const reply = await post('/v1/access/principals/create', { name, role: 'reader' });
      expect({ name, status: reply.status }).toEqual({ name, status: 400 });
    }
    for (const key_id of ['k_xyz', "k_' OR 1=1 --", '', 'K_0123456789ABCDEF']) {
      const reply = await post('/v1/access/keys/revoke', { key_id });
      expect({ key_id, status: reply.status }).toEqual({ key_id, status: 400 });
    }
    for (const namespaces of [[[]], [['']], 'ns', [['ns', 7]]]) {
      const reply = await post('/v1/access/principals/create', {
        name: 'scoped',
        role: 'reader',
        namespaces,
      });
      expect({ namespaces, status: reply.status }).toEqual({ namespaces, status: 400 });
    }
    expect((await post('/v1/access/principals/create', { name: 'r1', role: 'root' })).status).toBe(
      400,
    );
    // Well-formed but unknown, a duplicate, and a name the --auth file holds.
    expect((await post('/v1/access/keys/create', { principal: 'nobody' })).body.error).toMatch(
      /No principal named/,
    );
    expect((await post('/v1/access/keys/revoke', { key_id: 'k_0123456789abcdef' })).status).toBe(
      400,
    );
    expect(
      (await post('/v1/access/principals/create', { name: 'dup', role: 'reader' })).status,
    ).toBe(200);
    const again = await post('/v1/access/principals/create', { name: 'dup', role: 'admin' });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatch(/already exists/);
    expect(
      (await post('/v1/access/principals/create', { name: 'ops', role: 'admin' })).status,
    ).toBe(400);
  });

  it('shows a key once, takes a role change at once, and refuses an expired key', async () => {
    const created = await post('/v1/access/principals/create', {
      name: 'svc',
      role: 'writer',
      expires_at: Date.now() + 3000,
    });
    expect(created.status).toBe(200);
    const key = created.body.key.api_key as string;
    const second = await post('/v1/access/keys/create', { principal: 'svc' });
    expect(second.body.key.api_key).not.toBe(key);
    const listed = await call(server, 'POST', '/v1/access/principals/list', {}, admin);
    expect(JSON.stringify(listed.body)).not.toContain(key);
    expect(JSON.stringify(listed.body)).not.toContain(second.body.key.api_key);

    expect((await whoami(as(key))).body).toMatchObject({ name: 'svc', role: 'writer' });
    // The same key as a bearer token.
    expect((await whoami({ authorization: `Bearer ${key}` })).status).toBe(200);
    const narrowed = await post('/v1/access/principals/update', {
      name: 'svc',
      role: 'reader',
      namespaces: [['ns']],
    });
    expect(narrowed.body.principal).toMatchObject({ role: 'reader', namespaces: [['ns']] });
    expect((await whoami(as(key))).body).toMatchObject({ role: 'reader', namespaces: [['ns']] });
    expect((await post('/v1/namespace/other/create', {}, as(key))).status).toBe(403);

    const expired = await pollUntil(
      'the key to expire',
      () => whoami(as(key)),
      (r) => r.status === 401,
      { timeoutMs: 6000, intervalMs: 100 },
    );
    expect(expired.body.error).toMatch(/expired/);
    // The second key has no expiry.
    expect((await whoami(as(second.body.key.api_key))).status).toBe(200);
    const past = await post('/v1/access/keys/create', { principal: 'svc', expires_at: 1000 });
    expect(past.status).toBe(400);
  });

  it('answers odd tokens with 401, never a 500', async () => {
    const made = await post('/v1/access/keys/create', { principal: 'dup' });
    const key = made.body.key.api_key as string;
    const digest = createHash('sha256').update(key).digest('hex');
    const odd = [
      'csk_',
      `csk_${'A'.repeat(43)}`,
      digest,
      `sha256:${digest}`,
      `${key} `.trimStart() + 'x',
      key.toUpperCase(),
      'x'.repeat(6000),
      'caf\u00e9',
      key.slice(0, -1),
    ];
    for (const token of odd) {
      const reply = await whoami(as(token));
      expect({ token: token.slice(0, 20), status: reply.status }).toEqual({
        token: token.slice(0, 20),
        status: 401,
      });
      const bearer = await whoami({ authorization: `Bearer ${token}` });
      expect(bearer.status).toBe(401);
    }
    expect((await whoami(as(key))).status).toBe(200);
  });

  it('filters the audit trail by principal, action, target and time, and not as SQL', async () => {
    const since = Date.now();
    await post('/v1/namespace/ns/create', {});
    await post('/v1/namespace/ns/drop', {});
    const q = (query: string) =>
      call(server, 'GET', `/v1/audit/list?${query}`, undefined, admin).then((r) => r.body.entries);
    const mine = await q(`principal=ops&since=${since}`);
    expect(mine.map((e: { action: string }) => e.action).sort()).toEqual([
      'createNamespace',
      'dropNamespace',
    ]);
    expect(await q(`action=dropNamespace&target=ns&since=${since}`)).toHaveLength(1);
    expect(await q(`until=${since - 1}&action=dropNamespace`)).toHaveLength(0);
    expect(await q(`principal=${encodeURIComponent("' OR 1=1 --")}`)).toEqual([]);
    const denied = await q('principal=viewer&action=createPrincipal');
    expect(denied[0]).toMatchObject({ result: 'PermissionDenied', status: 403 });
  });

  it('fails closed: keys are refused (503) while the state cannot be read, and accepted once it can', async () => {
    const made = await post('/v1/access/principals/create', { name: 'late', role: 'reader' });
    const key = made.body.key.api_key as string;
    const state = join(root, STATE_FOLDER);
    const away = join(root, 'state-away');
    renameSync(state, away);
    const gone = Date.now();
    try {
      const refused = await pollUntil(
        'keys refused',
        () => whoami(as(key)),
        (r) => r.status === 503,
        { timeoutMs: 10_000, intervalMs: 100 },
      );
      figures.refusedAfterMs = Date.now() - gone;
      expect(refused.body.error).toMatch(/key store/);
      // The file's keys too: the store may have revoked them.
      expect((await whoami(admin)).status).toBe(503);
    } finally {
      rmSync(state, { recursive: true, force: true });
      renameSync(away, state);
    }
    const back = Date.now();
    await pollUntil(
      'keys accepted again',
      () => whoami(as(key)),
      (r) => r.status === 200,
      {
        timeoutMs: 10_000,
        intervalMs: 100,
      },
    );
    figures.acceptedAgainAfterMs = Date.now() - back;
  });
});
