/**
 * The job journal: records survive a restart, unfinished ones come back as failed (interrupted)
 * and can be submitted again, a torn or foreign file does not stop the registry, and the file is
 * written atomically.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobRecord } from '../../../src-main/catalog/contract';
import { ERROR_CODES } from '../../../src-main/catalog/errors';
import {
  FileJobJournal,
  INTERRUPTED_MESSAGE,
  markInterrupted,
} from '../../../src-main/catalog/job-journal';
import { JobRegistry } from '../../../src-main/catalog/jobs';

const TARGET: JobRecord['target'] = { namespacePath: ['ns'], table: 't', index: 'v_idx' };

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cs-journal-'));
  path = join(dir, 'state', 'jobs.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A run that never ends by itself: it stands for a build the process dies in the middle of. */
const forever = () => new Promise<void>(() => undefined);

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

describe('FileJobJournal', () => {
  it('loads nothing when there is no file yet', () => {
    expect(new FileJobJournal(path).load()).toEqual([]);
  });

  it('ignores a torn or foreign file instead of failing', () => {
    const journal = new FileJobJournal(path);
    journal.save([]);
    writeFileSync(path, '{"version":1,"jobs":[{"id":');
    expect(journal.load()).toEqual([]);
    writeFileSync(path, JSON.stringify({ version: 2, jobs: [] }));
    expect(journal.load()).toEqual([]);
  });

  it('writes through a temp file and leaves none behind', () => {
    new FileJobJournal(path).save([]);
    expect(readdirSync(join(dir, 'state'))).toEqual(['jobs.json']);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ version: 1, jobs: [] });
  });
});

describe('JobRegistry with a journal', () => {
  it('journals each job as it is queued, runs and finishes', async () => {
    const journal = new FileJobJournal(path);
    const registry = new JobRegistry({ journal, concurrency: 1 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const job = registry.submit({ kind: 'create_index', target: TARGET, run: () => gate });
    const queued = registry.submit({ kind: 'create_index', target: TARGET, run: async () => {} });
    const onDisk = () =>
      new Map(
        (JSON.parse(readFileSync(path, 'utf8')) as { jobs: JobRecord[] }).jobs.map((j) => [
          j.id,
          j.state,
        ]),
      );
    expect(onDisk().get(job.id)).toBe('running');
    expect(onDisk().get(queued.id)).toBe('queued');
    release();
    await registry.wait(queued.id);
    expect(onDisk().get(job.id)).toBe('succeeded');
    expect(onDisk().get(queued.id)).toBe('succeeded');
  });

  it('after a restart lists the old jobs, unfinished ones as failed (interrupted)', async () => {
    const before = new JobRegistry({ journal: new FileJobJournal(path), concurrency: 1 });
    const finished = before.submit({ kind: 'create_index', target: TARGET, run: async () => {} });
    await before.wait(finished.id);
    const running = before.submit({ kind: 'create_index', target: TARGET, run: forever });
    const queued = before.submit({ kind: 'create_index', target: TARGET, run: forever });
    expect(before.get(running.id).state).toBe('running');
    // The process dies here: `before` is never closed.

    const after = new JobRegistry({ journal: new FileJobJournal(path), concurrency: 1 });
    expect(after.list().map((j) => j.id)).toEqual(
      expect.arrayContaining([finished.id, running.id, queued.id]),
    );
    expect(after.get(finished.id).state).toBe('succeeded');
    for (const id of [running.id, queued.id]) {
      const job = after.get(id);
      expect(job.state).toBe('failed');
      expect(job.error?.message).toBe(INTERRUPTED_MESSAGE);
      expect((await after.wait(id)).state).toBe('failed');
    }
    // Nothing is active, so the same work is accepted and runs.
    expect(after.activeFor(() => true)).toEqual([]);
    expect(after.activeCount).toBe(0);
    const again = after.submit({ kind: 'create_index', target: TARGET, run: async () => {} });
    expect((await after.wait(again.id)).state).toBe('succeeded');

    // The interrupted verdict was written back, so a third start sees the same history.
    const third = new JobRegistry({ journal: new FileJobJournal(path) });
    expect(third.get(running.id).error?.message).toBe(INTERRUPTED_MESSAGE);
    expect(third.get(again.id).state).toBe('succeeded');
  });

  it('keeps only the history limit across restarts', async () => {
    const registry = new JobRegistry({ journal: new FileJobJournal(path), historyLimit: 3 });
    for (let i = 0; i < 6; i++) {
      const job = registry.submit({ kind: 'create_index', target: TARGET, run: async () => {} });
      await registry.wait(job.id);
    }
    expect(
      new JobRegistry({ journal: new FileJobJournal(path), historyLimit: 3 }).list(),
    ).toHaveLength(3);
  });

  it('goes on running jobs when the journal cannot be written', async () => {
    writeFileSync(join(dir, 'blocker'), '');
    // A journal below a regular file can never be written.
    const registry = new JobRegistry({
      journal: new FileJobJournal(join(dir, 'blocker', 'j.json')),
    });
    const job = registry.submit({ kind: 'create_index', target: TARGET, run: async () => {} });
    expect((await registry.wait(job.id)).state).toBe('succeeded');
  });
});
