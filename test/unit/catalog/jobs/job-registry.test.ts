import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobEvent, JobRecord } from '../../../../src-shared/catalog-api';
import { ERROR_CODES, errors } from '../../../../src-shared/vocabulary/errors';
import { isTerminal } from '../../../../src-main/catalog/jobs/job-states';
import type { JobContext, JobSubmission } from '../../../../src-main/catalog/jobs/job-submission';
import { JobRegistry } from '../../../../src-main/catalog/jobs/job-registry';
import { expectCode } from '../../../support/expect-code';

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets pending promise callbacks run (no timers involved). */
async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const TARGET: JobRecord['target'] = { namespacePath: ['ns'], table: 't', indexType: 'BTREE' };

/** A job that waits for its gate, and rejects as soon as it is aborted. */
function gated(
  gate: Deferred,
  extra: Partial<JobSubmission> = {},
): JobSubmission & { ctx?: JobContext } {
  const submission: JobSubmission & { ctx?: JobContext } = {
    kind: 'create_index',
    target: TARGET,
    run: async (ctx) => {
      submission.ctx = ctx;
      await new Promise<void>((resolve, reject) => {
        gate.promise.then(resolve, reject);
        ctx.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      });
    },
    ...extra,
  };
  return submission;
}

const registries: JobRegistry[] = [];
function registry(options?: ConstructorParameters<typeof JobRegistry>[0]): JobRegistry {
  const r = new JobRegistry(options);
  registries.push(r);
  return r;
}

afterEach(async () => {
  await Promise.all(registries.splice(0).map((r) => r.close()));
  vi.restoreAllMocks();
});

describe('JobRegistry scheduling', () => {
  it('runs at most `concurrency` jobs at a time and starts queued ones as slots free', async () => {
    const reg = registry({ concurrency: 2 });
    const gates = [deferred(), deferred(), deferred(), deferred()];
    let running = 0;
    let maxRunning = 0;
    const started: number[] = [];
    const records = gates.map((gate, i) =>
      reg.submit({
        kind: 'create_index',
        target: TARGET,
        run: async () => {
          started.push(i);
          running += 1;
          maxRunning = Math.max(maxRunning, running);
          await gate.promise;
          running -= 1;
        },
      }),
    );

    expect(records.map((r) => r.state)).toEqual(['running', 'running', 'queued', 'queued']);
    expect(reg.activeCount).toBe(2);
    expect(reg.queuedCount).toBe(2);
    expect(started).toEqual([0, 1]);

    gates[1]!.resolve();
    await reg.wait(records[1]!.id);
    await flush();
    expect(started).toEqual([0, 1, 2]);
    expect((await reg.get(records[2]!.id)).state).toBe('running');
    expect((await reg.get(records[3]!.id)).state).toBe('queued');
    expect(reg.activeCount).toBe(2);
    expect(reg.queuedCount).toBe(1);

    gates[0]!.resolve();
    gates[2]!.resolve();
    gates[3]!.resolve();
    const finished = await Promise.all(records.map((r) => reg.wait(r.id)));
    expect(finished.map((r) => r.state)).toEqual([
      'succeeded',
      'succeeded',
      'succeeded',
      'succeeded',
    ]);
    expect(maxRunning).toBe(2);
    expect(started).toEqual([0, 1, 2, 3]);
    expect(reg.activeCount).toBe(0);
    expect(reg.queuedCount).toBe(0);
  });

  it('defaults to two concurrent jobs', () => {
    const reg = registry();
    const gate = deferred();
    const states = [1, 2, 3].map(() => reg.submit(gated(gate)).state);
    expect(states).toEqual(['running', 'running', 'queued']);
    gate.resolve();
  });

  it('refuses a job beyond the queue with ServiceUnavailable (17)', async () => {
    const reg = registry({ concurrency: 1, maxQueued: 1 });
    const gate = deferred();
    const a = reg.submit(gated(gate));
    const b = reg.submit(gated(gate));
    expect((await reg.get(b.id)).state).toBe('queued');
    const error = await expectCode(() => reg.submit(gated(gate)), ERROR_CODES.ServiceUnavailable);
    expect(error.message).toMatch(/1 running and 1 queued/);
    expect((error as { status?: number }).status).toBe(503);
    expect(await reg.list()).toHaveLength(2);

    gate.resolve();
    await reg.wait(a.id);
    await reg.wait(b.id);
    // Room again once the jobs are done.
    const c = reg.submit(gated(deferred()));
    expect(c.state).toBe('running');
  });

  it('with maxQueued 0 refuses anything that cannot start at once', async () => {
    const reg = registry({ concurrency: 1, maxQueued: 0 });
    reg.submit(gated(deferred()));
    await expectCode(() => reg.submit(gated(deferred())), ERROR_CODES.ServiceUnavailable);
  });
});

describe('JobRegistry records and events', () => {
  it('fills the record through its life and fires progress and finished events', async () => {
    const reg = registry();
    const events: JobEvent[] = [];
    reg.on((event) => events.push(event));
    const gate = deferred();
    const sub = gated(gate, { rowsTotal: 50 });
    const submitted = reg.submit(sub);

    expect(submitted.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(submitted.kind).toBe('create_index');
    expect(submitted.target).toEqual(TARGET);
    expect(submitted.progress).toEqual({ rowsTotal: 50 });
    expect(typeof submitted.createdAt).toBe('number');
    expect(submitted.startedAt).toBeGreaterThanOrEqual(submitted.createdAt);
    expect(submitted.phase).toBe('starting');

    expect(events.map((e) => [e.type, e.job.state, e.job.phase])).toEqual([
      ['jobs:progress', 'queued', 'queued'],
      ['jobs:progress', 'running', 'starting'],
    ]);

    await flush();
    sub.ctx!.update({ phase: 'training', progress: { rowsDone: 10, fraction: 0.2 } });
    sub.ctx!.update({ progress: { rowsDone: 20 } });
    expect((await reg.get(submitted.id)).progress).toEqual({
      rowsTotal: 50,
      rowsDone: 20,
      fraction: 0.2,
    });
    expect((await reg.get(submitted.id)).phase).toBe('training');

    gate.resolve();
    const done = await reg.wait(submitted.id);
    expect(done.state).toBe('succeeded');
    expect(done.phase).toBe('done');
    expect(done.progress).toEqual({ rowsTotal: 50, rowsDone: 20, fraction: 1 });
    expect(done.endedAt).toBeGreaterThanOrEqual(done.startedAt!);
    expect(done.error).toBeUndefined();

    expect(events.map((e) => e.type)).toEqual([
      'jobs:progress',
      'jobs:progress',
      'jobs:progress',
      'jobs:progress',
      'jobs:finished',
    ]);
    expect(events[2]!.job.progress).toEqual({ rowsTotal: 50, rowsDone: 10, fraction: 0.2 });
    // Events carry snapshots: later changes do not rewrite earlier events.
    expect(events[0]!.job.state).toBe('queued');
    expect(events[4]!.job).toEqual(done);
    expect(events.every((e) => e.job.id === submitted.id)).toBe(true);

    // Updates after the end are ignored and emit nothing.
    sub.ctx!.update({ phase: 'late', progress: { rowsDone: 99 } });
    expect((await reg.get(submitted.id)).phase).toBe('done');
    expect(events).toHaveLength(5);
  });

  it('stops delivering events to a listener that unsubscribed', async () => {
    const reg = registry();
    const events: JobEvent[] = [];
    const off = reg.on((event) => events.push(event));
    const first = reg.submit({ kind: 'import', target: TARGET, run: async () => {} });
    await reg.wait(first.id);
    const count = events.length;
    expect(count).toBeGreaterThan(0);
    off();
    const second = reg.submit({ kind: 'import', target: TARGET, run: async () => {} });
    await reg.wait(second.id);
    expect(events).toHaveLength(count);
  });

  it('keeps delivering events when one listener throws', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reg = registry();
    const seen: string[] = [];
    reg.on(() => {
      throw new Error('listener broke');
    });
    reg.on((event) => seen.push(event.type));
    const job = reg.submit({ kind: 'import', target: TARGET, run: async () => {} });
    const done = await reg.wait(job.id);
    expect(done.state).toBe('succeeded');
    expect(seen).toContain('jobs:finished');
    expect(consoleError).toHaveBeenCalled();
  });

  it('hands out copies, so callers cannot change the registry', async () => {
    const reg = registry();
    const job = reg.submit(gated(deferred()));
    const copy = await reg.get(job.id);
    copy.state = 'failed';
    copy.phase = 'hacked';
    expect((await reg.get(job.id)).state).toBe('running');
    expect((await reg.get(job.id)).phase).toBe('starting');
  });

  it('lists jobs newest first and finds active ones by predicate', async () => {
    const reg = registry({ concurrency: 1 });
    const gate = deferred();
    const a = reg.submit(gated(gate, { target: { namespacePath: [], table: 'a' } }));
    await sleep(2);
    const b = reg.submit(gated(gate, { target: { namespacePath: [], table: 'b' } }));
    expect((await reg.list()).map((r) => r.id)).toEqual([b.id, a.id]);
    expect(reg.activeFor((r) => r.target.table === 'b').map((r) => r.id)).toEqual([b.id]);
    expect(reg.activeFor(() => true)).toHaveLength(2);
    gate.resolve();
    await reg.wait(b.id);
    expect(reg.activeFor(() => true)).toEqual([]);
    expect(await reg.list()).toHaveLength(2);
  });

  it('reports unknown ids as TransactionNotFound (10)', async () => {
    const reg = registry();
    const error = await expectCode(() => reg.get('no-such-job'), ERROR_CODES.TransactionNotFound);
    expect(error.message).toContain('no-such-job');
    await expectCode(() => reg.cancel('no-such-job'), ERROR_CODES.TransactionNotFound);
    await expectCode(() => reg.wait('no-such-job'), ERROR_CODES.TransactionNotFound);
  });
});

describe('JobRegistry failures', () => {
  it('ends failed with the code of a CatalogError the job throws', async () => {
    const reg = registry();
    const job = reg.submit({
      kind: 'create_index',
      target: TARGET,
      run: async () => {
        throw errors.TableColumnNotFound('Column zz was not found');
      },
    });
    const done = await reg.wait(job.id);
    expect(done.state).toBe('failed');
    expect(done.phase).toBe('failed');
    expect(done.error).toEqual({
      code: ERROR_CODES.TableColumnNotFound,
      name: 'TableColumnNotFound',
      message: 'Column zz was not found',
    });
    expect(done.progress.fraction).toBeUndefined();
  });

  it('maps a plain Error to Internal (18), keeping its message', async () => {
    const reg = registry();
    const job = reg.submit({
      kind: 'import',
      target: TARGET,
      run: async () => {
        throw new Error('disk on fire');
      },
    });
    const done = await reg.wait(job.id);
    expect(done.state).toBe('failed');
    expect(done.error).toEqual({ code: 18, name: 'Internal', message: 'disk on fire' });
  });

  it('maps a thrown non-Error value to Internal too', async () => {
    const reg = registry();
    const job = reg.submit({
      kind: 'import',
      target: TARGET,
      run: () => Promise.reject('just a string'),
    });
    const done = await reg.wait(job.id);
    expect(done.error).toEqual({ code: 18, name: 'Internal', message: 'just a string' });
  });

  it('treats a synchronous throw from run as a failure, not a crash', async () => {
    const reg = registry();
    const job = reg.submit({
      kind: 'import',
      target: TARGET,
      run: () => {
        throw errors.InvalidInput('bad');
      },
    });
    expect((await reg.wait(job.id)).error?.code).toBe(ERROR_CODES.InvalidInput);
  });

  it('uses a custom mapError', async () => {
    const reg = registry({ mapError: () => errors.Throttling('mapped') });
    const job = reg.submit({
      kind: 'import',
      target: TARGET,
      run: async () => {
        throw new Error('raw');
      },
    });
    expect((await reg.wait(job.id)).error).toEqual({
      code: ERROR_CODES.Throttling,
      name: 'Throttling',
      message: 'mapped',
    });
  });

  it('frees the slot of a failed job for the next one', async () => {
    const reg = registry({ concurrency: 1 });
    const failing = reg.submit({
      kind: 'import',
      target: TARGET,
      run: async () => {
        throw new Error('x');
      },
    });
    const next = reg.submit({ kind: 'import', target: TARGET, run: async () => {} });
    expect(next.state).toBe('queued');
    expect((await reg.wait(failing.id)).state).toBe('failed');
    expect((await reg.wait(next.id)).state).toBe('succeeded');
  });
});

describe('JobRegistry cancellation', () => {
  it('cancels a queued job at once, without ever running it', async () => {
    const reg = registry({ concurrency: 1 });
    const gate = deferred();
    const first = reg.submit(gated(gate));
    let ran = false;
    const queued = reg.submit({
      kind: 'import',
      target: TARGET,
      run: async () => {
        ran = true;
      },
    });
    const events: JobEvent[] = [];
    reg.on((e) => events.push(e));

    const cancelled = await reg.cancel(queued.id);
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.phase).toBe('cancelled');
    expect(cancelled.error).toBeUndefined();
    expect(cancelled.endedAt).toBeDefined();
    expect(reg.queuedCount).toBe(0);
    expect(events.map((e) => [e.type, e.job.state])).toEqual([['jobs:finished', 'cancelled']]);
    expect((await reg.wait(queued.id)).state).toBe('cancelled');

    gate.resolve();
    await reg.wait(first.id);
    await flush();
    expect(ran).toBe(false);
  });

  it('cancels a running job by aborting its signal', async () => {
    const reg = registry();
    const sub = gated(deferred());
    const job = reg.submit(sub);
    await flush();
    expect(sub.ctx!.signal.aborted).toBe(false);
    const returned = await reg.cancel(job.id);
    expect(sub.ctx!.signal.aborted).toBe(true);
    // Still running until the job notices.
    expect(returned.state).toBe('running');
    const done = await reg.wait(job.id);
    expect(done.state).toBe('cancelled');
    expect(done.error).toBeUndefined();
    expect(reg.activeCount).toBe(0);
  });

  it('reports a job that fails after being aborted as cancelled, not failed', async () => {
    const reg = registry();
    const job = reg.submit({
      kind: 'import',
      target: TARGET,
      run: ({ signal }) =>
        new Promise<void>((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(errors.Internal('torn down')));
        }),
    });
    await reg.cancel(job.id);
    expect((await reg.wait(job.id)).state).toBe('cancelled');
  });

  it('leaves a finished job as it is', async () => {
    const reg = registry();
    const job = reg.submit({ kind: 'import', target: TARGET, run: async () => {} });
    const done = await reg.wait(job.id);
    const after = await reg.cancel(job.id);
    expect(after).toEqual(done);
    expect(after.state).toBe('succeeded');
  });
});

describe('JobRegistry estimates', () => {
  it('gives estimateMs only once a job with the same throughputKey has finished', async () => {
    const reg = registry({ concurrency: 1 });
    const events: JobEvent[] = [];
    reg.on((e) => events.push(e));

    // First job: no history, so no estimate at any point.
    const first = reg.submit({
      kind: 'create_index',
      target: TARGET,
      rowsTotal: 1000,
      throughputKey: 'ivf_pq:128',
      run: async (ctx) => {
        await sleep(5);
        ctx.update({ progress: { rowsDone: 500 } });
      },
    });
    const firstDone = await reg.wait(first.id);
    expect(firstDone.state).toBe('succeeded');
    expect(
      events.filter((e) => e.job.id === first.id).every((e) => e.job.estimateMs === undefined),
    ).toBe(true);

    // A job of another key still has none.
    const other = reg.submit({
      kind: 'create_index',
      target: TARGET,
      rowsTotal: 1000,
      throughputKey: 'btree',
      run: async () => {},
    });
    expect(other.estimateMs).toBeUndefined();
    await reg.wait(other.id);

    // Same key: estimated from the first job's throughput.
    const gate = deferred();
    const second = reg.submit(gated(gate, { rowsTotal: 1000, throughputKey: 'ivf_pq:128' }));
    expect(typeof second.estimateMs).toBe('number');
    expect(second.estimateMs!).toBeGreaterThanOrEqual(0);
    expect((await reg.get(second.id)).estimateMs).toBeDefined();

    // Without rowsTotal there is nothing to estimate from.
    gate.resolve();
    const secondDone = await reg.wait(second.id);
    expect(secondDone.estimateMs).toBeUndefined();
    const noRows = reg.submit(gated(deferred(), { throughputKey: 'ivf_pq:128' }));
    expect(noRows.estimateMs).toBeUndefined();
  });

  it('scales the estimate with the rows of the new job', async () => {
    const reg = registry({ concurrency: 2 });
    const first = reg.submit({
      kind: 'create_index',
      target: TARGET,
      rowsTotal: 100,
      throughputKey: 'k',
      run: () => sleep(5),
    });
    await reg.wait(first.id);
    const small = reg.submit(gated(deferred(), { rowsTotal: 100, throughputKey: 'k' }));
    const big = reg.submit(gated(deferred(), { rowsTotal: 100_000, throughputKey: 'k' }));
    expect(big.estimateMs!).toBeGreaterThan(small.estimateMs!);
  });
});

describe('JobRegistry history', () => {
  async function runQuick(reg: JobRegistry): Promise<string> {
    const job = reg.submit({ kind: 'import', target: TARGET, run: async () => {} });
    await reg.wait(job.id);
    return job.id;
  }

  it('drops the oldest finished jobs beyond historyLimit when a job is submitted', async () => {
    const reg = registry({ historyLimit: 2 });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await runQuick(reg));
    const gate = deferred();
    const live = reg.submit(gated(gate));
    const finished = (await reg.list()).filter((r) => isTerminal(r.state));
    expect(finished.length).toBeLessThanOrEqual(2);
    expect(finished.map((r) => r.id).sort()).toEqual([ids[2]!, ids[3]!].sort());
    await expectCode(() => reg.get(ids[0]!), ERROR_CODES.TransactionNotFound);
    // Unfinished jobs are never pruned.
    expect((await reg.get(live.id)).state).toBe('running');
    gate.resolve();
  });

  it('never prunes running or queued jobs, however many there are', async () => {
    const reg = registry({ historyLimit: 0, concurrency: 1, maxQueued: 10 });
    const gate = deferred();
    const ids = Array.from({ length: 5 }, () => reg.submit(gated(gate)).id);
    expect((await reg.list()).map((r) => r.id).sort()).toEqual([...ids].sort());
    gate.resolve();
  });

  // Regression (fixed in 9681c64): when prune() ran only inside submit(), jobs that finished after
  // the last submit were never pruned and the registry kept more than historyLimit of them.
  it('holds at most historyLimit finished jobs once the jobs have finished', async () => {
    const reg = registry({ historyLimit: 2 });
    for (let i = 0; i < 4; i++) await runQuick(reg);
    const finished = (await reg.list()).filter((r) => isTerminal(r.state));
    expect(finished.length).toBeLessThanOrEqual(2);
  });
});

describe('JobRegistry.close', () => {
  it('cancels queued jobs and waits for running ones to stop', async () => {
    const reg = registry({ concurrency: 1 });
    const running = reg.submit(gated(deferred()));
    const queued = reg.submit(gated(deferred()));
    await reg.close();
    expect((await reg.get(running.id)).state).toBe('cancelled');
    expect((await reg.get(queued.id)).state).toBe('cancelled');
    expect(reg.activeCount).toBe(0);
    expect(reg.queuedCount).toBe(0);
  });

  it('does not resolve until a running job that ignores the signal has ended', async () => {
    const reg = registry({ concurrency: 1 });
    const gate = deferred();
    let signal: AbortSignal | undefined;
    const job = reg.submit({
      kind: 'import',
      target: TARGET,
      run: async (ctx) => {
        signal = ctx.signal;
        await gate.promise;
      },
    });
    let closed = false;
    const closing = reg.close().then(() => {
      closed = true;
    });
    await flush();
    await sleep(2);
    expect(signal?.aborted).toBe(true);
    expect(closed).toBe(false);
    gate.resolve();
    await closing;
    expect(closed).toBe(true);
    expect(isTerminal((await reg.get(job.id)).state)).toBe(true);
  });

  it('resolves at once with nothing to do', async () => {
    await expect(registry().close()).resolves.toBeUndefined();
  });
});
