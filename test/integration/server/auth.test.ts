/**
 * Authentication and authorisation on the real server: API keys (plain and sha256), bearer
 * tokens, OIDC JWTs verified against a JWKS, credentials from headers or, without them, from a
 * JSON body's identity, roles and namespace scopes. Every refusal is 401 or 403 with the error
 * body and no data.
 */
import { createHash } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrow } from '../../../src-main/catalog/arrow';
import { sampleTable } from '../../support/sample-data';
import { call, startCatalogServer, type RunningServer } from '../../support/catalog-server';

const ISSUER = 'https://issuer.test';
const AUDIENCE = 'catalog-studio';
const sha = (s: string) => `sha256:${createHash('sha256').update(s).digest('hex')}`;

let server: RunningServer;
type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let signingKey: PrivateKey;
let otherKey: PrivateKey;

async function jwt(
  claims: Record<string, unknown>,
  options: { key?: PrivateKey; expires?: string; audience?: string } = {},
) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(ISSUER)
    .setAudience(options.audience ?? AUDIENCE)
    .setSubject('alice')
    .setIssuedAt()
    .setExpirationTime(options.expires ?? '5m')
    .sign(options.key ?? signingKey);
}

const key = (k: string) => ({ 'x-api-key': k });
const bearer = (t: string) => ({ authorization: `Bearer ${t}` });

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  signingKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256' };
  server = await startCatalogServer({
    auth: {
      principals: [
        { name: 'reader', api_keys: ['reader-key'], role: 'reader' },
        { name: 'writer', api_keys: [sha('writer-key')], role: 'writer' },
        { name: 'admin', api_keys: ['admin-key'], bearer_tokens: ['admin-token'], role: 'admin' },
        { name: 'sales-admin', api_keys: ['sales-key'], role: 'admin', namespaces: [['sales']] },
      ],
      oidc: { issuer: ISSUER, audience: AUDIENCE, jwks_file: 'jwks.json', role_claim: 'role' },
    },
    jwks: { keys: [jwk] },
  });
  for (const ns of [['sales'], ['ops']]) await server.catalog.createNamespace(ns);
  await server.catalog.createTable('orders', sampleTable(50, 8), ['sales']);
  await server.catalog.createTable('runs', sampleTable(50, 8), ['ops']);
});
afterAll(async () => {
  await server.close();
});

function expectRefusal(reply: Awaited<ReturnType<typeof call>>, status: 401 | 403) {
  expect(reply.status).toBe(status);
  expect(reply.body.code).toBe(status === 401 ? 16 : 15);
  expect(reply.body.title).toBe(
    status === 401
      ? 'No valid authentication credentials for the operation'
      : 'Not authorized to make this request',
  );
  expect(reply.body.type).toBe(
    status === 401 ? '/errors/unauthorized-request' : '/errors/forbidden-request',
  );
  expect(reply.body).not.toHaveProperty('namespaces');
  expect(reply.body).not.toHaveProperty('tables');
}

describe('authentication', () => {
  it('refuses requests without credentials or with wrong ones', async () => {
    expectRefusal(await call(server, 'GET', '/v1/namespace/$/list'), 401);
    expectRefusal(await call(server, 'GET', '/v1/namespace/$/list', undefined, key('nope')), 401);
    expectRefusal(
      await call(server, 'GET', '/v1/namespace/$/list', undefined, bearer('nope')),
      401,
    );
    expectRefusal(
      await call(server, 'POST', '/v1/table/sales$orders/count_rows', {}, key('')),
      401,
    );
  });

  it('accepts plain and sha256-stored keys and static bearer tokens', async () => {
    expect(
      (await call(server, 'GET', '/v1/namespace/$/list', undefined, key('reader-key'))).status,
    ).toBe(200);
    expect(
      (await call(server, 'GET', '/v1/namespace/$/list', undefined, key('writer-key'))).status,
    ).toBe(200);
    expect(
      (await call(server, 'GET', '/v1/namespace/$/list', undefined, bearer('admin-token'))).status,
    ).toBe(200);
  });

  it('reads a body identity when no header carries credentials: api_key, auth_token, JWT', async () => {
    const count = await call(server, 'POST', '/v1/table/sales$orders/count_rows', {
      identity: { api_key: 'reader-key' },
    });
    expect(count.status).toBe(200);
    expect(count.body).toBe(50);
    const described = await call(server, 'POST', '/v1/namespace/sales/describe', {
      identity: { auth_token: 'admin-token' },
    });
    expect(described.status).toBe(200);
    const token = await jwt({ role: 'reader' });
    expect(
      (
        await call(server, 'POST', '/v1/table/ops$runs/count_rows', {
          identity: { auth_token: token },
        })
      ).status,
    ).toBe(200);
    // A reader's identity in the body grants a reader's rights, no more.
    expectRefusal(
      await call(server, 'POST', '/v1/namespace/ops/drop', { identity: { api_key: 'reader-key' } }),
      403,
    );
    expectRefusal(
      await call(server, 'POST', '/v1/table/sales$orders/count_rows', {
        identity: { api_key: 'wrong-key' },
      }),
      401,
    );
    expectRefusal(
      await call(server, 'POST', '/v1/table/sales$orders/count_rows', {
        identity: { auth_token: await jwt({ role: 'reader' }, { key: otherKey }) },
      }),
      401,
    );
    expectRefusal(await call(server, 'POST', '/v1/table/sales$orders/count_rows', {}), 401);
  });

  it('with a header, the header decides, whatever the body claims', async () => {
    expectRefusal(
      await call(
        server,
        'POST',
        '/v1/namespace/ops/drop',
        { identity: { api_key: 'admin-key' } },
        key('reader-key'),
      ),
      403,
    );
    expectRefusal(
      await call(
        server,
        'POST',
        '/v1/table/sales$orders/count_rows',
        { identity: { api_key: 'reader-key' } },
        key('wrong-key'),
      ),
      401,
    );
    expect(await server.catalog.namespaceExists(['ops'])).toBe(true);
  });

  it('verifies OIDC JWTs: signature, expiry, audience and role claim', async () => {
    const good = await jwt({ role: 'writer' });
    expect(
      (await call(server, 'POST', '/v1/table/sales$orders/count_rows', {}, bearer(good))).status,
    ).toBe(200);
    expectRefusal(await call(server, 'POST', '/v1/namespace/x/create', {}, bearer(good)), 403);
    expectRefusal(
      await call(
        server,
        'GET',
        '/v1/namespace/$/list',
        undefined,
        bearer(await jwt({ role: 'writer' }, { expires: '-1m' })),
      ),
      401,
    );
    expectRefusal(
      await call(
        server,
        'GET',
        '/v1/namespace/$/list',
        undefined,
        bearer(await jwt({ role: 'writer' }, { key: otherKey })),
      ),
      401,
    );
    expectRefusal(
      await call(
        server,
        'GET',
        '/v1/namespace/$/list',
        undefined,
        bearer(await jwt({ role: 'writer' }, { audience: 'other' })),
      ),
      401,
    );
    expectRefusal(
      await call(
        server,
        'GET',
        '/v1/namespace/$/list',
        undefined,
        bearer(await jwt({ role: 'superuser' })),
      ),
      403,
    );
    const tampered = good.slice(0, -4) + (good.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expectRefusal(
      await call(server, 'GET', '/v1/namespace/$/list', undefined, bearer(tampered)),
      401,
    );
  });
});

describe('roles', () => {
  it('lets a reader read but not change anything', async () => {
    const r = key('reader-key');
    expect((await call(server, 'POST', '/v1/table/sales$orders/describe', {}, r)).status).toBe(200);
    expect(
      (await call(server, 'POST', '/v1/table/sales$orders/query', { k: 3, vector: [] }, r)).status,
    ).toBe(200);
    expect((await call(server, 'POST', '/v1/table/sales$orders/index/list', {}, r)).status).toBe(
      200,
    );
    expectRefusal(
      await call(
        server,
        'POST',
        '/v1/table/sales$orders/create_index',
        { column: 'id', index_type: 'BTREE' },
        r,
      ),
      403,
    );
    const ipc = arrow.tableToIPC(sampleTable(2, 8), 'stream');
    expectRefusal(await call(server, 'POST', '/v1/table/sales$orders/insert', ipc, r), 403);
    expectRefusal(
      await call(server, 'POST', '/v1/table/sales$orders/delete', { predicate: 'id < 0' }, r),
      403,
    );
    expectRefusal(await call(server, 'POST', '/v1/namespace/new/create', {}, r), 403);
    expect(await server.catalog.namespaceExists(['new'])).toBe(false);
  });

  it('lets a writer change data and indexes but not drop tables or namespaces', async () => {
    const w = key('writer-key');
    const created = await call(
      server,
      'POST',
      '/v1/table/sales$orders/create_index',
      { column: 'id', index_type: 'BTREE' },
      w,
    );
    expect(created.status).toBe(200);
    await server.catalog.waitForJob(created.body.job_id);
    expectRefusal(await call(server, 'POST', '/v1/table/sales$orders/drop', undefined, w), 403);
    expectRefusal(
      await call(server, 'POST', '/v1/table/sales$orders/rename', { new_table_name: 'x' }, w),
      403,
    );
    expectRefusal(await call(server, 'POST', '/v1/namespace/ops/drop', {}, w), 403);
    expect(await server.catalog.tableExists('orders', ['sales'])).toBe(true);
  });
});

describe('namespace scopes', () => {
  const s = key('sales-key');

  it('shows a scoped principal only the way into its subtree', async () => {
    const listed = await call(server, 'GET', '/v1/namespace/$/list', undefined, s);
    expect(listed.status).toBe(200);
    expect(listed.body.namespaces).toEqual(['sales']);
    const all = await call(server, 'GET', '/v1/table', undefined, s);
    expect(all.body.tables).toEqual(['sales$orders']);
  });

  it('refuses anything outside the subtree, even for an admin role', async () => {
    expect((await call(server, 'POST', '/v1/table/sales$orders/count_rows', {}, s)).status).toBe(
      200,
    );
    expectRefusal(await call(server, 'POST', '/v1/table/ops$runs/count_rows', {}, s), 403);
    expectRefusal(await call(server, 'GET', '/v1/namespace/ops/table/list', undefined, s), 403);
    expectRefusal(
      await call(
        server,
        'POST',
        '/v1/table/sales$orders/rename',
        { new_table_name: 'o', new_namespace_id: ['ops'] },
        s,
      ),
      403,
    );
    expect(await server.catalog.tableExists('orders', ['sales'])).toBe(true);
    expect((await call(server, 'POST', '/v1/namespace/sales$eu/create', {}, s)).status).toBe(200);
  });
});

it('never writes a credential into the access log', () => {
  const text = JSON.stringify(server.log);
  expect(server.log.length).toBeGreaterThan(10);
  for (const secret of ['reader-key', 'writer-key', 'admin-key', 'admin-token', 'sales-key'])
    expect(text).not.toContain(secret);
  expect(server.log.some((line) => line.principal === 'reader')).toBe(true);
});
