/**
 * Bad-input fuzzing of every route: generated requests with malformed and oversized JSON, wrong
 * types, broken identifiers, unbalanced column paths, absurd index parameters and truncated or
 * corrupt Arrow streams. Every answer must be a 4xx with the error body (never a 5xx or a hang),
 * the server must stay up, and the catalog on disk must be unchanged.
 *
 * FUZZ_REQUESTS sets the count; by default 1,500 in CI and 10,000 under RELIABILITY_FULL=1.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrow } from '../../src-main/catalog/arrow';
import { sampleTable } from '../support/sample-data';
import { startCatalogServer, type RunningServer } from '../support/catalog-server';
import { buildServer } from '../../src-main/server/build-server';
import { reportFigures, scaled } from '../support/reliability-scale';
import { registeredRoutes } from '../../src-main/server/route-table';

const COUNT = Number(process.env.FUZZ_REQUESTS ?? scaled(1500, 10_000));

/**
 * Every route the server registers, from its own route table (so a new route is fuzzed without
 * being listed here), as `[method, template]` with `{id}` and `{name}` placeholders. HEAD routes
 * share their GET twin's handler and are left out.
 */
function registeredTemplates(): Array<[string, string]> {
  const app = buildServer({ databases: new Map() });
  return registeredRoutes(app)
    .filter((r) => r.method !== 'HEAD')
    .map((r): [string, string] => [
      r.method,
      r.url.replace(':table_name', '{id}').replace(':id', '{id}').replace(':name', '{name}'),
    ]);
}

const ALL_ROUTES = registeredTemplates();
/** Routes that take an identifier: a bad one alone must get them refused. */
const ROUTES = ALL_ROUTES.filter(([, template]) => template.includes('{id}'));
/** Routes without one (jobs, catalog listings): only their POST forms have a body to break. */
const ID_LESS_POSTS = ALL_ROUTES.filter(
  ([method, template]) => method === 'POST' && !template.includes('{id}'),
);

/** Identifiers that are invalid: the request must fail on the id alone. */
const BAD_IDS = [
  '',
  '$$',
  'a$$b',
  '$a',
  'a$',
  '..',
  '%2E%2E',
  'a%2Fb',
  '%C3%A9',
  'x%00y',
  'a%20b',
  'x'.repeat(3000),
  '%ZZ',
  'ns$t$',
];
/** Identifiers of real objects, combined only with invalid bodies. */
const GOOD_IDS = ['ns', 'ns$t', '%24'];

const valid = arrow.tableToIPC(sampleTable(20, 8), 'stream');
const BAD_BODIES: Array<{ body: string | Uint8Array; type: string }> = [
  { body: '{', type: 'application/json' },
  { body: '[]', type: 'application/json' },
  { body: '"text"', type: 'application/json' },
  { body: '12345', type: 'application/json' },
  { body: '{"id":["elsewhere"]}', type: 'application/json' },
  { body: JSON.stringify({ id: ['a', 'b', 'c', 'd'] }), type: 'application/json' },
  { body: `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`, type: 'application/json' },
  { body: JSON.stringify({ column: 5, index_type: [], id: ['x'] }), type: 'application/json' },
  {
    body: JSON.stringify({ column: '`vector', index_type: 'IVF_PQ', id: ['x'] }),
    type: 'application/json',
  },
  { body: JSON.stringify({ new_table_name: 7, id: ['x'] }), type: 'application/json' },
  { body: JSON.stringify({ version: -3, id: ['x'] }), type: 'application/json' },
  { body: JSON.stringify({ predicate: 12, id: ['x'] }), type: 'application/json' },
  { body: JSON.stringify({ job_id: 42 }), type: 'application/json' },
  { body: JSON.stringify({ name: '..', id: ['x'] }), type: 'application/json' },
  { body: valid.slice(0, valid.length / 3), type: 'application/vnd.apache.arrow.stream' },
  {
    body: new Uint8Array([255, 255, 255, 255, 9, 0, 0, 0, 1, 2, 3]),
    type: 'application/vnd.apache.arrow.stream',
  },
  { body: 'x'.repeat(3 * 1024 * 1024), type: 'application/json' },
];

/**
 * Bodies that every route refuses, whatever the id: not an object, not JSON, an `id` that
 * contradicts the path, not a valid Arrow stream, or over the size limit. (Unknown fields alone
 * are accepted, as the contract asks, so they are not in this set.)
 */
const ALWAYS_REFUSED = new Set(
  BAD_BODIES.filter((b) => {
    if (typeof b.body !== 'string') return true;
    if (b.body.length > 1024 * 1024) return true;
    try {
      const value = JSON.parse(b.body) as unknown;
      return !value || typeof value !== 'object' || Array.isArray(value) || 'id' in value;
    } catch {
      return true;
    }
  }),
);

function hasId(body: { body: string | Uint8Array }): boolean {
  if (typeof body.body !== 'string' || body.body.length > 1024 * 1024) return false;
  try {
    const value = JSON.parse(body.body) as unknown;
    return !!value && typeof value === 'object' && 'id' in value;
  } catch {
    return false;
  }
}

/** Index requests on the real table whose parameters make them invalid. */
const ABSURD_INDEXES = [
  { column: 'vector', index_type: 'IVF_PQ', num_partitions: 1e12 },
  { column: 'vector', index_type: 'IVF_PQ', num_sub_vectors: -1 },
  { column: 'vector', index_type: 'IVF_PQ', num_sub_vectors: 3 },
  { column: 'vector', index_type: 'IVF_PQ', distance_type: 'manhattan' },
  { column: 'vector', index_type: 'IVF_HNSW_SQ', m: 1e9 },
  { column: 'text', index_type: 'FTS', max_token_length: -1 },
  { column: 'text', index_type: 'FTS', base_tokenizer: '../../etc' },
  { column: 'meta.`a.b', index_type: 'BTREE' },
  { column: 'meta.``', index_type: 'BTREE' },
  { column: 'nope.nope', index_type: 'BTREE' },
  { column: 'id', index_type: 'NOT_A_TYPE' },
  { column: 'id', index_type: 'BTREE', sample_rate: 'lots' },
];

let server: RunningServer;
let before: string;

async function snapshot(): Promise<string> {
  const c = server.catalog;
  const ns = await c.listNamespaces([]);
  const tables = await c.listTables(['ns']);
  const t = await c.openTable('t', ['ns']);
  const d = await t.describe();
  return JSON.stringify({
    ns,
    tables,
    rows: d.rowCount,
    version: d.version,
    indexes: (await t.listIndices()).map((i) => i.name),
  });
}

beforeAll(async () => {
  server = await startCatalogServer({ bodyLimit: 2 * 1024 * 1024 });
  await server.catalog.createNamespace(['ns']);
  const t = await server.catalog.createTable('t', sampleTable(300, 8), ['ns']);
  await server.catalog.waitForJob((await t.createIndex({ column: 'id', index_type: 'BTREE' })).id);
  before = await snapshot();
});
afterAll(async () => {
  await server.close();
});

describe(`fuzzing every route with ${COUNT} bad requests`, () => {
  it('answers each with a 4xx and the error body, stays up, and changes nothing', async () => {
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const request = fc.oneof(
      fc.record({
        route: fc.constantFrom(...ROUTES),
        id: fc.constantFrom(...BAD_IDS),
        body: fc.constantFrom(...BAD_BODIES, { body: '{}', type: 'application/json' }),
        delimiter: fc.constantFrom(undefined, '', '.', '%', '$$$$$$$$$$$$$$$$$$$$$$'),
      }),

      fc.record({
        // Real objects: only POST routes, and only bodies that no route accepts.
        route: fc.constantFrom(...ROUTES.filter(([method]) => method === 'POST')),
        id: fc.constantFrom(...GOOD_IDS),
        body: fc.constantFrom(...BAD_BODIES.filter((b) => ALWAYS_REFUSED.has(b))),
        delimiter: fc.constant(undefined),
      }),
      fc.record({
        // No id to contradict, so only bodies that are not a JSON object at all.
        route: fc.constantFrom(...ID_LESS_POSTS),
        id: fc.constant(''),
        body: fc.constantFrom(...BAD_BODIES.filter((b) => ALWAYS_REFUSED.has(b) && !hasId(b))),
        delimiter: fc.constant(undefined),
      }),
      fc.record({
        route: fc.constant<[string, string]>(['POST', '/v1/table/{id}/create_index']),
        id: fc.constant('ns$t'),
        body: fc
          .constantFrom(...ABSURD_INDEXES)
          .map((b) => ({ body: JSON.stringify(b), type: 'application/json' })),
        delimiter: fc.constant(undefined),
      }),
    );
    const samples = fc.sample(request, { numRuns: COUNT, seed: 20261122 });
    for (const { route, id, body, delimiter } of samples) {
      const [method, template] = route;
      const path = template.replace('{id}', () => id).replace('{name}', 'id_idx');
      const url = `${server.url}${path}${delimiter === undefined ? '' : `?delimiter=${delimiter}`}`;
      const init: RequestInit = { method, signal: AbortSignal.timeout(15_000) };
      if (method === 'POST') {
        init.body = body.body;
        init.headers = { 'content-type': body.type };
      }
      let status: number;
      let text: string;
      try {
        const response = await fetch(url, init);
        status = response.status;
        text = await response.text();
      } catch (error) {
        failures.push(`${method} ${path.slice(0, 80)}: no answer (${String(error)})`);
        continue;
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status < 400 || status >= 500) {
        failures.push(
          `${method} ${path.slice(0, 80)} ${typeof body.body === 'string' ? body.body.slice(0, 60) : '<bytes>'} → ${status} ${text.slice(0, 120)}`,
        );
        continue;
      }
      const parsed = JSON.parse(text) as Record<string, unknown>;
      for (const field of ['type', 'title', 'status', 'detail', 'instance', 'code', 'error']) {
        if (!(field in parsed))
          failures.push(`${method} ${path.slice(0, 80)} → ${status} lacks ${field}`);
      }
    }
    const count = (test: (status: number) => boolean) =>
      [...statuses].filter(([s]) => test(s)).reduce((sum, [, n]) => sum + n, 0);
    reportFigures('fuzz', {
      routes: ALL_ROUTES.length,
      requests: samples.length,
      answered4xx: count((s) => s >= 400 && s < 500),
      answered5xx: count((s) => s >= 500),
      other: count((s) => s < 400),
      failures: failures.length,
    });
    expect(failures.slice(0, 20)).toEqual([]);
    expect([...statuses.keys()].every((s) => s >= 400 && s < 500)).toBe(true);
    // Still up, and nothing on disk changed.
    expect((await fetch(`${server.url}/v1/namespace/%24/list`)).status).toBe(200);
    expect(await snapshot()).toBe(before);
  }, 600_000);
});
