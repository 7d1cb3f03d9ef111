/**
 * The request budget on an object store (`npm run bench:s3`): how many requests each call makes to
 * the store, and what it costs in time when each request takes 20 ms more, for plain LanceDB (a
 * strongly consistent namespace connection, `readConsistencyInterval: 0`, with a held table
 * handle), the engine in-process (each call opening the table through the engine's cache, as the
 * server does for every request) and the server over HTTP on loopback.
 *
 * The bench starts its own S3 store (Ceph's RADOS Gateway, test/support/s3-store/ceph-s3.sh) and a
 * counting proxy in front of it (test/support/s3-counting-proxy.ts); every side talks to the store
 * through the proxy. Counts are taken after a warm-up, three times per call (they repeat exactly;
 * a spread is printed if not). Latencies are medians of interleaved rounds, the order of the three
 * sides rotating each round. Nothing fails on wall time.
 *
 * Settings: BENCH_S3_ROWS (2000), BENCH_DIM (128), BENCH_S3_TABLES (50, the wide namespace),
 * BENCH_S3_ROUNDS (21), BENCH_S3_DELAY_MS (20), BENCH_S3_VERBOSE=1 to print every request line.
 */
import { readFileSync } from 'node:fs';
import * as lancedb from '@lancedb/lancedb';
import { arrow } from '../../src-main/catalog/arrow';
import { connect, type CatalogClient } from '../../src-main/catalog';
import { buildServer } from '../../src-main/server/build-server';
import {
  countRequests,
  formatCounts,
  formatRequests,
  startCountingProxy,
  type CountingS3Proxy,
  type StoreRequest,
} from '../support/s3-counting-proxy';
import { createBucket, s3StoreMissingTools, startS3Store } from '../support/s3-store-process';
import { median } from './timing';
import { vectorTable } from './vector-data';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ROWS = env('BENCH_S3_ROWS', 2000);
const DIM = env('BENCH_DIM', 128);
const WIDE = env('BENCH_S3_TABLES', 50);
const ROUNDS = env('BENCH_S3_ROUNDS', 21);
const DELAY_MS = env('BENCH_S3_DELAY_MS', 20);
const VERBOSE = process.env.BENCH_S3_VERBOSE === '1';
/** How many requests a call may make beyond plain LanceDB's. */
const BUDGET = 2;
/** The engine keeps an opened table this long (OPEN_TABLE_TTL_MS in dir-catalog.ts). */
const TABLE_CACHE_MS = 5000;

const BUCKET = 'bench';
const CREDENTIALS = { accessKeyId: 'catalogbench', secretAccessKey: 'catalogbenchsecret' };

type Side = 'plain' | 'engine' | 'server';
const SIDES: readonly Side[] = ['plain', 'engine', 'server'];

interface Call {
  name: string;
  run: Record<Side, () => Promise<unknown>>;
}

interface Counted {
  /** The fewest requests of the samples, and the most. */
  min: number;
  max: number;
  requests: StoreRequest[];
}

async function countCall(
  proxy: CountingS3Proxy,
  work: () => Promise<unknown>,
  samples = 3,
): Promise<Counted> {
  await work();
  const measured: StoreRequest[][] = [];
  for (let i = 0; i < samples; i++) measured.push((await proxy.measure(work)).requests);
  measured.sort((a, b) => a.length - b.length);
  return { min: measured[0]!.length, max: measured.at(-1)!.length, requests: measured[0]! };
}

function shown(c: Counted): string {
  return c.min === c.max ? String(c.min) : `${c.min}–${c.max}`;
}

async function main(): Promise<void> {
  const missing = await s3StoreMissingTools();
  if (missing) {
    console.error(`bench:s3 needs a local S3 store: ${missing}`);
    process.exitCode = 2;
    return;
  }
  console.error('starting the S3 store (Ceph RADOS Gateway)…');
  const store = await startS3Store(CREDENTIALS);
  const cleanups: (() => Promise<unknown> | unknown)[] = [() => store.stop()];
  try {
    await createBucket(store, BUCKET);
    const proxy = await startCountingProxy(store.endpoint);
    cleanups.unshift(() => proxy.close());
    await run(proxy, cleanups);
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}

async function run(
  proxy: CountingS3Proxy,
  cleanups: (() => Promise<unknown> | unknown)[],
): Promise<void> {
  const storageOptions = {
    aws_endpoint: proxy.endpoint,
    aws_access_key_id: CREDENTIALS.accessKeyId,
    aws_secret_access_key: CREDENTIALS.secretAccessKey,
    aws_region: 'us-east-1',
    allow_http: 'true',
  };
  const root = `s3://${BUCKET}/requests`;

  // ---- the catalog: a vector table, a namespace of WIDE tables and one of 2 -----------------
  const setupStarted = performance.now();
  const setup = await connect(root, { storageOptions });
  await setup.createNamespace(['bench']);
  await setup.createTable('vectors', vectorTable(ROWS, DIM, 7), ['bench']);
  const small = () => new arrow.Table({ id: arrow.makeVector(Int32Array.from([1])) });
  for (const [ns, count] of [
    ['narrow', 2],
    ['wide', WIDE],
  ] as const) {
    await setup.createNamespace([ns]);
    for (let i = 0; i < count; i++) await setup.createTable(`t${i}`, small(), [ns]);
  }
  await setup.close();
  console.error(
    `catalog made in ${Math.round(performance.now() - setupStarted)} ms (${proxy.requests.length} requests)`,
  );

  // ---- the three sides ------------------------------------------------------------------------
  const properties: Record<string, string> = { root };
  for (const [key, value] of Object.entries(storageOptions)) properties[`storage.${key}`] = value;
  const plain = await lancedb.connectNamespace('dir', properties, {
    storageOptions,
    readConsistencyInterval: 0,
  });
  cleanups.unshift(() => plain.close());
  // A table opened through the namespace connection does not inherit its storage options.
  const held = await plain.openTable('vectors', ['bench'], { storageOptions });
  cleanups.unshift(() => held.close());

  const engine: CatalogClient = await connect(root, { storageOptions });
  cleanups.unshift(() => engine.close());

  const serverCatalog = await connect(root, { storageOptions });
  const app = buildServer({
    databases: new Map([['default', serverCatalog]]),
    defaultDatabase: 'default',
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  cleanups.unshift(async () => {
    await app.close();
    await serverCatalog.close();
  });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const http = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (response.status !== 200) {
      throw new Error(`${method} ${path}: ${response.status} ${Buffer.from(bytes).toString()}`);
    }
    return (response.headers.get('content-type') ?? '').includes('arrow')
      ? arrow.tableFromIPC(bytes)
      : JSON.parse(Buffer.from(bytes).toString());
  };

  const vector = Array.from({ length: DIM }, (_, i) => (i % 7) / 7);
  const table = () => engine.openTable('vectors', ['bench']);
  const calls: Call[] = [
    {
      name: 'list tables',
      run: {
        plain: () => plain.listTables(['bench']),
        engine: () => engine.listTables(['bench']),
        server: () => http('GET', '/v1/namespace/bench/table/list'),
      },
    },
    {
      name: 'describe',
      run: {
        // The schema and the row count, as plainly as LanceDB gives them.
        plain: () => Promise.all([held.schema(), held.countRows()]),
        engine: async () => (await table()).describe(),
        server: () => http('POST', '/v1/table/bench$vectors/describe', {}),
      },
    },
    {
      name: 'count_rows',
      run: {
        plain: () => held.countRows(),
        engine: async () => (await table()).countRows(),
        server: () => http('POST', '/v1/table/bench$vectors/count_rows', {}),
      },
    },
    {
      name: `vector query k=10 (${ROWS.toLocaleString('en')} × ${DIM}, flat)`,
      run: {
        plain: () => held.vectorSearch(vector).limit(10).toArrow(),
        engine: async () => (await table()).query({ vector, limit: 10 }),
        server: () => http('POST', '/v1/table/bench$vectors/query', { vector, k: 10 }),
      },
    },
    {
      name: 'list namespaces',
      run: {
        plain: () => plain.listNamespaces([]),
        engine: () => engine.listNamespaces([]),
        server: () => http('GET', '/v1/namespace/$/list'),
      },
    },
  ];

  // ---- requests per call ----------------------------------------------------------------------
  proxy.delayMs = 0;
  const counts = new Map<string, Record<Side, Counted>>();
  for (const call of calls) {
    const counted = {} as Record<Side, Counted>;
    for (const side of SIDES) counted[side] = await countCall(proxy, call.run[side]);
    counts.set(call.name, counted);
  }

  // A table whose cached handle has expired: the first request after the engine's cache time.
  // Plain LanceDB's comparable cost is opening the table and counting.
  const expired = {} as Record<Side, Counted>;
  expired.plain = await countCall(proxy, async () => {
    const opened = await plain.openTable('vectors', ['bench'], { storageOptions });
    try {
      return await opened.countRows();
    } finally {
      opened.close();
    }
  });
  for (const side of ['engine', 'server'] as const) {
    const samples: StoreRequest[][] = [];
    for (let i = 0; i < 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, TABLE_CACHE_MS + 100));
      samples.push((await proxy.measure(calls[2]!.run[side])).requests);
    }
    samples.sort((a, b) => a.length - b.length);
    expired[side] = {
      min: samples[0]!.length,
      max: samples.at(-1)!.length,
      requests: samples[0]!,
    };
  }

  // Listing never opens each table: the same requests for 2 tables and for WIDE.
  const listing = {} as Record<'narrow' | 'wide', Record<Side, Counted>>;
  for (const ns of ['narrow', 'wide'] as const) {
    listing[ns] = {
      plain: await countCall(proxy, () => plain.listTables([ns])),
      engine: await countCall(proxy, () => engine.listTables([ns])),
      server: await countCall(proxy, () => http('GET', `/v1/namespace/${ns}/table/list`)),
    };
  }

  // ---- latency: with DELAY_MS added to every store request, and with none ------------------
  const timeCalls = async (delayMs: number, rounds: number) => {
    proxy.delayMs = delayMs;
    const medians = new Map<string, Record<Side, number>>();
    for (const call of calls) {
      for (const side of SIDES) await call.run[side]();
      const times: Record<Side, number[]> = { plain: [], engine: [], server: [] };
      for (let round = 0; round < rounds; round++) {
        for (let i = 0; i < SIDES.length; i++) {
          const side = SIDES[(round + i) % SIDES.length]!;
          const started = performance.now();
          await call.run[side]();
          times[side].push(performance.now() - started);
        }
      }
      medians.set(call.name, {
        plain: median(times.plain),
        engine: median(times.engine),
        server: median(times.server),
      });
    }
    proxy.delayMs = 0;
    return medians;
  };
  const latency = await timeCalls(DELAY_MS, ROUNDS);
  const direct = await timeCalls(0, ROUNDS * 3);

  // ---- report ---------------------------------------------------------------------------------
  console.log(
    `\nRequest budget on S3 (${new Date().toISOString()}; Ceph RADOS Gateway on loopback behind a counting proxy; ` +
      `@lancedb/lancedb ${lancedbVersion()}; Node ${process.versions.node})`,
  );
  console.log(
    `Requests per call after a warm-up; latency = median of ${ROUNDS} interleaved rounds with ${DELAY_MS} ms added to each store request ` +
      `(last column: server − plain with nothing added, ${ROUNDS * 3} rounds).\n`,
  );
  console.log(
    '| call | plain LanceDB requests | engine requests | server requests | extra (server − plain) | plain / engine / server at +' +
      `${DELAY_MS} ms (ms) | server ÷ plain | server − plain (round trips) | server − plain at +0 ms (ms) |`,
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  const over: string[] = [];
  for (const call of calls) {
    const c = counts.get(call.name)!;
    const t = latency.get(call.name)!;
    const extra = c.server.min - c.plain.min;
    const mark = extra > BUDGET || c.engine.min - c.plain.min > BUDGET ? ' ✗' : '';
    if (mark) over.push(call.name);
    console.log(
      `| ${call.name} | ${shown(c.plain)} | ${shown(c.engine)} | ${shown(c.server)} | ${extra >= 0 ? '+' : ''}${extra}${mark} | ` +
        `${t.plain.toFixed(0)} / ${t.engine.toFixed(0)} / ${t.server.toFixed(0)} | ${(t.server / t.plain).toFixed(2)} | ` +
        `${((t.server - t.plain) / DELAY_MS).toFixed(1)} | ${(direct.get(call.name)!.server - direct.get(call.name)!.plain).toFixed(1)} |`,
    );
  }
  const e = expired;
  const expiredExtra = Math.max(e.engine.min, e.server.min) - e.plain.min;
  if (expiredExtra > BUDGET) over.push('count_rows after the table cache expired');
  console.log(
    `| count_rows, first call after the engine's ${TABLE_CACHE_MS / 1000}-s table cache expired (plain: openTable + countRows) | ` +
      `${shown(e.plain)} | ${shown(e.engine)} | ${shown(e.server)} | ${e.server.min - e.plain.min >= 0 ? '+' : ''}${e.server.min - e.plain.min}${expiredExtra > BUDGET ? ' ✗' : ''} | — | — | — | — |`,
  );
  console.log(
    `\nListing never opens each table: list tables of 2 tables → plain ${shown(listing.narrow.plain)}, engine ${shown(listing.narrow.engine)}, server ${shown(listing.narrow.server)} requests; ` +
      `of ${WIDE} tables → plain ${shown(listing.wide.plain)}, engine ${shown(listing.wide.engine)}, server ${shown(listing.wide.server)} ` +
      `(${SIDES.every((s) => listing.wide[s].max <= listing.narrow[s].min) ? 'does not grow with the table count' : 'GROWS with the table count'})`,
  );
  console.log(
    over.length
      ? `\nOver the budget of ${BUDGET} requests beyond plain LanceDB: ${over.join(', ')}`
      : `\nEvery call within ${BUDGET} requests of plain LanceDB.`,
  );

  const profile = (title: string, requests: StoreRequest[]) =>
    console.log(
      `\n${title}: ${formatCounts(countRequests(requests))}\n${formatRequests(requests)}`,
    );
  for (const call of calls) {
    const c = counts.get(call.name)!;
    if (VERBOSE || c.engine.min - c.plain.min > BUDGET || c.server.min - c.plain.min > BUDGET) {
      for (const side of SIDES) profile(`${call.name} — ${side}`, c[side].requests);
    }
  }
  if (VERBOSE || expiredExtra > BUDGET) {
    for (const side of SIDES)
      profile(`count_rows after the cache expired — ${side}`, e[side].requests);
  }
}

function lancedbVersion(): string {
  const manifest = JSON.parse(
    readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
  ) as { dependencies: Record<string, string> };
  return manifest.dependencies['@lancedb/lancedb'] ?? 'unknown';
}

await main();
