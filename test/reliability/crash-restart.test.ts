/**
 * Crashes: the real `serve` process is killed with SIGKILL in the middle of an IVF_PQ build, a
 * large insert and a large create, and started again on the same folder. The catalog must open,
 * every table must be readable at a committed version with every acknowledged row, no
 * half-written table may be listed, the interrupted build must be reported as failed
 * (interrupted) once the dead process's lease has expired, and run again to the end. The same folder is then read with plain
 * `@lancedb/lancedb`, which must find nothing corrupted.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrow } from '../../src-main/catalog/arrow';
import { INTERRUPTED_MESSAGE } from '../../src-main/catalog/jobs/job-store';
import { call } from '../support/catalog-server';
import { sampleTable } from '../support/sample-data';
import { reportFigures, scaled } from '../support/reliability-scale';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { pollUntil } from '../integration/server/contract-helpers';

const BUILD_PHASES = ['building', 'writing the index'];

/** Short leases, so that the killed process is known dead a few seconds after the kill. */
const LEASE_MS = 2000;
process.env.CATALOG_STUDIO_LEASE_MS = String(LEASE_MS);

const DIM = 64;
const INDEX_ROWS = 20_000;
const BIG_ROWS = scaled(50_000, 100_000);
const ROUNDS = scaled(1, 3);

const INDEX_BODY = {
  column: 'vector',
  index_type: 'IVF_PQ',
  num_partitions: 16,
  num_sub_vectors: DIM / 8,
  name: 'vector_idx',
};

let root: string;
let server: ServerProcess | undefined;
const figures = {
  crashes: 0,
  restarts: 0,
  acknowledgedRows: 0,
  rowsLost: 0,
  tablesChecked: 0,
  interruptedSeenMs: 0,
  /** Rounds whose write committed and answered in the instant before the kill landed. */
  finishedBeforeKill: 0,
};

const ipc = (rows: number, idOffset: number) =>
  arrow.tableToIPC(sampleTable(rows, DIM, { idOffset, seed: idOffset + 1 }), 'stream');

async function restart(): Promise<ServerProcess> {
  await server?.kill('SIGKILL');
  // One process (--workers 1): the SIGKILL above is the crash of the whole service, with the
  // build or the write in that very process (worker-crash.test.ts covers one worker's crash).
  server = await startServerProcess(['--root', root, '--max-index-builds', '1', '--workers', '1']);
  figures.restarts += 1;
  return server;
}

async function crash(): Promise<void> {
  expect(await server!.kill('SIGKILL')).toBe('SIGKILL');
  figures.crashes += 1;
}

/** The table's folder, found the way LanceDB names it (`<8 hex>_<ns>$<name>`). */
function folderOf(ns: string, name: string): string | undefined {
  const entry = readdirSync(root).find((e) => e.endsWith(`_${ns}$${name}`));
  return entry === undefined ? undefined : join(root, entry);
}

function dataFiles(folder: string): string[] {
  const data = join(folder, 'data');
  return existsSync(data) ? readdirSync(data) : [];
}

async function ids(s: { url: string }, table: string): Promise<number[]> {
  const reply = await call(s, 'POST', `/v1/table/${table}/query`, {
    columns: ['id'],
    k: 10_000_000,
  });
  expect(reply.status).toBe(200);
  return [...arrow.tableFromIPC(reply.raw).getChild('id')!.toArray()].map(Number);
}

/** Every acknowledged id present exactly once; no row that was never sent. */
function checkRows(found: number[], acknowledged: Set<number>, maybe: Set<number>): number {
  expect(new Set(found).size, 'duplicate rows').toBe(found.length);
  const present = new Set(found);
  for (const id of present)
    expect(acknowledged.has(id) || maybe.has(id), `stray row ${id}`).toBe(true);
  return [...acknowledged].filter((id) => !present.has(id)).length;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cs-crash-'));
  await restart();
  expect((await call(server!, 'POST', '/v1/namespace/ns/create', {})).status).toBe(200);
  expect(
    (await call(server!, 'POST', '/v1/table/ns$vectors/create', ipc(INDEX_ROWS, 0))).status,
  ).toBe(200);
  expect((await call(server!, 'POST', '/v1/table/ns$events/create', ipc(100, 0))).status).toBe(200);
});

afterAll(async () => {
  await server?.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

describe(`SIGKILL mid-work and restart on the same folder (${ROUNDS} round(s))`, () => {
  const acknowledged = new Set<number>(Array.from({ length: 100 }, (_, i) => i));
  /** Rows of inserts that were cut off: they may or may not have committed, but not in part. */
  const maybe = new Set<number>();
  let nextId = 1_000_000;

  it('survives a crash during an IVF_PQ build: the job is reported interrupted and runs again', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const started = await call(server!, 'POST', '/v1/table/ns$vectors/create_index', {
        ...INDEX_BODY,
        replace: true,
      });
      expect(started.status).toBe(200);
      const jobId = started.body.job_id as string;
      const building = await pollUntil(
        'the build to start',
        () => call(server!, 'POST', '/v1/jobs/describe', { job_id: jobId }),
        // A build in flight is 'building', then 'writing the index' once its files appear.
        (r) => BUILD_PHASES.includes(r.body.phase),
        { intervalMs: 5 },
      );
      expect(building.body.job_state).toBe('IN_PROGRESS');
      await crash();
      const killedAt = Date.now();

      await restart();
      // The record outlives the process; until the lease runs out it cannot be told from a
      // build on a live replica, then it is reported interrupted.
      const described = await pollUntil(
        'the build to be reported interrupted',
        () => call(server!, 'POST', '/v1/jobs/describe', { job_id: jobId }),
        (r) => r.status !== 200 || r.body.job_state !== 'IN_PROGRESS',
        { intervalMs: 50, timeoutMs: LEASE_MS + 5000 },
      );
      figures.interruptedSeenMs = Math.max(figures.interruptedSeenMs, Date.now() - killedAt);
      expect(described.status).toBe(200);
      expect(described.body).toMatchObject({ job_state: 'FAILED', state: 'failed' });
      expect(described.body.failure.message).toBe(INTERRUPTED_MESSAGE);
      const listed = await call(server!, 'POST', '/v1/jobs/list', {});
      expect(listed.body.jobs.map((j: { job_id: string }) => j.job_id)).toContain(jobId);
      expect((await call(server!, 'POST', '/v1/table/ns$vectors/count_rows', {})).body).toBe(
        INDEX_ROWS,
      );

      const again = await call(server!, 'POST', '/v1/table/ns$vectors/create_index', {
        ...INDEX_BODY,
        replace: true,
      });
      expect(again.status).toBe(200);
      const done = await pollUntil(
        'the build run again to end',
        () => call(server!, 'POST', '/v1/jobs/describe', { job_id: again.body.job_id }),
        (r) => r.body.job_state !== 'IN_PROGRESS',
        { timeoutMs: 120_000, intervalMs: 50 },
      );
      expect(done.body.job_state).toBe('DONE');
      const indexes = await call(server!, 'POST', '/v1/table/ns$vectors/index/list', {});
      const index = indexes.body.indexes.find(
        (i: { index_name: string }) => i.index_name === 'vector_idx',
      );
      expect(index).toMatchObject({ num_indexed_rows: INDEX_ROWS, num_unindexed_rows: 0 });
      const hits = await call(server!, 'POST', '/v1/table/ns$vectors/query', {
        vector: Array.from({ length: DIM }, () => 0.5),
        k: 5,
        columns: ['id'],
      });
      expect(arrow.tableFromIPC(hits.raw).numRows).toBe(5);
    }
  });

  it('survives a crash during a large insert: acknowledged rows all there, the cut one all or nothing', async () => {
    const folder = folderOf('ns', 'events')!;
    expect(folder).toBeDefined();
    for (let round = 0; round < ROUNDS; round++) {
      // Acknowledged first: these must survive whatever happens next.
      for (let i = 0; i < 3; i++) {
        const reply = await call(server!, 'POST', '/v1/table/ns$events/insert', ipc(50, nextId));
        expect(reply.status).toBe(200);
        for (let id = nextId; id < nextId + 50; id++) acknowledged.add(id);
        figures.acknowledgedRows += 50;
        nextId += 50;
      }
      const filesBefore = new Set(dataFiles(folder));
      const body = ipc(BIG_ROWS, nextId);
      for (let id = nextId; id < nextId + BIG_ROWS; id++) maybe.add(id);
      nextId += BIG_ROWS;
      const cut = call(server!, 'POST', '/v1/table/ns$events/insert', body).then(
        (r) => r.status,
        () => 'no answer' as const,
      );
      // Killed as soon as LanceDB starts writing data files, before it can commit them.
      await pollUntil(
        'the insert to start writing',
        async () => dataFiles(folder).filter((f) => !filesBefore.has(f)).length,
        (n) => n > 0,
        { intervalMs: 1 },
      );
      await crash();
      // The kill races the commit: an insert that answered first is acknowledged, and must then
      // be there in full; either way the folder is checked after a restart.
      const answer = await cut;
      expect([200, 'no answer']).toContain(answer);
      if (answer === 200) {
        figures.finishedBeforeKill += 1;
        for (let id = nextId - BIG_ROWS; id < nextId; id++) acknowledged.add(id);
      }

      await restart();
      const found = await ids(server!, 'ns$events');
      figures.rowsLost += checkRows(found, acknowledged, maybe);
      const cutRows = found.filter((id) => maybe.has(id) && id >= nextId - BIG_ROWS).length;
      expect([0, BIG_ROWS]).toContain(cutRows);
      expect((await call(server!, 'POST', '/v1/table/ns$events/count_rows', {})).body).toBe(
        found.length,
      );
    }
    expect(figures.rowsLost).toBe(0);
  });

  it('survives a crash during a large create: the table is whole or not listed, and can be created again', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const name = `big${round}`;
      const cut = call(server!, 'POST', `/v1/table/ns$${name}/create`, ipc(BIG_ROWS, 0)).then(
        (r) => r.status,
        () => 'no answer' as const,
      );
      await pollUntil(
        'the create to start writing',
        async () => {
          const folder = folderOf('ns', name);
          return folder !== undefined && dataFiles(folder).length > 0;
        },
        (started) => started,
        { intervalMs: 1 },
      );
      await crash();
      // As for the insert: a create that answered before the kill must be listed and whole.
      const answer = await cut;
      expect([200, 'no answer']).toContain(answer);
      if (answer === 200) figures.finishedBeforeKill += 1;

      await restart();
      const listed = (await call(server!, 'GET', '/v1/namespace/ns/table/list')).body
        .tables as string[];
      if (answer === 200) expect(listed).toContain(name);
      if (listed.includes(name)) {
        // Committed just before the kill: then it is whole.
        expect((await call(server!, 'POST', `/v1/table/ns$${name}/count_rows`, {})).body).toBe(
          BIG_ROWS,
        );
      } else {
        // Not listed, and its half-written folder is gone with it.
        expect(folderOf('ns', name)).toBeUndefined();
        const again = await call(server!, 'POST', `/v1/table/ns$${name}/create`, ipc(1_000, 0));
        expect(again.status).toBe(200);
        expect((await call(server!, 'POST', `/v1/table/ns$${name}/count_rows`, {})).body).toBe(
          1_000,
        );
      }
    }
  });

  it('leaves a folder that the server and plain LanceDB read in full', async () => {
    await restart();
    const tables = (await call(server!, 'GET', '/v1/namespace/ns/table/list')).body
      .tables as string[];
    for (const name of tables) {
      const described = await call(server!, 'POST', `/v1/table/ns$${name}/describe`, {});
      expect(described.status, name).toBe(200);
      const rows = await call(server!, 'POST', `/v1/table/ns$${name}/count_rows`, {});
      expect(rows.status, name).toBe(200);
    }
    await server!.kill('SIGTERM');

    const namespace = await lancedb.connectNamespace('dir', { root });
    expect((await namespace.listTables(['ns'])).tables.sort()).toEqual([...tables].sort());
    for (const name of tables) {
      const table = await namespace.openTable(name, ['ns']);
      const count = await table.countRows();
      const read = await table.query().select(['id']).toArrow();
      expect(read.numRows, name).toBe(count);
      figures.tablesChecked += 1;
    }
    const events = await namespace.openTable('events', ['ns']);
    const found = [...(await events.query().select(['id']).toArrow()).getChild('id')!.toArray()];
    expect(checkRows(found.map(Number), acknowledged, maybe)).toBe(0);
    const vectors = await namespace.openTable('vectors', ['ns']);
    expect((await vectors.listIndices()).map((i) => i.name)).toContain('vector_idx');
    namespace.close();
    reportFigures('crash', figures);
  });
});
