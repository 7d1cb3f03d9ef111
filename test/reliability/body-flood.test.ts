/**
 * A body of many tiny Arrow batches must not stall the server. A writer limited to one namespace
 * created a table from 16,000 one-row batches (3.8 MB): every other client waited 4–9 s, and at
 * 20,000 the create answered 503 "lost the catalog lock" (its thread was too busy to renew the
 * lease) although the table held every row. The profile put 7.6 s of 10.8 in apache-arrow's IPC
 * writer, inside LanceDB, shifting its output queue once per written part.
 *
 * Now the body is decoded in time slices and its batches joined before LanceDB sees them. Here a
 * reader polls `GET /v1/whoami` while the writer sends the flood three times; its p99 must stay
 * under 50 ms (on a loaded machine, over the p99 its other work already gives whoami), and each
 * create must answer 200 with every row in its table. The server runs alone in a child process
 * (one thread, as the event loop it measures), on a real folder.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { batchFlood } from '../support/batch-flood';
import { percentile } from '../support/latency-stats';
import { reportFigures } from '../support/reliability-scale';
import { startServerChild, type ServerChild } from '../support/server-child-process';

const WRITER = 'flood-writer-key-51c0';
const READER = 'flood-reader-key-7be2';
const ADMIN = 'flood-admin-key-0d93';
const P99_BOUND_MS = 50;

let server: ServerChild;

async function post(path: string, key: string, body: Uint8Array | string, type: string) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': type },
    body,
  });
  return { status: response.status, text: await response.text() };
}

const createFrom = (table: string, body: Uint8Array) =>
  post(`/v1/table/ns$${table}/create`, WRITER, body, 'application/vnd.apache.arrow.stream');

async function rowsOf(table: string): Promise<number> {
  const reply = await post(`/v1/table/ns$${table}/count_rows`, ADMIN, '{}', 'application/json');
  expect(reply.status).toBe(200);
  return Number(reply.text);
}

beforeAll(async () => {
  server = await startServerChild({
    auth: {
      principals: [
        { name: 'flooder', api_keys: [WRITER], role: 'writer', namespaces: [['ns']] },
        { name: 'bystander', api_keys: [READER], role: 'reader' },
        { name: 'admin', api_keys: [ADMIN], role: 'admin' },
      ],
    },
  });
  expect((await post('/v1/namespace/ns/create', ADMIN, '{}', 'application/json')).status).toBe(200);
  // Loads LanceDB and warms the decoder, so that the floods measure the work, not a first start.
  expect((await createFrom('warm', batchFlood(3_000))).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

/** Polls whoami one request at a time until `done` settles; the latencies in ms. */
async function pollWhoami(done: Promise<unknown>): Promise<number[]> {
  let over = false;
  void done.finally(() => (over = true));
  const latencies: number[] = [];
  while (!over) {
    const startedAt = performance.now();
    const response = await fetch(`${server.url}/v1/whoami`, { headers: { 'x-api-key': READER } });
    expect(response.status).toBe(200);
    await response.text();
    latencies.push(performance.now() - startedAt);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return latencies;
}

/**
 * whoami's p99 with no flood, measured just before a flood: on a machine whose other work
 * (CI runs two test files at once on two cores) already costs whoami tens of milliseconds, the
 * bound is on what the flood adds to that. A blocked thread added seconds.
 */
async function baselineP99(): Promise<number> {
  const quiet = new Promise((resolve) => setTimeout(resolve, 1_000));
  return percentile(
    (await pollWhoami(quiet)).sort((a, b) => a - b),
    0.99,
  );
}

/** Creates per measurement, one after another: one create is too short to give a p99 on its own. */
const CREATES = 3;
/**
 * Measurements per size, until one passes. The test machine may be shared: a thread that the OS
 * does not schedule looks just like a thread that is busy, and another tenant can cost one
 * measurement its p99. A server that blocks its thread (this one did, for seconds each time)
 * fails every measurement.
 */
const MEASUREMENTS = 3;

/** Sends the flood CREATES times while polling whoami; the latencies and the creates' answers. */
async function measure(batches: number, body: Uint8Array, measurement: number) {
  const replies: Array<{ table: string; status: number; text: string }> = [];
  const startedAt = performance.now();
  const creates = (async () => {
    for (let i = 0; i < CREATES; i++) {
      const table = `flood${batches}_${measurement}_${i}`;
      replies.push({ table, ...(await createFrom(table, body)) });
    }
  })();
  const latencies = (await pollWhoami(creates)).sort((a, b) => a - b);
  await creates;
  return { latencies, replies, createMs: Math.round((performance.now() - startedAt) / CREATES) };
}

for (const batches of [16_000, 20_000]) {
  it(`creates from ${batches.toLocaleString('en')} one-row batches keep whoami's p99 under ${P99_BOUND_MS} ms and commit every row`, async () => {
    const body = batchFlood(batches);
    const excesses: number[] = [];
    for (let measurement = 0; measurement < MEASUREMENTS; measurement++) {
      const baseline = await baselineP99();
      const { latencies, replies, createMs } = await measure(batches, body, measurement);
      const p99 = percentile(latencies, 0.99);
      // Under the bound on a quiet machine; on a loaded one, the bound over its own quiet p99.
      const excess = p99 - Math.max(0, baseline - P99_BOUND_MS / 5);
      excesses.push(excess);
      reportFigures(`body-flood-${batches}`, {
        batches,
        bodyKB: Math.round(body.byteLength / 1024),
        measurement: measurement + 1,
        statuses: replies.map((r) => r.status).join('/'),
        createMs,
        whoamiRequests: latencies.length,
        whoamiP50ms: percentile(latencies, 0.5).toFixed(1),
        whoamiP99ms: p99.toFixed(1),
        quietP99ms: baseline.toFixed(1),
        whoamiMaxMs: latencies.at(-1)!.toFixed(1),
      });
      for (const reply of replies) {
        expect(reply.status, reply.text).toBe(200);
        expect(await rowsOf(reply.table)).toBe(batches);
      }
      // Enough samples that the p99 is about the creates, not a quiet moment between them.
      expect(latencies.length).toBeGreaterThanOrEqual(50);
      if (excess < P99_BOUND_MS) break;
    }
    expect(Math.min(...excesses)).toBeLessThan(P99_BOUND_MS);
  }, 180_000);
}
