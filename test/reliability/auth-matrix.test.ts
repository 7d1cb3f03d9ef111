/**
 * The auth matrix: every route the server registers (read from its own route table, so a new
 * route without a sample request here fails the test) is called, on the real `serve` process,
 * with no credentials, a wrong key, an expired JWT, a badly signed JWT, and each role inside and
 * outside its namespace scope. Refusals must be 401 or 403 with the error body and no data;
 * authorised calls must not be refused. Afterwards the process's whole log output is searched
 * for every secret.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrow } from '../../src-main/catalog/arrow';
import { connect } from '../../src-main/catalog';
import { buildServer } from '../../src-main/server/build-server';
import { registeredRoutes, type RegisteredRoute } from '../../src-main/server/route-table';
import type { Access } from '../../src-main/server/auth/authorize';
import { sampleTable } from '../support/sample-data';
import { reportFigures } from '../support/reliability-scale';
import { startServerProcess, type ServerProcess } from '../support/server-process';

const ISSUER = 'https://issuer.matrix.test';
const AUDIENCE = 'catalog-studio';
const secret = () => randomBytes(16).toString('hex');

/** Where a call points: inside the scoped principals' subtree, or outside it. */
interface Place {
  ns: string;
  table: string;
  jobId: string;
  /** A table name that appears in answers about this place, and nowhere else. */
  marker: string;
}

interface Sample {
  path: string;
  body?: unknown;
}

const ipc = () => arrow.tableToIPC(sampleTable(2, 8, { idOffset: 10_000 }), 'stream');
let fresh = 0;
const unique = (stem: string) => `${stem}_${(fresh += 1)}`;

/**
 * A valid request for each route, aimed at a place. Changes aim at names that do not exist (drop,
 * rename, deregister…), so the matrix can run in any order; the answer then is a 404, which is
 * still "not refused".
 */
const SAMPLES: Record<string, (at: Place) => Sample> = {
  'POST /v1/namespace/:id/create': (at) => ({
    path: `/v1/namespace/${at.ns}$${unique('n')}/create`,
    body: {},
  }),
  'GET /v1/namespace/:id/list': (at) => ({ path: `/v1/namespace/${at.ns}/list` }),
  'POST /v1/namespace/:id/describe': (at) => ({
    path: `/v1/namespace/${at.ns}/describe`,
    body: {},
  }),
  'POST /v1/namespace/:id/exists': (at) => ({ path: `/v1/namespace/${at.ns}/exists`, body: {} }),
  'POST /v1/namespace/:id/drop': (at) => ({
    path: `/v1/namespace/${at.ns}$missing/drop`,
    body: {},
  }),
  'GET /v1/namespace/:id/table/list': (at) => ({ path: `/v1/namespace/${at.ns}/table/list` }),
  'GET /v1/table': () => ({ path: '/v1/table' }),
  'GET /v1/tables': () => ({ path: '/v1/tables' }),
  'POST /v1/tables/:table_name': () => ({ path: `/v1/tables/${unique('root')}`, body: ipc() }),
  'POST /v1/table/:id/create': (at) => ({
    path: `/v1/table/${at.ns}$${unique('t')}/create`,
    body: ipc(),
  }),
  'POST /v1/table/:id/describe': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/describe`,
    body: {},
  }),
  'POST /v1/table/:id/declare': (at) => ({
    path: `/v1/table/${at.ns}$${unique('d')}/declare`,
    body: {},
  }),
  'POST /v1/table/:id/create-empty': (at) => ({
    path: `/v1/table/${at.ns}$${unique('e')}/create-empty`,
    body: {},
  }),
  'POST /v1/table/:id/create_empty': (at) => ({
    path: `/v1/table/${at.ns}$${unique('e')}/create_empty`,
    body: {},
  }),
  'POST /v1/table/:id/register': (at) => ({
    path: `/v1/table/${at.ns}$${unique('r')}/register`,
    body: { location: 'nowhere' },
  }),
  'POST /v1/table/:id/deregister': (at) => ({
    path: `/v1/table/${at.ns}$missing/deregister`,
    body: {},
  }),
  'POST /v1/table/:id/exists': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/exists`,
    body: {},
  }),
  'POST /v1/table/:id/drop': (at) => ({ path: `/v1/table/${at.ns}$missing/drop`, body: {} }),
  'POST /v1/table/:id/rename': (at) => ({
    path: `/v1/table/${at.ns}$missing/rename`,
    body: { new_table_name: 'elsewhere' },
  }),
  'POST /v1/table/:id/restore': (at) => ({
    path: `/v1/table/${at.ns}$missing/restore`,
    body: { version: 1 },
  }),
  'GET /v1/table/:id/stats': (at) => ({ path: `/v1/table/${at.ns}$${at.table}/stats` }),
  'POST /v1/table/:id/stats': (at) => ({ path: `/v1/table/${at.ns}$${at.table}/stats`, body: {} }),
  'POST /v1/table/:id/compact': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/compact`,
    body: {},
  }),
  'POST /v1/table/:id/fragments': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/fragments`,
    body: {},
  }),
  // A cutoff of 0 removes no version: the matrix checks access, not what cleanup leaves.
  'POST /v1/table/:id/cleanup': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/cleanup`,
    body: { older_than_millis: 0 },
  }),
  'GET /v1/table/:id/count_rows': (at) => ({ path: `/v1/table/${at.ns}$${at.table}/count_rows` }),
  'POST /v1/table/:id/count_rows': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/count_rows`,
    body: {},
  }),
  'POST /v1/table/:id/insert': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/insert`,
    body: ipc(),
  }),
  'POST /v1/table/:id/merge_insert': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/merge_insert?on=id&when_matched_update_all=true`,
    body: ipc(),
  }),
  'POST /v1/table/:id/update': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/update`,
    body: { updates: [['category', "'z'"]], predicate: 'id < 0' },
  }),
  'POST /v1/table/:id/delete': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/delete`,
    body: { predicate: 'id < 0' },
  }),
  'POST /v1/table/:id/query': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/query`,
    body: { k: 2, columns: ['id'] },
  }),
  'POST /v1/table/:id/explain_plan': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/explain_plan`,
    body: { query: { k: 2 } },
  }),
  'POST /v1/table/:id/analyze_plan': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/analyze_plan`,
    body: { k: 2 },
  }),
  'POST /v1/table/:id/create_index': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/create_index`,
    body: { column: 'category', index_type: 'BITMAP', name: unique('i') },
  }),
  'POST /v1/table/:id/create_scalar_index': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/create_scalar_index`,
    body: { column: 'category', index_type: 'BTREE', name: unique('s') },
  }),
  'POST /v1/table/:id/index/list': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/index/list`,
    body: {},
  }),
  'GET /v1/table/:id/index/:name/stats': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/index/id_idx/stats`,
  }),
  'POST /v1/table/:id/index/:name/stats': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/index/id_idx/stats`,
    body: {},
  }),
  'POST /v1/table/:id/index/:name/drop': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/index/missing/drop`,
    body: {},
  }),
  'GET /v1/table/:id/version/list': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/version/list`,
  }),
  'POST /v1/table/:id/version/list': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/version/list`,
    body: {},
  }),
  'GET /v1/table/:id/tags/list': (at) => ({ path: `/v1/table/${at.ns}$${at.table}/tags/list` }),
  'POST /v1/table/:id/tags/list': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/tags/list`,
    body: {},
  }),
  'POST /v1/table/:id/tags/version': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/tags/version`,
    body: { tag: 'missing' },
  }),
  'POST /v1/table/:id/add_columns': (at) => ({
    path: `/v1/table/${at.ns}$missing/add_columns`,
    body: { new_columns: [{ name: 'c', expression: '1' }] },
  }),
  'POST /v1/table/:id/alter_columns': (at) => ({
    path: `/v1/table/${at.ns}$missing/alter_columns`,
    body: { alterations: [{ path: 'id', rename: 'c' }] },
  }),
  'POST /v1/table/:id/drop_columns': (at) => ({
    path: `/v1/table/${at.ns}$missing/drop_columns`,
    body: { columns: ['id'] },
  }),
  'POST /v1/table/:id/schema_metadata/update': (at) => ({
    path: `/v1/table/${at.ns}$missing/schema_metadata/update`,
    body: { comment: 'x' },
  }),
  'POST /v1/table/:id/version/describe': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/version/describe`,
    body: {},
  }),
  'POST /v1/table/:id/version/create': (at) => ({
    path: `/v1/table/${at.ns}$missing/version/create`,
    body: { version: 1, manifest_path: 'staged.manifest' },
  }),
  'POST /v1/table/:id/version/delete': (at) => ({
    path: `/v1/table/${at.ns}$missing/version/delete`,
    body: { ranges: [] },
  }),
  'POST /v1/transaction/:id/describe': (at) => ({
    path: `/v1/transaction/${at.ns}$${at.table}$1/describe`,
    body: {},
  }),
  'POST /v1/transaction/:id/alter': (at) => ({
    path: `/v1/transaction/${at.ns}$${at.table}$1/alter`,
    body: { actions: [{ setStatusAction: { status: 'ABORTED' } }] },
  }),
  'POST /v1/table/:id/tags/create': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/tags/create`,
    body: { tag: unique('tag'), version: 1 },
  }),
  'POST /v1/table/:id/tags/update': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/tags/update`,
    body: { tag: 'missing', version: 1 },
  }),
  'POST /v1/table/:id/tags/delete': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/tags/delete`,
    body: { tag: 'missing' },
  }),
  'POST /v1/table/:id/branches/list': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/branches/list`,
    body: {},
  }),
  'POST /v1/table/:id/branches/create': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/branches/create`,
    body: { name: unique('b') },
  }),
  'POST /v1/table/:id/branches/delete': (at) => ({
    path: `/v1/table/${at.ns}$${at.table}/branches/delete`,
    body: { name: 'missing' },
  }),
  'GET /v1/jobs/list': () => ({ path: '/v1/jobs/list' }),
  'POST /v1/jobs/list': () => ({ path: '/v1/jobs/list', body: {} }),
  'POST /v1/jobs/describe': (at) => ({ path: '/v1/jobs/describe', body: { job_id: at.jobId } }),
  'POST /v1/jobs/cancel': (at) => ({ path: '/v1/jobs/cancel', body: { job_id: at.jobId } }),
  'GET /v1/whoami': () => ({ path: '/v1/whoami' }),
  // Principals and the audit trail: changes aim at principals and keys that do not exist (400).
  'GET /v1/access/principals/list': () => ({ path: '/v1/access/principals/list' }),
  'POST /v1/access/principals/list': () => ({ path: '/v1/access/principals/list', body: {} }),
  'POST /v1/access/principals/create': () => ({
    path: '/v1/access/principals/create',
    body: { name: unique('p'), role: 'reader' },
  }),
  'POST /v1/access/principals/update': () => ({
    path: '/v1/access/principals/update',
    body: { name: 'missing', role: 'reader' },
  }),
  'POST /v1/access/principals/revoke': () => ({
    path: '/v1/access/principals/revoke',
    body: { name: 'missing' },
  }),
  'POST /v1/access/keys/create': () => ({
    path: '/v1/access/keys/create',
    body: { principal: 'missing' },
  }),
  'POST /v1/access/keys/revoke': () => ({
    path: '/v1/access/keys/revoke',
    body: { key_id: 'k_0000000000000000' },
  }),
  'GET /v1/audit/list': () => ({ path: '/v1/audit/list?action=dropTable' }),
  'POST /v1/audit/list': () => ({ path: '/v1/audit/list', body: { action: 'dropTable' } }),
};

/** HEAD routes are Fastify's automatic twins of GET routes: same handler, no body. */
function sampleFor(route: RegisteredRoute): ((at: Place) => Sample) | undefined {
  const method = route.method === 'HEAD' ? 'GET' : route.method;
  return SAMPLES[`${method} ${route.url}`];
}

type Role = 'reader' | 'writer' | 'admin';
const RANK: Record<Role, number> = { reader: 0, writer: 1, admin: 2 };
const NEEDED: Record<Access, number> = { read: 0, write: 1, admin: 2 };

interface Caller {
  label: string;
  headers: Record<string, string>;
  role?: Role;
  scoped?: boolean;
}

type Expectation = 401 | 403 | 'allowed' | 'hidden';

function expectationFor(route: RegisteredRoute, caller: Caller, outside: boolean): Expectation {
  if (!caller.role) return 401;
  if (RANK[caller.role] < NEEDED[route.access!]) return 403;
  if (!caller.scoped) return 'allowed';
  // Managing principals needs an admin of the whole catalog: a scoped one could mint wider keys.
  if (route.url.startsWith('/v1/access/') || route.url.startsWith('/v1/audit/')) return 403;
  // Root tables lie outside every scope, and a registered location can name any folder of the
  // catalog, so only unscoped principals may create root tables or register.
  if (route.url === '/v1/tables/:table_name' || route.url === '/v1/table/:id/register') return 403;
  if (route.target === 'catalog') return outside ? 'hidden' : 'allowed';
  return outside ? 403 : 'allowed';
}

let root: string;
let authDir: string;
let server: ServerProcess;
let routes: readonly RegisteredRoute[];
const secrets: string[] = [];
let callers: Caller[];
let inside: Place;
let outside: Place;

beforeAll(async () => {
  // The route table comes from the server the `serve` command builds, registered in full.
  const probe = buildServer({ databases: new Map() });
  await probe.ready();
  routes = registeredRoutes(probe);
  await probe.close();

  root = mkdtempSync(join(tmpdir(), 'cs-matrix-'));
  authDir = mkdtempSync(join(tmpdir(), 'cs-matrix-auth-'));
  const seed = await connect(root);
  await seed.createNamespace(['sales']);
  await seed.createNamespace(['ops']);
  const orders = await seed.createTable('orders', sampleTable(30, 8), ['sales']);
  const runs = await seed.createTable('runs', sampleTable(30, 8), ['ops']);
  await seed.waitForJob((await orders.createIndex({ column: 'id', index_type: 'BTREE' })).id);
  await seed.waitForJob((await runs.createIndex({ column: 'id', index_type: 'BTREE' })).id);
  await seed.close();

  const pair = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256' };
  writeFileSync(join(authDir, 'jwks.json'), JSON.stringify({ keys: [jwk] }));
  const keys = Object.fromEntries(
    ['reader', 'writer', 'admin', 'sreader', 'swriter', 'sadmin'].map((n) => [n, secret()]),
  );
  const staticToken = secret();
  const principals = (['reader', 'writer', 'admin'] as const).flatMap((role) => [
    { name: role, api_keys: [keys[role]!], role },
    { name: `scoped-${role}`, api_keys: [keys[`s${role}`]!], role, namespaces: [['sales']] },
  ]);
  principals.push({
    name: 'token',
    api_keys: [],
    bearer_tokens: [staticToken],
    role: 'admin',
  } as never);
  writeFileSync(
    join(authDir, 'auth.json'),
    JSON.stringify({
      principals,
      oidc: { issuer: ISSUER, audience: AUDIENCE, jwks_file: 'jwks.json', role_claim: 'role' },
    }),
  );
  const jwt = (expires: string, key = pair.privateKey) =>
    new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject('matrix')
      .setIssuedAt()
      .setExpirationTime(expires)
      .sign(key);
  const expired = await jwt('-1m');
  const badlySigned = await jwt('5m', stranger.privateKey);
  const goodJwt = await jwt('5m');
  secrets.push(
    ...Object.values(keys),
    staticToken,
    expired,
    badlySigned,
    goodJwt,
    'wrong-key-0123456789',
  );

  callers = [
    { label: 'no credentials', headers: {} },
    { label: 'wrong key', headers: { 'x-api-key': 'wrong-key-0123456789' } },
    { label: 'expired JWT', headers: { authorization: `Bearer ${expired}` } },
    { label: 'badly signed JWT', headers: { authorization: `Bearer ${badlySigned}` } },
    ...(['reader', 'writer', 'admin'] as const).flatMap((role) => [
      { label: role, headers: { 'x-api-key': keys[role]! }, role },
      { label: `scoped ${role}`, headers: { 'x-api-key': keys[`s${role}`]! }, role, scoped: true },
    ]),
    { label: 'admin JWT', headers: { authorization: `Bearer ${goodJwt}` }, role: 'admin' },
    {
      label: 'static bearer token',
      headers: { authorization: `Bearer ${staticToken}` },
      role: 'admin',
    },
  ];

  server = await startServerProcess(['--root', root, '--auth', join(authDir, 'auth.json')]);
  const admin = { 'x-api-key': keys.admin!, 'content-type': 'application/json' };
  const jobs = (await (await fetch(`${server.url}/v1/jobs/list`, { headers: admin })).json()) as {
    jobs: Array<{ job_id: string; table: string }>;
  };
  const jobOf = (table: string) => jobs.jobs.find((j) => j.table === table)?.job_id ?? 'none';
  inside = { ns: 'sales', table: 'orders', jobId: jobOf('sales$orders'), marker: 'orders' };
  outside = { ns: 'ops', table: 'runs', jobId: jobOf('ops$runs'), marker: 'runs' };
});

afterAll(async () => {
  await server?.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
  rmSync(authDir, { recursive: true, force: true });
});

async function send(route: RegisteredRoute, sample: Sample, headers: Record<string, string>) {
  const init: RequestInit = { method: route.method, headers: { ...headers } };
  if (route.method === 'POST' && sample.body !== undefined) {
    const bytes = sample.body instanceof Uint8Array;
    init.body = bytes ? (sample.body as Uint8Array) : JSON.stringify(sample.body);
    (init.headers as Record<string, string>)['content-type'] = bytes
      ? 'application/vnd.apache.arrow.stream'
      : 'application/json';
  }
  const response = await fetch(`${server.url}${sample.path}`, init);
  return { status: response.status, text: await response.text() };
}

describe('auth matrix over every registered route', () => {
  it('has a sample request and an access level for every route', () => {
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes
      .filter((r) => !r.access || !sampleFor(r))
      .map((r) => `${r.method} ${r.url}`);
    expect(missing, 'routes without an access level or a sample request here').toEqual([]);
  });

  it('refuses with 401/403 and the error body, never data, and lets authorised callers through', async () => {
    const failures: string[] = [];
    const tally = { cases: 0, refused401: 0, refused403: 0, hidden: 0, allowed: 0 };
    for (const route of routes) {
      const sampler = sampleFor(route)!;
      for (const caller of callers) {
        for (const place of caller.scoped ? [inside, outside] : [inside]) {
          const isOutside = place === outside;
          const expected = expectationFor(route, caller, isOutside);
          const sample = sampler(place);
          const { status, text } = await send(route, sample, caller.headers);
          tally.cases += 1;
          const where = `${caller.label} ${isOutside ? 'outside' : 'inside'} ${route.method} ${sample.path}`;
          if (expected === 401 || expected === 403) {
            if (status !== expected)
              failures.push(`${where}: ${status}, expected ${expected} ${text.slice(0, 100)}`);
            else if (route.method !== 'HEAD') {
              const body = JSON.parse(text) as Record<string, unknown>;
              if (body.code !== (expected === 401 ? 16 : 15))
                failures.push(`${where}: code ${String(body.code)}`);
              for (const field of ['type', 'title', 'status', 'detail', 'instance', 'error'])
                if (!(field in body)) failures.push(`${where}: no ${field}`);
              // `instance` echoes the request's own path; everything else must carry no data.
              const { instance: _path, ...rest } = body;
              const shown = JSON.stringify(rest);
              for (const data of [inside.marker, outside.marker, inside.jobId, outside.jobId])
                if (shown.includes(data)) failures.push(`${where}: refusal mentions ${data}`);
            }
            tally[expected === 401 ? 'refused401' : 'refused403'] += 1;
          } else if (status === 401 || status === 403 || status >= 500) {
            failures.push(`${where}: ${status}, expected to be let through ${text.slice(0, 100)}`);
          } else if (expected === 'hidden') {
            // Hidden means listed without it, or "not found" (which may echo the id it was asked).
            const notFound = status === 404 && (JSON.parse(text) as { code?: number }).code === 10;
            if (text.includes(outside.marker) || (!notFound && text.includes(outside.jobId)))
              failures.push(`${where}: ${status} shows data outside the scope`);
            tally.hidden += 1;
          } else tally.allowed += 1;
        }
      }
    }
    expect(failures.slice(0, 30)).toEqual([]);
    expect(tally.refused401).toBeGreaterThan(0);
    expect(tally.refused403).toBeGreaterThan(0);
    expect(tally.allowed).toBeGreaterThan(0);
    reportFigures('auth-matrix', { routes: routes.length, ...tally });
  }, 300_000);

  it('never writes a secret to the log', async () => {
    await server.kill('SIGTERM');
    const log = server.output();
    // The log is there and names principals, so the search below searched something.
    expect(log).toContain('"principal":"scoped-writer"');
    const leaked = secrets.filter((s) => log.includes(s));
    expect(leaked).toEqual([]);
    reportFigures('auth-log', {
      logBytes: log.length,
      secretsSearched: secrets.length,
      leaked: leaked.length,
    });
  });
});
