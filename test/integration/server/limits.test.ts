/**
 * Contract tests for the server's limits and plumbing: the body limits (413 with the error body;
 * JSON routes a small one, Arrow routes the large one, both on the decoded size), Content-Encoding
 * and compressed Arrow uploads, the idle timeout on a stalled body (408),
 * request back-pressure (503 "Slow down" with Retry-After while `maxInFlight` requests run),
 * index-build back-pressure (503 code 17 when the job queue is full), unknown routes, malformed
 * JSON, and the access log (method, path, status; never a secret).
 */
import { gzipSync } from 'node:zlib';
import { compressFrameSync } from 'lz4-napi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startCatalogServer, type RunningServer } from '../../support/catalog-server';
import { compressedIpc, zstdRaw } from '../../support/compressed-arrow';
import { sampleTable } from '../../support/sample-data';
import { expectError, ipc, pollUntil } from './contract-helpers';

const DIM = 16;
const encoder = new TextEncoder();

/**
 * A POST whose body is streamed and held open until `finish` or `abort` is called, so the server
 * counts it as in flight for as long as the test wants.
 */
interface HeldRequest {
  response: Promise<Response | Error>;
  settled: () => boolean;
  finish(rest: Uint8Array): void;
  abort(): void;
}

function holdRequest(
  target: { url: string },
  path: string,
  first: Uint8Array,
  contentType: string,
): HeldRequest {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const abort = new AbortController();
  let done = false;
  const response = fetch(`${target.url}${path}`, {
    method: 'POST',
    body,
    duplex: 'half',
    signal: abort.signal,
    headers: { 'content-type': contentType },
  } as RequestInit).then(
    (r) => r,
    (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
  );
  void response.finally(() => (done = true));
  controller.enqueue(first);
  return {
    response,
    settled: () => done,
    finish(rest) {
      controller.enqueue(rest);
      controller.close();
    },
    abort() {
      abort.abort();
    },
  };
}

/**
 * Starts a held request and probes with a cheap GET until a probe is refused because the held
 * request occupies the only slot. A held request that was itself refused (a probe held the slot
 * when its headers arrived) is started again, and given one poll interval to reach the server
 * before the next probe. Bounded by pollUntil's deadline.
 */
async function admitHeld(
  target: { url: string },
  start: () => HeldRequest,
): Promise<{ held: HeldRequest; refused: Awaited<ReturnType<typeof call>> }> {
  let held: HeldRequest | undefined;
  const outcome = await pollUntil(
    'a probe refused while the held request is in flight',
    async () => {
      if (!held || held.settled()) {
        held = start();
        return undefined;
      }
      return call(target, 'GET', '/v1/namespace/$/list');
    },
    (reply) => reply !== undefined && reply.status === 503 && !held!.settled(),
    { timeoutMs: 15_000, intervalMs: 20 },
  );
  return { held: held!, refused: outcome! };
}

describe('body limit', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startCatalogServer({ bodyLimit: 1024 });
    await server.catalog.createTable('small', sampleTable(3, 4));
  });
  afterAll(async () => {
    await server.close();
  });

  it('a 4 KB JSON body is 413 with the error body (code 13), and nothing is created', async () => {
    const body = JSON.stringify({ properties: { filler: 'x'.repeat(4096) } });
    const reply = await call(server, 'POST', '/v1/namespace/too_big/create', body);
    const error = expectError(reply, 413, 13, '/v1/namespace/too_big/create');
    expect(error.detail).toContain('1024');
    expect(await server.catalog.namespaceExists(['too_big'])).toBe(false);
  });

  it('the server still answers afterwards', async () => {
    const reply = await call(server, 'GET', '/v1/namespace/$/list');
    expect(reply.status).toBe(200);
    expect(Array.isArray(reply.body.namespaces)).toBe(true);
  });

  it('a body under the limit is accepted', async () => {
    const reply = await call(server, 'POST', '/v1/namespace/fits/create', {
      properties: { a: 'b' },
    });
    expect(reply.status).toBe(200);
  });

  it('an Arrow body over the limit is 413 code 13 too', async () => {
    const bytes = ipc(sampleTable(200, DIM));
    expect(bytes.byteLength).toBeGreaterThan(4096);
    expectError(
      await call(server, 'POST', '/v1/table/small/insert', bytes),
      413,
      13,
      '/v1/table/small/insert',
    );
    expect(await server.catalog.openTable('small').then((t) => t.countRows())).toBe(3);
  });

  it('a chunked body without Content-Length that grows past the limit is 413 code 13', async () => {
    const held = holdRequest(
      server,
      '/v1/namespace/chunked/create',
      encoder.encode('{"properties":{"x":"'),
      'application/json',
    );
    held.finish(encoder.encode(`${'z'.repeat(4096)}"}}`));
    const response = await held.response;
    expect(response).toBeInstanceOf(Response);
    const res = response as Response;
    expect(res.status).toBe(413);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.code).toBe(13);
    expect(body.instance).toBe('/v1/namespace/chunked/create');
    expect(await server.catalog.namespaceExists(['chunked'])).toBe(false);
    expect((await call(server, 'GET', '/v1/namespace/$/list')).status).toBe(200);
  });

  it('the access log records the 413s', async () => {
    const refused = server.log.filter((e) => e.status === 413);
    expect(refused.map((e) => e.path)).toEqual(
      expect.arrayContaining(['/v1/namespace/too_big/create', '/v1/table/small/insert']),
    );
    for (const entry of refused) expect(entry.code).toBe(13);
  });
});

describe('per-route limits, encodings and stalls', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startCatalogServer({
      bodyLimit: 1024 * 1024,
      jsonBodyLimit: 16 * 1024,
      idleTimeoutMs: 300,
    });
    await server.catalog.createTable('t', sampleTable(5, DIM));
  });
  afterAll(async () => {
    await server.close();
  });

  it('JSON routes take the JSON limit, Arrow routes the larger one', async () => {
    const json = JSON.stringify({ properties: { filler: 'x'.repeat(20_000) } });
    const refused = expectError(
      await call(server, 'POST', '/v1/namespace/big/create', json),
      413,
      13,
    );
    expect(refused.detail).toContain(String(16 * 1024));
    const bytes = ipc(sampleTable(400, DIM, { idOffset: 100 }));
    expect(bytes.byteLength).toBeGreaterThan(16 * 1024);
    expect((await call(server, 'POST', '/v1/table/t/insert', bytes)).status).toBe(200);
  });

  it('reads gzip, zstd and lz4 bodies, and refuses an encoding it does not know with 415', async () => {
    const body = Buffer.from(JSON.stringify({ predicate: 'id < 3' }));
    for (const [encoding, encoded] of [
      ['gzip', gzipSync(body)],
      ['zstd', zstdRaw(body)],
      ['lz4', compressFrameSync(body)],
    ] as const) {
      const reply = await call(server, 'POST', '/v1/table/t/count_rows', new Uint8Array(encoded), {
        'content-type': 'application/json',
        'content-encoding': encoding,
      });
      expect(reply.status, encoding).toBe(200);
      expect(reply.body, encoding).toBe(3);
    }
    const unknown = await call(server, 'POST', '/v1/table/t/count_rows', new Uint8Array(body), {
      'content-type': 'application/json',
      'content-encoding': 'compress',
    });
    expect(expectError(unknown, 415, 13).type).toBe('/errors/unsupported-media-type');
  });

  it('creates tables from LZ4- and ZSTD-compressed Arrow streams, and refuses one whose buffers declare more than the limit', async () => {
    for (const codec of ['lz4', 'zstd'] as const) {
      const bytes = compressedIpc(sampleTable(30, DIM), codec);
      const reply = await call(server, 'POST', `/v1/table/${codec}_table/create`, bytes);
      expect(reply.status, codec).toBe(200);
      expect(await (await server.catalog.openTable(`${codec}_table`)).countRows()).toBe(30);
    }
    const claiming = compressedIpc(sampleTable(30, DIM), 'zstd', {
      declare: (n, i) => BigInt(i === 0 ? 2 * 1024 * 1024 : n),
    });
    const refused = expectError(
      await call(server, 'POST', '/v1/table/claims/create', claiming),
      413,
      13,
    );
    expect(refused.detail).toMatch(/inflates to \d+ bytes, more than the limit of 1048576/);
    expect(await server.catalog.tableExists('claims')).toBe(false);
  });

  it('a body that stalls longer than the idle timeout is 408 with the error body, and nothing is created', async () => {
    const held = holdRequest(
      server,
      '/v1/namespace/stalled/create',
      encoder.encode('{"properties":'),
      'application/json',
    );
    const response = await held.response;
    expect(response).toBeInstanceOf(Response);
    const res = response as Response;
    expect(res.status).toBe(408);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ code: 13, status: 408, type: '/errors/request-timeout' });
    expect(await server.catalog.namespaceExists(['stalled'])).toBe(false);
  });
});

describe('request back-pressure (maxInFlight: 1)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startCatalogServer({ maxInFlight: 1, retryAfterSeconds: 2 });
    await server.catalog.createTable('target', sampleTable(10, DIM));
  });
  afterAll(async () => {
    await server.close();
  });

  it('sequential requests are all served', async () => {
    for (let i = 0; i < 5; i++)
      expect((await call(server, 'GET', '/v1/namespace/$/list')).status).toBe(200);
  });

  it('while one request is in flight another gets 503 "Slow down" with Retry-After; then it recovers', async () => {
    const bytes = ipc(sampleTable(25, DIM, { idOffset: 100 }));
    const start = () =>
      holdRequest(
        server,
        '/v1/table/target/insert',
        bytes.subarray(0, 64),
        'application/vnd.apache.arrow.stream',
      );
    const { held, refused } = await admitHeld(server, start);

    expectError(refused, 503, 17, '/v1/namespace/$/list');
    expect(refused.body.title).toBe('Slow down');
    expect(refused.headers.get('retry-after')).toBe('2');

    held.finish(bytes.subarray(64));
    const response = await held.response;
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(200);
    expect(
      ((await (response as Response).json()) as { num_inserted_rows: number }).num_inserted_rows,
    ).toBe(25);

    // The slot is free again.
    expect((await call(server, 'GET', '/v1/namespace/$/list')).status).toBe(200);
    expect((await call(server, 'POST', '/v1/table/target/count_rows', {})).body).toBe(35);
  });

  it('the refusal is in the access log with status 503', async () => {
    const refused = server.log.filter((e) => e.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const entry of refused) {
      expect(entry.method).toBe('GET');
      expect(entry.path).toBe('/v1/namespace/$/list');
    }
  });

  it('the refusal’s log line carries its error code (17), like every other error line', async () => {
    const refused = server.log.filter((e) => e.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const entry of refused) expect(entry.code).toBe(17);
  });

  it('failed requests free their slot too', async () => {
    expectError(await call(server, 'GET', '/v1/nope'), 406, 0);
    expectError(await call(server, 'POST', '/v1/namespace/x/create', '{bad'), 400, 13);
    expectError(await call(server, 'POST', '/v1/table/missing/describe', {}), 404, 4);
    expect((await call(server, 'GET', '/v1/namespace/$/list')).status).toBe(200);
  });

  it('a client that aborts its request mid-body frees the slot', async () => {
    const start = () =>
      holdRequest(
        server,
        '/v1/namespace/aborted/create',
        encoder.encode('{"prop'),
        'application/json',
      );
    const { held } = await admitHeld(server, start);
    held.abort();
    expect(await held.response).toBeInstanceOf(Error);
    const reply = await pollUntil(
      'the server to serve requests again after the abort',
      () => call(server, 'GET', '/v1/namespace/$/list'),
      (r) => r.status === 200,
      { timeoutMs: 3_000, intervalMs: 20 },
    );
    expect(reply.status).toBe(200);
    expect(await server.catalog.namespaceExists(['aborted'])).toBe(false);
  });
});

describe('index-build back-pressure (jobConcurrency: 1, maxQueuedJobs: 0)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startCatalogServer({ jobConcurrency: 1, maxQueuedJobs: 0 });
    await server.catalog.createTable('big', sampleTable(4000, DIM));
  });
  afterAll(async () => {
    await server.close();
  });

  it('a second build while one runs is 503 code 17 with Retry-After; after the first ends it is accepted', async () => {
    const first = await call(server, 'POST', '/v1/table/big/create_index', {
      column: 'vector',
      index_type: 'IVF_PQ',
      name: 'first',
    });
    expect(first.status).toBe(200);
    const secondBody = { column: 'vector', index_type: 'IVF_PQ', name: 'second' };
    const refused = await call(server, 'POST', '/v1/table/big/create_index', secondBody);
    expectError(refused, 503, 17, '/v1/table/big/create_index');
    expect(refused.body.title).toBe('Slow down');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    const done = await pollUntil(
      'the first build to end',
      () => call(server, 'POST', '/v1/jobs/describe', { job_id: first.body.job_id }),
      (r) => r.body.job_state !== 'IN_PROGRESS',
    );
    expect(done.body.job_state).toBe('DONE');

    const second = await call(server, 'POST', '/v1/table/big/create_index', secondBody);
    expect(second.status).toBe(200);
    const finished = await pollUntil(
      'the second build to end',
      () => call(server, 'POST', '/v1/jobs/describe', { job_id: second.body.job_id }),
      (r) => r.body.job_state !== 'IN_PROGRESS',
    );
    expect(finished.body.job_state).toBe('DONE');
    const names = (await call(server, 'POST', '/v1/table/big/index/list', {})).body.indexes.map(
      (i: { index_name: string }) => i.index_name,
    );
    expect(names).toEqual(['first', 'second']);
  });
});

describe('unknown routes and malformed requests', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startCatalogServer();
    await server.catalog.createTable('t', sampleTable(3, 4));
  });
  afterAll(async () => {
    await server.close();
  });

  it('an unknown route is 406 code 0 (Unsupported, as the error table pairs them) with the error body', async () => {
    expectError(await call(server, 'GET', '/v1/nope'), 406, 0, '/v1/nope');
    expectError(
      await call(server, 'POST', '/v1/table/t/frobnicate', {}),
      406,
      0,
      '/v1/table/t/frobnicate',
    );
    expectError(await call(server, 'GET', '/v2/namespace/$/list'), 406, 0);
  });

  it('a known path with the wrong method is 406 code 0 with the error body', async () => {
    expectError(await call(server, 'GET', '/v1/namespace/x/create'), 406, 0);
    expectError(await call(server, 'DELETE', '/v1/table/t/drop'), 406, 0);
  });

  it('the instance of an error never carries the query string', async () => {
    const body = expectError(await call(server, 'GET', '/v1/nope?secret=abc'), 406, 0);
    expect(body.instance).toBe('/v1/nope');
  });

  it('malformed JSON is 400 code 13 on every JSON route', async () => {
    for (const path of [
      '/v1/namespace/x/create',
      '/v1/table/t/describe',
      '/v1/table/t/count_rows',
      '/v1/table/t/query',
      '/v1/table/t/create_index',
      '/v1/jobs/describe',
    ]) {
      expectError(await call(server, 'POST', path, '{"oops": '), 400, 13, path);
    }
  });

  it('JSON that is not an object is 400 code 13', async () => {
    expectError(await call(server, 'POST', '/v1/table/t/describe', '[1, 2]'), 400, 13);
    expectError(await call(server, 'POST', '/v1/table/t/describe', '"text"'), 400, 13);
  });

  it('a POST a form could send (text/plain, no x- header) is 403; with an x- header it is read', async () => {
    const refused = await call(
      server,
      'POST',
      '/v1/table/t/count_rows',
      '{"predicate": "id < 2"}',
      {
        'content-type': 'text/plain',
      },
    );
    expectError(refused, 403, 15, '/v1/table/t/count_rows');
    const reply = await call(server, 'POST', '/v1/table/t/count_rows', '{"predicate": "id < 2"}', {
      'content-type': 'text/plain',
      'x-request-id': 'r1',
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toBe(2);
  });
});

describe('access log', () => {
  const KEY = 'sk-live-7f3a9c1e5b';
  const WRONG_KEY = 'sk-wrong-0d9e8f7a6b';
  const TOKEN = 'tok-2b4d6f8h0j';
  let server: RunningServer;
  beforeAll(async () => {
    server = await startCatalogServer({
      auth: {
        principals: [{ name: 'svc', api_keys: [KEY], bearer_tokens: [TOKEN], role: 'admin' }],
      },
    });
    const requests: Array<[string, string, unknown, Record<string, string>]> = [
      ['GET', '/v1/namespace/$/list', undefined, { 'x-api-key': KEY }],
      ['POST', '/v1/namespace/logged/create', {}, { authorization: `Bearer ${TOKEN}` }],
      // Credentials from the body's identity: the secrets must stay out of the log all the same.
      ['POST', '/v1/namespace/logged/describe', { identity: { api_key: KEY } }, {}],
      ['POST', '/v1/namespace/logged/describe', { identity: { auth_token: TOKEN } }, {}],
      ['GET', '/v1/namespace/$/list', undefined, { 'x-api-key': WRONG_KEY }],
      [
        'GET',
        `/v1/namespace/$/list?api_key=${KEY}&token=${TOKEN}`,
        undefined,
        { 'x-api-key': KEY },
      ],
      ['POST', '/v1/namespace/nowhere/describe', {}, { 'x-api-key': KEY }],
    ];
    for (const [method, path, body, headers] of requests)
      await call(server, method, path, body, headers);
  });
  afterAll(async () => {
    await server.close();
  });

  it('has one line per request with method, path and status', async () => {
    expect(server.log).toHaveLength(7);
    for (const entry of server.log) {
      expect(['GET', 'POST']).toContain(entry.method);
      expect(entry.path).toMatch(/^\/v1\//);
      expect(entry.path).not.toContain('?');
      expect(typeof entry.status).toBe('number');
      expect(typeof entry.ms).toBe('number');
      expect(Number.isNaN(Date.parse(entry.time))).toBe(false);
    }
    expect(server.log.map((e) => [e.method, e.path, e.status])).toEqual([
      ['GET', '/v1/namespace/$/list', 200],
      ['POST', '/v1/namespace/logged/create', 200],
      ['POST', '/v1/namespace/logged/describe', 200],
      ['POST', '/v1/namespace/logged/describe', 200],
      ['GET', '/v1/namespace/$/list', 401],
      ['GET', '/v1/namespace/$/list', 200],
      ['POST', '/v1/namespace/nowhere/describe', 404],
    ]);
  });

  it('names the principal and the error code, never a key or token', async () => {
    expect(server.log[0]!.principal).toBe('svc');
    expect(server.log[2]!.principal).toBe('svc');
    expect(server.log[4]!.principal).toBeUndefined();
    expect(server.log[4]!.code).toBe(16);
    expect(server.log[6]!.code).toBe(1);
    const lines = server.log.map((entry) => JSON.stringify(entry));
    for (const line of lines) {
      for (const secret of [KEY, WRONG_KEY, TOKEN]) expect(line).not.toContain(secret);
      expect(line.toLowerCase()).not.toContain('bearer');
    }
  });
});
