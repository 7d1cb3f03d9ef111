/**
 * Two real `serve` replicas on one root, a folder and an `s3://` root in the test run's S3 store. An index build started through replica A is answered
 * for by replica B: describe and list show it with its phase and progress while it runs and when
 * it ends; B can cancel a build that A runs; and when A is killed with SIGKILL mid-build, B
 * reports the build as failed (interrupted) once A's lease has expired. Job state lives in the
 * root (the `jobs` state table), not in either process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrow } from '../../src-main/catalog/arrow';
import { STATE_FOLDER } from '../../src-main/catalog/dir/coordination/state-folder';
import { INTERRUPTED_MESSAGE } from '../../src-main/catalog/jobs/job-store';
import { call } from '../support/catalog-server';
import { sampleTable } from '../support/sample-data';
import { reportFigures } from '../support/reliability-scale';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { pollUntil } from '../integration/server/contract-helpers';
import { joinRoot } from '../../src-main/catalog/storage/root-uri';
import { s3Env, s3Root, s3StorageOptions, s3Unavailable } from '../support/s3-store';
import { randomBytes } from 'node:crypto';

const BUILD_PHASES = ['building', 'writing the index'];

const DIM = 64;
const ROWS = 20_000;
const INDEX_BODY = {
  column: 'vector',
  index_type: 'IVF_PQ',
  num_partitions: 16,
  num_sub_vectors: DIM / 8,
  name: 'vector_idx',
  replace: true,
};

interface Place {
  label: string;
  key: string;
  root: () => string;
  storageOptions: () => Record<string, string>;
  env: () => Record<string, string>;
  cleanup: (root: string) => void;
  /**
   * How long a replica stays alive to the others after its last renewal. On a folder the test
   * shortens it to 2 s, so that a killed replica is known dead soon. On S3 it keeps the default
   * (15 s): each renewal there is a Lance commit of several requests, and while the replica builds
   * an index on both cores (a cancelled build's native work still running beside the next one)
   * renewals were measured landing more than 6 s apart, so shorter leases judged a live replica
   * dead and interrupted its queued build.
   */
  leaseMs: number;
  /**
   * How late after the lease B may notice a death: the grace (a renewal period, or the slowest
   * renewal B saw of A, at most another lease; see lease-watch.ts) plus a round trip, slower on a
   * store than on a disk.
   */
  noticeSlackMs: number;
}

const FOLDER: Place = {
  label: 'one folder',
  key: 'folder',
  root: () => mkdtempSync(join(tmpdir(), 'cs-replicas-')),
  storageOptions: () => ({}),
  env: () => ({}),
  cleanup: (root) => rmSync(root, { recursive: true, force: true }),
  leaseMs: 2000,
  noticeSlackMs: 2000 + 1000,
};

const BUCKET: Place = {
  label: 'one s3:// root',
  key: 's3',
  root: () => s3Root(`replicas-${randomBytes(4).toString('hex')}`),
  storageOptions: s3StorageOptions,
  env: s3Env,
  cleanup: () => undefined,
  leaseMs: 15_000,
  noticeSlackMs: 15_000 + 3000,
};

function replicaJobsSuite(place: Place): void {
  let root: string;
  let a: ServerProcess;
  let b: ServerProcess;
  const figures: Record<string, number> = {};

  const describeOn = (server: ServerProcess, id: string) =>
    call(server, 'POST', '/v1/jobs/describe', { job_id: id });

  /** Starts a build through A and waits until B sees it building. */
  async function buildSeenByB(): Promise<string> {
    const started = await call(a, 'POST', '/v1/table/ns$vectors/create_index', INDEX_BODY);
    expect(started.status).toBe(200);
    const id = started.body.job_id as string;
    expect(id).toBeTruthy();
    await pollUntil(
      'B to see the build running',
      () => describeOn(b, id),
      // A build in flight is 'building', then 'writing the index' once its files appear.
      (r) => r.status === 200 && BUILD_PHASES.includes(r.body.phase),
      // A build queued behind a cancelled one starts when the cancelled one's native work ends,
      // which took over 90 s on a machine whose cores were both busy.
      { intervalMs: 20, timeoutMs: 180_000 },
    );
    return id;
  }

  /** Commits made to a state table so far (its version). */
  async function stateVersion(name: string): Promise<number> {
    const db = await lancedb.connect(joinRoot(root, STATE_FOLDER), {
      storageOptions: place.storageOptions(),
    });
    try {
      return await (await db.openTable(name)).version();
    } finally {
      db.close();
    }
  }

  beforeAll(async () => {
    root = place.root();
    const env = { ...place.env(), CATALOG_STUDIO_LEASE_MS: String(place.leaseMs) };
    // One process per replica (--workers 1): killing a replica must kill the build's owner, and
    // each replica's own jobs are then in the process the test talks to.
    const args = ['--root', root, '--max-index-builds', '1', '--workers', '1'];
    [a, b] = await Promise.all([startServerProcess(args, env), startServerProcess(args, env)]);
    expect((await call(a, 'POST', '/v1/namespace/ns/create', {})).status).toBe(200);
    const data = arrow.tableToIPC(sampleTable(ROWS, DIM, { seed: 7 }), 'stream');
    expect((await call(a, 'POST', '/v1/table/ns$vectors/create', data)).status).toBe(200);
  });

  afterAll(async () => {
    await Promise.all([a?.kill('SIGKILL'), b?.kill('SIGKILL')]);
    place.cleanup(root);
    reportFigures(`replica-jobs ${place.key}`, figures);
  });

  describe(`index build jobs across two serve replicas on ${place.label}`, () => {
    it('B describes and lists a build that A runs, with its progress, through to its end', async () => {
      const jobsBefore = await stateVersion('jobs').catch(() => 1);
      const started = Date.now();
      const id = await buildSeenByB();
      const running = await describeOn(b, id);
      expect(running.body).toMatchObject({
        job_id: id,
        job_type: 'create_index',
        job_state: 'IN_PROGRESS',
        state: 'running',
        table: 'ns$vectors',
      });
      expect(running.body.progress).toMatchObject({ rowsTotal: ROWS, numUnindexedRows: ROWS });
      expect(running.body.spec).toMatchObject({ index: 'vector_idx', indexType: 'IVF_PQ' });
      const listed = await call(b, 'POST', '/v1/jobs/list', {});
      expect(listed.status).toBe(200);
      expect(listed.body.jobs.find((j: { job_id: string }) => j.job_id === id)).toMatchObject({
        job_state: 'IN_PROGRESS',
      });

      const ended = await pollUntil(
        'B to see the build end',
        () => describeOn(b, id),
        (r) => r.body.job_state !== 'IN_PROGRESS',
        { intervalMs: 50, timeoutMs: 60_000 },
      );
      figures.buildMs = Date.now() - started;
      expect(ended.body).toMatchObject({ job_state: 'DONE', phase: 'done' });
      expect(ended.body.progress).toMatchObject({ fraction: 1, numIndexedRows: ROWS });
      // Both replicas tell the same story.
      expect((await describeOn(a, id)).body.ended_at_millis).toBe(ended.body.ended_at_millis);
      figures.jobCommitsPerBuild = (await stateVersion('jobs')) - jobsBefore;
      expect(figures.jobCommitsPerBuild).toBeLessThanOrEqual(10);
    });

    it('B cancels a build that A runs, and A stops it', async () => {
      const id = await buildSeenByB();
      const asked = Date.now();
      const cancel = await call(b, 'POST', '/v1/jobs/cancel', { job_id: id });
      expect(cancel.status).toBe(200);
      expect(['IN_PROGRESS', 'CANCELLED']).toContain(cancel.body.job_state);
      const onA = await pollUntil(
        'A to stop the build',
        () => describeOn(a, id),
        (r) => r.body.job_state !== 'IN_PROGRESS',
        { intervalMs: 20, timeoutMs: 10_000 },
      );
      figures.cancelSeenByOwnerMs = Date.now() - asked;
      expect(onA.body).toMatchObject({ job_state: 'CANCELLED', state: 'cancelled' });
      expect((await describeOn(b, id)).body.job_state).toBe('CANCELLED');
    });

    it('SIGKILL of A mid-build: B reports the build failed (interrupted) within the lease', async () => {
      const id = await buildSeenByB();
      expect(await a.kill('SIGKILL')).toBe('SIGKILL');
      const killed = Date.now();
      const failed = await pollUntil(
        'B to find the build interrupted',
        () => describeOn(b, id),
        (r) => r.body.job_state !== 'IN_PROGRESS',
        { intervalMs: 50, timeoutMs: place.leaseMs + place.noticeSlackMs + 10_000 },
      );
      figures.deathSeenMs = Date.now() - killed;
      expect(figures.deathSeenMs).toBeLessThanOrEqual(place.leaseMs + place.noticeSlackMs);
      expect(failed.body).toMatchObject({
        job_state: 'FAILED',
        state: 'failed',
        phase: 'interrupted',
      });
      expect(failed.body.failure.message).toBe(INTERRUPTED_MESSAGE);
      const listed = await call(b, 'POST', '/v1/jobs/list', {});
      const states = new Map(
        listed.body.jobs.map((j: { job_id: string; job_state: string }) => [j.job_id, j.job_state]),
      );
      expect(states.get(id)).toBe('FAILED');
      expect([...states.values()].sort()).toEqual(['CANCELLED', 'DONE', 'FAILED']);

      // B can build the same index again: nothing of A's is left holding it.
      const again = await call(b, 'POST', '/v1/table/ns$vectors/create_index', INDEX_BODY);
      expect(again.status).toBe(200);
      await call(b, 'POST', '/v1/jobs/cancel', { job_id: again.body.job_id });
    }, 300_000);
  });
}

replicaJobsSuite(FOLDER);

const noS3 = s3Unavailable();
if (noS3) {
  describe.skip(`index build jobs across two serve replicas on one s3:// root (skipped: ${noS3})`, () => {
    it('needs the S3 store', () => undefined);
  });
} else {
  replicaJobsSuite(BUCKET);
}
