/**
 * The request budget on an object store: each call of the engine (and of the server over HTTP)
 * makes at most 2 requests to the store more than plain LanceDB on a strongly consistent
 * connection (`readConsistencyInterval: 0`) with a held table handle, and listing a namespace
 * never opens its tables. Requests are counted by a proxy in front of the run's S3 store
 * (test/support/s3-counting-proxy.ts); counts are deterministic, so they are asserted exactly,
 * with the proxy's request lines in the message when one is over. Timings are `npm run bench:s3`.
 *
 * The engine is measured as the server uses it: each call opens the table through the engine's
 * cache of opened tables. Each count is the fewest of three calls after a warm-up, so that the
 * reopen the cache makes once every few seconds is not charged to a warm call; that reopen has a
 * test of its own.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import * as lancedb from '@lancedb/lancedb';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect, type CatalogClient } from '../../../src-main/catalog';
import { arrow } from '../../../src-main/catalog/arrow';
import { buildServer } from '../../../src-main/server/build-server';
import { vectorTable } from '../../bench/vector-data';
import {
  formatRequests,
  startCountingProxy,
  type CountingS3Proxy,
  type StoreRequest,
} from '../../support/s3-counting-proxy';
import { describeWithS3, s3Info, s3Root, s3StorageOptions } from '../../support/s3-store';

/** Requests a call may make beyond plain LanceDB's. */
const BUDGET = 2;
/** The engine keeps an opened table this long (OPEN_TABLE_TTL_MS in dir-catalog.ts). */
const TABLE_CACHE_MS = 5000;
const DIM = 128;

describeWithS3('the request budget on S3', () => {
  let proxy: CountingS3Proxy;
  let storageOptions: Record<string, string>;
  let plain: lancedb.Connection;
  let held: lancedb.Table;
  let engine: CatalogClient;
  let serverCatalog: CatalogClient;
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    proxy = await startCountingProxy(s3Info().endpoint!);
    storageOptions = { ...s3StorageOptions(), aws_endpoint: proxy.endpoint };
    const root = s3Root(`request-budget-${randomBytes(6).toString('hex')}`);
    const setup = await connect(root, { storageOptions });
    await setup.createNamespace(['bench']);
    await setup.createTable('vectors', vectorTable(2000, DIM, 3), ['bench']);
    const small = () => new arrow.Table({ id: arrow.makeVector(Int32Array.from([1])) });
    for (const [ns, count] of [
      ['two', 2],
      ['twenty', 20],
    ] as const) {
      await setup.createNamespace([ns]);
      for (let i = 0; i < count; i++) await setup.createTable(`t${i}`, small(), [ns]);
    }
    await setup.close();

    const properties: Record<string, string> = { root };
    for (const [key, value] of Object.entries(storageOptions)) {
      properties[`storage.${key}`] = value;
    }
    plain = await lancedb.connectNamespace('dir', properties, {
      storageOptions,
      readConsistencyInterval: 0,
    });
    // A table opened through the namespace connection does not inherit its storage options.
    held = await plain.openTable('vectors', ['bench'], { storageOptions });
    engine = await connect(root, { storageOptions });
    serverCatalog = await connect(root, { storageOptions });
    app = buildServer({
      databases: new Map([['default', serverCatalog]]),
      defaultDatabase: 'default',
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await serverCatalog?.close();
    await engine?.close();
    held?.close();
    plain?.close();
    await proxy?.close();
  });

  const http = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const bytes = await response.arrayBuffer();
    expect(response.status, Buffer.from(bytes).toString()).toBe(200);
    return bytes;
  };

  /** The requests of the cheapest of three calls after a warm-up. */
  async function count(work: () => Promise<unknown>): Promise<StoreRequest[]> {
    await work();
    let fewest: StoreRequest[] | undefined;
    for (let i = 0; i < 3; i++) {
      const { requests } = await proxy.measure(work);
      if (!fewest || requests.length < fewest.length) fewest = requests;
    }
    return fewest!;
  }

  function expectWithinBudget(
    call: string,
    sides: { plain: StoreRequest[]; engine: StoreRequest[]; server: StoreRequest[] },
  ) {
    for (const side of ['engine', 'server'] as const) {
      expect(
        sides[side].length,
        `${call}: ${side} makes ${sides[side].length} requests, plain LanceDB ${sides.plain.length}\n` +
          `-- ${side}:\n${formatRequests(sides[side])}\n-- plain LanceDB:\n${formatRequests(sides.plain)}`,
      ).toBeLessThanOrEqual(sides.plain.length + BUDGET);
    }
  }

  const vector = Array.from({ length: DIM }, (_, i) => (i % 5) / 5);
  const table = () => engine.openTable('vectors', ['bench']);

  it('lists a namespace of 20 tables with no more requests than one of 2: listing never opens a table', async () => {
    for (const [side, list] of [
      ['plain LanceDB', (ns: string) => plain.listTables([ns])],
      ['engine', (ns: string) => engine.listTables([ns])],
      ['server', (ns: string) => http('GET', `/v1/namespace/${ns}/table/list`)],
    ] as const) {
      const two = await count(() => list('two'));
      const twenty = await count(() => list('twenty'));
      expect(
        twenty.length,
        `${side}: 20 tables take ${twenty.length} requests, 2 tables ${two.length}\n${formatRequests(twenty)}`,
      ).toBeLessThanOrEqual(two.length);
    }
    expect((await engine.listTables(['twenty'])).tables).toHaveLength(20);
  });

  it('list tables: within 2 requests of plain LanceDB', async () => {
    expectWithinBudget('list tables', {
      plain: await count(() => plain.listTables(['bench'])),
      engine: await count(() => engine.listTables(['bench'])),
      server: await count(() => http('GET', '/v1/namespace/bench/table/list')),
    });
  });

  // describe reads its schema and statistics from a handle pinned at the version one check found
  // (version-snapshots.ts), so it makes one request while nothing changed; earlier it made five.
  it('describe: within 2 requests of plain LanceDB', async () => {
    expectWithinBudget('describe', {
      plain: await count(() => Promise.all([held.schema(), held.countRows()])),
      engine: await count(async () => (await table()).describe()),
      server: await count(() => http('POST', '/v1/table/bench$vectors/describe', {})),
    });
  });

  it('count_rows: within 2 requests of plain LanceDB', async () => {
    expectWithinBudget('count_rows', {
      plain: await count(() => held.countRows()),
      engine: await count(async () => (await table()).countRows()),
      server: await count(() => http('POST', '/v1/table/bench$vectors/count_rows', {})),
    });
  });

  it('a vector query (k=10, flat): within 2 requests of plain LanceDB', async () => {
    expectWithinBudget('vector query', {
      plain: await count(() => held.vectorSearch(vector).limit(10).toArrow()),
      engine: await count(async () => (await table()).query({ vector, limit: 10 })),
      server: await count(() => http('POST', '/v1/table/bench$vectors/query', { vector, k: 10 })),
    });
  });

  it('list namespaces: within 2 requests of plain LanceDB', async () => {
    expectWithinBudget('list namespaces', {
      plain: await count(() => plain.listNamespaces([])),
      engine: await count(() => engine.listNamespaces([])),
      server: await count(() => http('GET', '/v1/namespace/$/list')),
    });
  });

  // Reopening a table once its cached handle expired costs what LanceDB's own openTable costs:
  // the manifest lookup that guards against symlinks runs only on a local folder.
  it('count_rows on a table whose cached handle expired: within 2 requests of plain LanceDB opening it', async () => {
    const expired = async (work: () => Promise<unknown>) => {
      await new Promise((resolve) => setTimeout(resolve, TABLE_CACHE_MS + 100));
      return (await proxy.measure(work)).requests;
    };
    expectWithinBudget('count_rows after the table cache expired', {
      plain: await count(async () => {
        const opened = await plain.openTable('vectors', ['bench'], { storageOptions });
        try {
          return await opened.countRows();
        } finally {
          opened.close();
        }
      }),
      engine: await expired(async () => (await table()).countRows()),
      server: await expired(() => http('POST', '/v1/table/bench$vectors/count_rows', {})),
    });
  }, 60_000);
});
