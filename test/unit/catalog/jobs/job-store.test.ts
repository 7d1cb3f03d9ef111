/**
 * The shared job store, on a real Lance table in a temp root. Two registries with their own
 * process leases on one root stand in for two processes serving it: each answers for the other's
 * jobs, a cancel crosses from one to the other, a dead owner's jobs are reported interrupted,
 * and a restart finds the history.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobRecord } from '../../../../src-shared/catalog-api';
import { ERROR_CODES } from '../../../../src-shared/vocabulary/errors';
import { dirJobJournal } from '../../../../src-main/catalog/dir/coordination/dir-job-journal';
import { ProcessLease } from '../../../../src-main/catalog/dir/coordination/process-lease';
import { StateTables } from '../../../../src-main/catalog/dir/coordination/state-tables';
import { LocalObjectStore } from '../../../../src-main/catalog/storage/local-object-store';
import { STATE_FOLDER } from '../../../../src-main/catalog/dir/coordination/state-folder';
import {
  INTERRUPTED_MESSAGE,
  JobStore,
  markInterrupted,
} from '../../../../src-main/catalog/jobs/job-store';
import type { JobContext } from '../../../../src-main/catalog/jobs/job-submission';
import { JobRegistry } from '../../../../src-main/catalog/jobs/job-registry';
import { pollUntil } from '../../../integration/server/contract-helpers';
import { expectCode } from '../../../support/expect-code';

const TARGET: JobRecord['target'] = { namespacePath: ['ns'], table: 't', index: 'v_idx' };
const LEASE_MS = 800;
const POLL_MS = 50;

/** One process serving the root: its own state connection, lease and registry. */
interface Process {
  state: StateTables;
  lease: ProcessLease;
  store: JobStore;
  jobs: JobRegistry;
}

let root: string;
let processes: Process[];

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'cs-job-store-'));
  processes = [];
});

afterEach(async () => {
  for (const p of processes.splice(0)) {
    await p.jobs.close();
    await p.lease.close();
    p.state.close();
  }
  rmSync(root, { recursive: true, force: true });
});

function start(options: { historyLimit?: number; progressMs?: number } = {}): Process {
  const state = new StateTables(root);
  const lease = new ProcessLease(new LocalObjectStore(root), LEASE_MS);
  const store = new JobStore(dirJobJournal(state, lease));
  const jobs = new JobRegistry({ store, pollMs: POLL_MS, concurrency: 1, ...options });
  const p = { state, lease, store, jobs };
  processes.push(p);
  return p;
}

/** A run that lasts until it is aborted (or forever), handing out its context. */
function holding(onContext?: (ctx: JobContext) => void) {
  return {
    kind: 'create_index' as const,
    target: TARGET,
    rowsTotal: 1000,
    run: (ctx: JobContext) =>
      new Promise<void>((_resolve, reject) => {
        onContext?.(ctx);
        ctx.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      }),
  };
}

/** The job table's version: one more per commit, whoever made it. */
async function jobTableVersion(): Promise<number> {
  const db = await lancedb.connect(join(root, STATE_FOLDER));
  const table = await db.openTable('jobs');
  const version = await table.version();
  db.close();
  return version;
}

describe('markInterrupted', () => {
  it('fails queued and running records with the interrupted error, and leaves finished ones', () => {
    const base: JobRecord = {
      id: 'j',
      kind: 'create_index',
      target: TARGET,
      state: 'running',
      phase: 'building',
      progress: {},
      createdAt: 1,
      startedAt: 2,
      estimateMs: 500,
    };
    const failed = markInterrupted(base, 99);
    expect(failed).toMatchObject({ state: 'failed', phase: 'interrupted', endedAt: 99 });
    expect(failed.error).toEqual({
      code: ERROR_CODES.Internal,
      name: 'Internal',
      message: INTERRUPTED_MESSAGE,
    });
    expect(failed).not.toHaveProperty('estimateMs');
    expect(markInterrupted({ ...base, state: 'queued' }, 99).state).toBe('failed');
    const done = { ...base, state: 'succeeded' as const, endedAt: 5 };
    expect(markInterrupted(done, 99)).toBe(done);
  });
});

describe('two processes sharing one root', () => {
  it("answers for the other process's job, with its phase and progress", async () => {
    const a = start({ progressMs: 100 });
    const b = start();
    let ctx!: JobContext;
    const job = a.jobs.submit(holding((c) => (ctx = c)));
    await a.jobs.recorded(job.id);
    // Recorded means readable by the other process at once.
    expect((await b.jobs.get(job.id)).id).toBe(job.id);

    await pollUntil('the job to run', async () => ctx as JobContext | undefined, Boolean, {
      intervalMs: 5,
    });
    ctx.update({ phase: 'building', progress: { rowsDone: 10, fraction: 0.01 } });
    const seen = await pollUntil(
      'B to see the phase',
      () => b.jobs.get(job.id),
      (r) => r.phase === 'building',
      { intervalMs: 10 },
    );
    expect(seen).toMatchObject({ state: 'running', kind: 'create_index', target: TARGET });
    expect(seen.progress.rowsTotal).toBe(1000);

    // Many progress ticks cost a few commits: at most one per progressMs, and the last one lands.
    const before = await jobTableVersion();
    for (let i = 1; i <= 200; i++) {
      ctx.update({ progress: { rowsDone: i * 5, fraction: i / 200 } });
      if (i % 20 === 0) await new Promise((r) => setTimeout(r, 25));
    }
    const last = await pollUntil(
      'B to see the last progress',
      () => b.jobs.get(job.id),
      (r) => r.progress.rowsDone === 1000,
      { intervalMs: 20 },
    );
    expect(last.progress.fraction).toBe(1);
    const commits = (await jobTableVersion()) - before;
    expect(commits).toBeLessThanOrEqual(6);

    expect((await b.jobs.list()).map((r) => r.id)).toContain(job.id);
    expect(await b.jobs.activeAnywhere((r) => r.target.table === 't')).toHaveLength(1);
    expect(b.jobs.activeFor(() => true)).toEqual([]);
    await a.jobs.cancel(job.id);
    expect((await b.jobs.wait(job.id)).state).toBe('cancelled');
  });

  it("cancels the other process's running and queued jobs through the store", async () => {
    const a = start();
    const b = start();
    let aborted = false;
    const running = a.jobs.submit(
      holding((ctx) => ctx.signal.addEventListener('abort', () => (aborted = true))),
    );
    const queued = a.jobs.submit(holding());
    await a.jobs.recorded(running.id);
    await a.jobs.recorded(queued.id);
    await pollUntil(
      'the first job to run',
      () => b.jobs.get(running.id),
      (r) => r.state === 'running',
      {
        intervalMs: 10,
      },
    );

    // Answered as it stands: the owner has not noticed yet.
    const answered = await b.jobs.cancel(running.id);
    expect(answered.state).toBe('running');
    const ended = await b.jobs.wait(running.id);
    expect(ended.state).toBe('cancelled');
    expect(aborted).toBe(true);
    expect((await a.jobs.get(running.id)).state).toBe('cancelled');

    await b.jobs.cancel(queued.id);
    expect((await a.jobs.wait(queued.id)).state).toBe('cancelled');
    expect((await b.jobs.get(queued.id)).state).toBe('cancelled');
  });

  it('reports the jobs of a process whose lease expired as failed (interrupted), once', async () => {
    const b = start();
    // A process that recorded a running job and then stopped renewing its lease: it died.
    const deadState = new StateTables(root);
    const deadLease = new ProcessLease(new LocalObjectStore(root), LEASE_MS);
    const dead = new JobStore(dirJobJournal(deadState, deadLease));
    const release = await deadLease.hold();
    const record: JobRecord = {
      id: 'dead-job',
      kind: 'create_index',
      target: TARGET,
      state: 'running',
      phase: 'building',
      progress: { rowsDone: 5 },
      createdAt: Date.now(),
      startedAt: Date.now(),
    };
    await dead.insert(record);
    release();
    const diedAt = Date.now();

    // Within the lease it is still taken for alive.
    expect((await b.jobs.get('dead-job')).state).toBe('running');
    const failed = await pollUntil(
      'the lease to expire',
      () => b.jobs.get('dead-job'),
      (r) => r.state === 'failed',
      { intervalMs: 20, timeoutMs: 5000 },
    );
    expect(Date.now() - diedAt).toBeLessThan(LEASE_MS + 500);
    expect(failed).toMatchObject({ phase: 'interrupted', progress: { rowsDone: 5 } });
    expect(failed.error).toEqual({
      code: ERROR_CODES.Internal,
      name: 'Internal',
      message: INTERRUPTED_MESSAGE,
    });
    // Written back: the verdict (and its time) is the same for every later reader.
    const c = start();
    expect(await c.jobs.get('dead-job')).toEqual(failed);
    expect((await c.jobs.list()).find((r) => r.id === 'dead-job')).toEqual(failed);
    expect(await c.jobs.wait('dead-job')).toEqual(failed);
    expect(await c.jobs.cancel('dead-job')).toEqual(failed);
    expect(await c.jobs.activeAnywhere(() => true)).toEqual([]);
    // The dead process's late write cannot bring it back.
    expect(await dead.write({ ...record, phase: 'late' })).toBe('taken-over');
    expect(await dead.finish({ ...record, state: 'succeeded' })).toBe(false);
    expect((await c.jobs.get('dead-job')).state).toBe('failed');
    deadState.close();
  });

  it('a process judged dead while it stalled ends its job as interrupted too', async () => {
    const a = start();
    const b = start();
    const job = a.jobs.submit(holding());
    await a.jobs.recorded(job.id);
    // Its lease row is gone (as if it had not renewed for a whole lease), but it still runs.
    await a.lease.close();
    const verdict = await b.jobs.get(job.id);
    expect(verdict.error?.message).toBe(INTERRUPTED_MESSAGE);
    const ended = await a.jobs.wait(job.id);
    expect(ended).toMatchObject({ state: 'failed', phase: 'interrupted' });
    expect(ended.error?.message).toBe(INTERRUPTED_MESSAGE);
  });

  it('a job another process judged interrupted ends interrupted even when its run then succeeds', async () => {
    const a = start();
    const b = start();
    let finishRun!: () => void;
    const job = a.jobs.submit({
      kind: 'create_index',
      target: TARGET,
      run: () => new Promise<void>((resolve) => (finishRun = resolve)),
    });
    await a.jobs.recorded(job.id);
    // A stalled past its lease (its row is gone), and B reports the job interrupted.
    await a.lease.close();
    expect((await b.jobs.get(job.id)).phase).toBe('interrupted');
    // A's run then completes before A hears of the verdict: its end is the store's, not "done".
    finishRun();
    const ended = await a.jobs.wait(job.id);
    expect(ended).toMatchObject({ state: 'failed', phase: 'interrupted' });
    expect(ended.error?.message).toBe(INTERRUPTED_MESSAGE);
    expect(await a.jobs.get(job.id)).toMatchObject({ state: 'failed' });
    expect((await b.jobs.get(job.id)).state).toBe('failed');
  });

  it('after a restart, lists the jobs of the process before it', async () => {
    const before = start();
    const finished = before.jobs.submit({ kind: 'import', target: TARGET, run: async () => {} });
    await before.jobs.wait(finished.id);
    const failing = before.jobs.submit({
      kind: 'import',
      target: TARGET,
      run: async () => {
        throw new Error('it\'s \\ broken "badly" — ünïcode');
      },
    });
    await before.jobs.wait(failing.id);

    const after = start();
    const listed = await after.jobs.list();
    expect(listed.map((r) => r.id)).toEqual([failing.id, finished.id]);
    expect(listed[0]!.error?.message).toBe('it\'s \\ broken "badly" — ünïcode');
    expect(listed[1]).toEqual(await before.jobs.get(finished.id));
    await expectCode(() => after.jobs.get('no-such-job'), ERROR_CODES.TransactionNotFound);
    await expectCode(() => after.jobs.get("x' OR '1'='1"), ERROR_CODES.TransactionNotFound);
    await expectCode(() => after.jobs.cancel('no-such-job'), ERROR_CODES.TransactionNotFound);
    await expectCode(() => after.jobs.wait('no-such-job'), ERROR_CODES.TransactionNotFound);
  });

  it('keeps about historyLimit finished jobs in the root', async () => {
    const a = start({ historyLimit: 3 });
    for (let i = 0; i < 12; i++) {
      const job = a.jobs.submit({ kind: 'import', target: TARGET, run: async () => {} });
      await a.jobs.wait(job.id);
    }
    const other = start();
    await pollUntil(
      'the history to be pruned',
      () => other.jobs.list(),
      (jobs) => jobs.length <= 4,
      { intervalMs: 20 },
    );
  });
});

describe('a busy root', () => {
  it('compacts the job table as it goes, while two processes write it', async () => {
    const processes2 = [0, 1].map(() => {
      const state = new StateTables(root);
      const lease = new ProcessLease(new LocalObjectStore(root), LEASE_MS);
      const store = new JobStore(dirJobJournal(state, lease), { compactEvery: 8 });
      const jobs = new JobRegistry({ store, pollMs: POLL_MS, concurrency: 2, progressMs: 0 });
      const p = { state, lease, store, jobs };
      processes.push(p);
      return p;
    });
    const ids = await Promise.all(
      processes2.map(async ({ jobs }) => {
        const mine: string[] = [];
        for (let i = 0; i < 12; i++) {
          const job = jobs.submit({
            kind: 'import',
            target: TARGET,
            run: async (ctx) => {
              for (let n = 1; n <= 3; n++) ctx.update({ progress: { rowsDone: n } });
            },
          });
          mine.push(job.id);
          await jobs.wait(job.id);
        }
        return mine;
      }),
    );
    const listed = await start().jobs.list();
    expect(listed.map((r) => r.id).sort()).toEqual(ids.flat().sort());
    expect(listed.every((r) => r.state === 'succeeded')).toBe(true);
    const db = await lancedb.connect(join(root, STATE_FOLDER));
    const table = await db.openTable('jobs');
    // Without compaction there would be one small fragment per commit (over a hundred).
    expect((await table.stats()).fragmentStats.numFragments).toBeLessThan(40);
    db.close();
  });
});

describe('a store that cannot be written', () => {
  it('ends the job failed without running it, and the registry goes on', async () => {
    writeFileSync(join(root, 'blocker'), '');
    // A root below a regular file can never be written.
    const state = new StateTables(join(root, 'blocker', 'catalog'));
    const lease = new ProcessLease(new LocalObjectStore(root), LEASE_MS);
    const jobs = new JobRegistry({ store: new JobStore(dirJobJournal(state, lease)) });
    let ran = false;
    const job = jobs.submit({
      kind: 'import',
      target: TARGET,
      run: async () => {
        ran = true;
      },
    });
    const ended = await jobs.wait(job.id);
    expect(ended.state).toBe('failed');
    expect(ran).toBe(false);
    await jobs.close();
    await lease.close();
    state.close();
  });
});
