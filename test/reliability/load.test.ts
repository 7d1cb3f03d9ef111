/**
 * Load: 64 concurrent clients on loopback run a mix of list, describe, count, query, insert and
 * create_index against the real `serve` process for a bounded time, then stop by themselves.
 * The server's limits are set low enough to be reached, so 503 "Slow down" with Retry-After is
 * expected and honoured (the clients wait and retry); any other error fails the test. At the end
 * every acknowledged insert is there (row counts match exactly) and every accepted index build
 * has finished successfully. Throughput and p50/p99 per operation are printed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrow } from '../../src-main/catalog/arrow';
import { call } from '../support/catalog-server';
import { formatStats, LatencyRecorder } from '../support/latency-stats';
import { politeRequest } from '../support/polite-client';
import { reportFigures, reportTable, scaled } from '../support/reliability-scale';
import { sampleTable, seededRandom } from '../support/sample-data';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { pollUntil } from '../integration/server/contract-helpers';

const CLIENTS = 64;
const SECONDS = scaled(8, 60);
const TABLES = 4;
const DIM = 16;
const INITIAL_ROWS = 2_000;
const INSERT_ROWS = 20;
/** Low enough that 64 clients reach them, so back-pressure is part of what is tested. */
const MAX_IN_FLIGHT = 24;
const MAX_QUEUED_BUILDS = 2;

/** The mix, by weight: mostly reads, some writes, a few index builds. */
const MIX: Array<[Operation, number]> = [
  ['list', 20],
  ['describe', 20],
  ['count', 20],
  ['query', 20],
  ['insert', 17],
  ['create_index', 3],
];
type Operation = 'list' | 'describe' | 'count' | 'query' | 'insert' | 'create_index';

let root: string;
let server: ServerProcess;
const tableIds = Array.from({ length: TABLES }, (_, i) => `load$t${i}`);

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cs-load-'));
  server = await startServerProcess([
    '--root',
    root,
    '--max-in-flight',
    String(MAX_IN_FLIGHT),
    '--max-index-builds',
    '1',
    '--max-queued-builds',
    String(MAX_QUEUED_BUILDS),
  ]);
  expect((await call(server, 'POST', '/v1/namespace/load/create', {})).status).toBe(200);
  for (const id of tableIds) {
    const body = arrow.tableToIPC(sampleTable(INITIAL_ROWS, DIM), 'stream');
    expect((await call(server, 'POST', `/v1/table/${id}/create`, body)).status).toBe(200);
  }
});

afterAll(async () => {
  await server?.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

describe(`${CLIENTS} clients for ${SECONDS} s`, () => {
  it('serves the mix with no error but 503 Slow down, loses no insert and finishes every build', async () => {
    const latency = new LatencyRecorder();
    const acknowledged = new Map<string, number>(tableIds.map((id) => [id, 0]));
    const acceptedBuilds: string[] = [];
    const errors: string[] = [];
    const totals = { requests: 0, slowDowns: 0, missingRetryAfter: 0, unservedAtDeadline: 0 };
    let nextId = 1_000_000;
    const stopAt = Date.now() + SECONDS * 1000;
    const weightSum = MIX.reduce((sum, [, w]) => sum + w, 0);

    async function client(index: number): Promise<void> {
      const random = seededRandom(index + 1);
      const pick = (): Operation => {
        let roll = random() * weightSum;
        for (const [operation, weight] of MIX) if ((roll -= weight) < 0) return operation;
        return 'list';
      };
      let n = 0;
      while (Date.now() < stopAt) {
        const operation = pick();
        const table = tableIds[Math.floor(random() * TABLES)]!;
        const base = `${server.url}/v1/table/${table}`;
        let request: {
          url: string;
          method: string;
          body?: Uint8Array | string;
          contentType?: string;
        };
        let rows = 0;
        switch (operation) {
          case 'list':
            request = { url: `${server.url}/v1/namespace/load/table/list`, method: 'GET' };
            break;
          case 'describe':
            request = { url: `${base}/describe`, method: 'POST', body: '{}' };
            break;
          case 'count':
            request = { url: `${base}/count_rows`, method: 'POST', body: '{}' };
            break;
          case 'query':
            request = {
              url: `${base}/query`,
              method: 'POST',
              body: JSON.stringify({
                vector: Array.from({ length: DIM }, () => random()),
                k: 10,
                columns: ['id'],
              }),
            };
            break;
          case 'insert': {
            rows = INSERT_ROWS;
            const first = nextId;
            nextId += rows;
            request = {
              url: `${base}/insert`,
              method: 'POST',
              body: arrow.tableToIPC(sampleTable(rows, DIM, { idOffset: first }), 'stream'),
              contentType: 'application/vnd.apache.arrow.stream',
            };
            break;
          }
          case 'create_index':
            request = {
              url: `${base}/create_index`,
              method: 'POST',
              body: JSON.stringify({
                column: random() < 0.5 ? 'id' : 'category',
                index_type: 'BTREE',
                name: `c${index}_${(n += 1)}`,
              }),
            };
            break;
        }
        const reply = await politeRequest(request.url, request, { deadline: stopAt + 30_000 });
        totals.requests += 1 + reply.slowDowns;
        totals.slowDowns += reply.slowDowns;
        totals.missingRetryAfter += reply.missingRetryAfter;
        if (reply.status === 503) {
          totals.unservedAtDeadline += 1;
          continue;
        }
        if (reply.status !== 200) {
          errors.push(
            `${operation} ${table} → ${reply.status} ${Buffer.from(reply.raw).toString('utf8').slice(0, 160)}`,
          );
          continue;
        }
        latency.record(operation, reply.ms);
        if (operation === 'insert') acknowledged.set(table, acknowledged.get(table)! + rows);
        if (operation === 'create_index') {
          const body = JSON.parse(Buffer.from(reply.raw).toString('utf8')) as { job_id: string };
          acceptedBuilds.push(body.job_id);
        }
      }
    }

    const started = performance.now();
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
    const elapsed = (performance.now() - started) / 1000;

    const stats = latency.summary(elapsed);
    reportTable(`Load: ${CLIENTS} clients, ${elapsed.toFixed(1)} s`, formatStats(stats));
    expect(errors.slice(0, 20)).toEqual([]);
    expect(totals.missingRetryAfter).toBe(0);
    for (const [operation] of MIX)
      expect(stats.find((s) => s.operation === operation)?.count ?? 0, operation).toBeGreaterThan(
        0,
      );

    // Every accepted build ends, and ends well.
    for (const jobId of acceptedBuilds) {
      const done = await pollUntil(
        `build ${jobId} to end`,
        () => call(server, 'POST', '/v1/jobs/describe', { job_id: jobId }),
        (r) => r.status !== 200 || r.body.job_state !== 'IN_PROGRESS',
        { timeoutMs: 120_000, intervalMs: 50 },
      );
      expect(done.body.job_state, JSON.stringify(done.body)).toBe('DONE');
    }
    // Every acknowledged insert is there, and nothing else.
    let rowsLost = 0;
    for (const id of tableIds) {
      const count = (await call(server, 'POST', `/v1/table/${id}/count_rows`, {})).body as number;
      rowsLost += INITIAL_ROWS + acknowledged.get(id)! - count;
      expect(count, id).toBe(INITIAL_ROWS + acknowledged.get(id)!);
    }
    const served = stats.reduce((sum, s) => sum + s.count, 0);
    reportFigures('load', {
      clients: CLIENTS,
      seconds: elapsed.toFixed(1),
      served,
      perSecond: (served / elapsed).toFixed(0),
      slowDowns: totals.slowDowns,
      errors: errors.length,
      worstP99ms: Math.max(...stats.map((s) => s.p99)).toFixed(1),
      buildsFinished: acceptedBuilds.length,
      rowsInserted: [...acknowledged.values()].reduce((a, b) => a + b, 0),
      rowsLost,
    });
  }, 300_000);
});
