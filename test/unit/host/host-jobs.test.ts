/**
 * The host's one job registry keyed by kind: each kind runs one at a time on its own queue (an
 * import does not wait behind an export), compactions and cleanups share theirs, and listing,
 * cancel and events see every queue.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { JobEvent, JobRecord } from '../../../src-shared/catalog-api';
import { HostJobs, type HostJobKind } from '../../../src-main/host/host-jobs';
import { ERROR_CODES } from '../../../src-shared/vocabulary/errors';
import { expectCode } from '../../support/expect-code';

const TARGET: JobRecord['target'] = { namespacePath: ['ns'], table: 't' };

/** A job of `kind` that runs until it is let go, or aborted. */
function held(jobs: HostJobs, kind: HostJobKind) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const record = jobs.runner(kind).submit({
    kind,
    target: TARGET,
    run: (ctx) =>
      new Promise<void>((resolve, reject) => {
        void gate.then(resolve);
        ctx.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      }),
  });
  return { id: record.id, release };
}

const stateOf = async (jobs: HostJobs, id: string) =>
  (await jobs.list()).find((job) => job.id === id)?.state;

let open: HostJobs[] = [];
afterEach(async () => {
  await Promise.all(open.map((jobs) => jobs.close()));
  open = [];
});
function hostJobs(): HostJobs {
  const jobs = new HostJobs();
  open.push(jobs);
  return jobs;
}

describe('HostJobs', () => {
  it('runs kinds on their own queues, but a compaction and a cleanup one after the other', async () => {
    const jobs = hostJobs();
    const kinds: HostJobKind[] = ['import', 'recall_check', 'export', 'copy', 'compact'];
    const running = kinds.map((kind) => held(jobs, kind));
    const cleanup = held(jobs, 'cleanup');
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (const job of running) expect(await stateOf(jobs, job.id)).toBe('running');
    expect(await stateOf(jobs, cleanup.id)).toBe('queued');
    expect(jobs.runner('compact')).toBe(jobs.runner('cleanup'));
    expect(jobs.runner('import')).not.toBe(jobs.runner('export'));
    for (const job of [...running, cleanup]) job.release();
  });

  it('lists, cancels and reports the jobs of every queue', async () => {
    const jobs = hostJobs();
    const events: JobEvent[] = [];
    jobs.on((event) => events.push(event));
    const copy = held(jobs, 'copy');
    const exported = held(jobs, 'export');
    expect((await jobs.list()).map((job) => job.id).sort()).toEqual([copy.id, exported.id].sort());
    await jobs.cancel(exported.id);
    await jobs.runner('export').wait(exported.id);
    expect(await stateOf(jobs, exported.id)).toBe('cancelled');
    expect(events.some((e) => e.type === 'jobs:finished' && e.job.id === exported.id)).toBe(true);
    copy.release();
    expect((await jobs.runner('copy').wait(copy.id)).state).toBe('succeeded');
  });

  it('refuses to cancel a job no queue knows', async () => {
    await expectCode(hostJobs().cancel('no-such-job'), ERROR_CODES.TransactionNotFound);
  });
});
