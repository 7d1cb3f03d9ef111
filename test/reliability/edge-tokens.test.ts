/**
 * Tokens against `catalog-studio serve --auth`. Before: a validly signed JWT whose scope claim
 * was missing, null or a string got the whole catalog; a JWT without `exp` was accepted; the
 * access log named a JWT by its `sub`, which the token's holder chose; and principals could not
 * be bound to a `--database`. Each attack is sent as it would be, to a real process, and the
 * process's whole log is read afterwards.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../src-main/catalog';
import { reportFigures } from '../support/reliability-scale';
import { sampleTable } from '../support/sample-data';
import { startServerProcess, type ServerProcess } from '../support/server-process';

const ISSUER = 'https://issuer.edge.test';
const AUDIENCE = 'catalog-studio';
const A_KEY = 'edge-tokens-a-only-5c1d';

type Key = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let signing: Key;
let dir: string;
let scoped: ServerProcess;
let multi: ServerProcess;
const tally = { attempts: 0, refused: 0 };

async function jwt(claims: JWTPayload, { exp = true }: { exp?: boolean } = {}): Promise<string> {
  const token = new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt();
  if (exp) token.setExpirationTime('5m');
  return token.sign(signing);
}

async function call(
  server: ServerProcess,
  path: string,
  headers: Record<string, string>,
  method = 'POST',
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(method === 'POST' ? { body: '{}' } : {}),
  });
  const text = await response.text();
  tally.attempts += 1;
  if (response.status === 401 || response.status === 403) tally.refused += 1;
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

/** The principal of every access-log line the process wrote. */
function principalsIn(server: ServerProcess): string[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { principal?: string }).principal)
    .filter((name): name is string => name !== undefined);
}

async function seed(root: string, namespaces: string[]) {
  const catalog = await connect(root);
  for (const ns of namespaces) {
    await catalog.createNamespace([ns]);
    await catalog.createTable('t', sampleTable(5, 4), [ns]);
  }
  await catalog.close();
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cs-edge-tokens-'));
  const pair = await generateKeyPair('RS256');
  signing = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256' };
  writeFileSync(join(dir, 'jwks.json'), JSON.stringify({ keys: [jwk] }));
  await seed(join(dir, 'main'), ['sales', 'ops']);
  await seed(join(dir, 'a'), ['sales']);
  await seed(join(dir, 'b'), ['sales']);

  // The scope attacks run against an auth file that the previous version accepted too.
  mkdirSync(join(dir, 'scoped'));
  writeFileSync(
    join(dir, 'scoped', 'auth.json'),
    JSON.stringify({
      principals: [],
      oidc: {
        issuer: ISSUER,
        audience: AUDIENCE,
        jwks_file: '../jwks.json',
        role_claim: 'role',
        namespaces_claim: 'ns',
      },
    }),
  );
  scoped = await startServerProcess([
    '--root',
    join(dir, 'main'),
    '--auth',
    join(dir, 'scoped', 'auth.json'),
  ]);
});

afterAll(async () => {
  await scoped?.kill();
  await multi?.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe('scope claims fail closed', () => {
  const outside = '/v1/table/ops$t/count_rows';
  for (const [label, claim] of [
    ['missing', undefined],
    ['null', null],
    ['a string', 'sales'],
    ['an empty path (the root)', [[]]],
    ['an empty name', ['']],
    ['a number', 7],
  ] as Array<[string, unknown]>) {
    it(`a signed admin token whose scope claim is ${label} is 403 with a clear reason`, async () => {
      const token = await jwt({ role: 'admin', ...(claim === undefined ? {} : { ns: claim }) });
      const reply = await call(scoped, outside, { authorization: `Bearer ${token}` });
      expect(reply.status).toBe(403);
      expect(reply.body).toMatchObject({ code: 15, type: '/errors/forbidden-request' });
      expect(String(reply.body.detail)).toMatch(/ns claim/);
    });
  }

  it('a well-formed claim reaches its namespace and nothing else', async () => {
    const token = await jwt({ role: 'admin', ns: [['sales']] });
    expect(
      (await call(scoped, '/v1/table/sales$t/count_rows', { authorization: `Bearer ${token}` }))
        .status,
    ).toBe(200);
    expect((await call(scoped, outside, { authorization: `Bearer ${token}` })).status).toBe(403);
    const joined = await jwt({ role: 'admin', ns: ['sales'] });
    expect(
      (await call(scoped, '/v1/table/sales$t/count_rows', { authorization: `Bearer ${joined}` }))
        .status,
    ).toBe(200);
  });
});

describe('expiry', () => {
  it('a signed token without exp is refused (401) unless the auth file allows it', async () => {
    const token = await jwt({ role: 'admin', ns: [['sales']] }, { exp: false });
    const reply = await call(scoped, '/v1/table/sales$t/count_rows', {
      authorization: `Bearer ${token}`,
    });
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ code: 16 });
    expect(String(reply.body.detail)).toMatch(/exp is missing/);
  });
});

describe('databases', () => {
  // Its own server: the previous version refused these auth file fields outright.
  beforeAll(async () => {
    mkdirSync(join(dir, 'multi'));
    writeFileSync(
      join(dir, 'multi', 'auth.json'),
      JSON.stringify({
        principals: [{ name: 'a-only', api_keys: [A_KEY], role: 'admin', databases: ['a'] }],
        oidc: {
          issuer: ISSUER,
          audience: AUDIENCE,
          jwks_file: '../jwks.json',
          name: 'sso',
          databases: ['b'],
        },
      }),
    );
    multi = await startServerProcess([
      '--database',
      `a=${join(dir, 'a')}`,
      '--database',
      `b=${join(dir, 'b')}`,
      '--auth',
      join(dir, 'multi', 'auth.json'),
    ]);
  });

  it('a key limited to database a is refused on b, and served on a', async () => {
    const on = (db: string) =>
      call(multi, '/v1/table/sales$t/count_rows', { 'x-api-key': A_KEY, 'x-lancedb-database': db });
    expect((await on('a')).status).toBe(200);
    const refused = await on('b');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 15 });
    expect(String(refused.body.detail)).toMatch(/database "b"/);
  });

  it('tokens limited to database b (oidc.databases) are refused on a', async () => {
    const token = await jwt({ role: 'admin' });
    const on = (db: string) =>
      call(multi, '/v1/table/sales$t/count_rows', {
        authorization: `Bearer ${token}`,
        'x-lancedb-database': db,
      });
    expect((await on('b')).status).toBe(200);
    expect((await on('a')).status).toBe(403);
  });

  it('logs each by its configured name (oidc.name for tokens)', async () => {
    const token = await jwt({ role: 'admin', sub: 'chosen-by-the-holder' });
    await call(multi, '/v1/table/sales$t/count_rows', {
      authorization: `Bearer ${token}`,
      'x-lancedb-database': 'b',
    });
    await multi.kill('SIGTERM');
    expect(new Set(principalsIn(multi))).toEqual(new Set(['a-only', 'sso']));
    expect(multi.output()).not.toContain('chosen-by-the-holder');
  });
});

describe('the access log', () => {
  it("names a token's principal as configured, never by a claim the token carries", async () => {
    const chosen = 'root-admin-by-claim';
    const token = await jwt({ role: 'admin', sub: chosen, name: chosen, ns: [['sales']] });
    await call(scoped, '/v1/table/sales$t/count_rows', { authorization: `Bearer ${token}` });
    await scoped.kill('SIGTERM');
    const logged = new Set(principalsIn(scoped));
    reportFigures('edge-tokens', { ...tally, principalsLogged: [...logged].join('|') });
    expect([...logged]).toEqual(['oidc']);
    expect(scoped.output()).not.toContain(chosen);
  });
});
