/**
 * Process-lease renewals on an `s3://` root with both cores busy (two busy-loop child processes,
 * as a replica building an index on every core would leave it), measured: each renewal's time
 * from its start to its write returning, idle and loaded. Meanwhile another reader (its own lease and
 * watch, as another replica) judges the renewing owner every 200 ms, and must never find it
 * dead: a busy owner's late renewals are covered by the grace its slowest renewal earns it
 * (src-main/catalog/dir/coordination/lease-watch.ts). Figures: `[reliability:lease-under-load]`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { ProcessLease } from '../../src-main/catalog/dir/coordination/process-lease';
import { openRoot } from '../../src-main/catalog/storage/open-root';
import { reportFigures, scaled } from '../support/reliability-scale';
import { describeWithS3, s3Root, s3StorageOptions } from '../support/s3-store';

/** The production lease is 15 s, renewed every 5 s; a shorter one gives more samples per second. */
const LEASE_MS = 3_000;
const IDLE_MS = scaled(4_000, 15_000);
const LOADED_MS = scaled(12_000, 60_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

describeWithS3('process-lease renewals on an s3:// root with both cores busy', () => {
  const busy: ChildProcess[] = [];
  afterAll(() => {
    for (const child of busy) child.kill('SIGKILL');
  });

  it('renews through the load, and the other replica never judges the owner dead', async () => {
    const root = s3Root(`lease-load-${randomBytes(3).toString('hex')}`);
    const storageOptions = s3StorageOptions();
    // Two connections to the root, as two replicas have.
    const ownerRoot = await openRoot(root, { storageOptions });
    const readerRoot = await openRoot(root, { storageOptions });
    const owner = new ProcessLease(ownerRoot.store, LEASE_MS);
    const reader = new ProcessLease(readerRoot.store, LEASE_MS);
    const release = await owner.hold();
    const verdicts: string[] = [];
    let judging = true;
    const judge = (async () => {
      while (judging) {
        const dead = await reader.deadAmong([owner.owner]).catch(() => new Set<string>());
        if (dead.has(owner.owner)) verdicts.push(`dead at ${new Date().toISOString()}`);
        await sleep(200);
      }
    })();
    try {
      await sleep(IDLE_MS);
      const idle = [...owner.renewalTimes];
      for (let core = 0; core < 2; core++) {
        busy.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
      }
      await sleep(LOADED_MS);
      const loaded = owner.renewalTimes.slice(idle.length);
      for (const child of busy.splice(0)) child.kill('SIGKILL');
      reportFigures('lease-under-load', {
        idle_renewals: idle.length,
        idle_p50_ms: percentile(idle, 50),
        idle_max_ms: Math.max(...idle),
        loaded_renewals: loaded.length,
        loaded_p50_ms: percentile(loaded, 50),
        loaded_p95_ms: percentile(loaded, 95),
        loaded_max_ms: Math.max(...loaded),
        dead_verdicts: verdicts.length,
      });
      expect(idle.length).toBeGreaterThan(0);
      expect(loaded.length).toBeGreaterThan(0);
      expect(verdicts).toEqual([]);
    } finally {
      judging = false;
      await judge;
      release();
      await owner.close();
      await reader.close();
      ownerRoot.close();
      readerRoot.close();
    }
  }, 180_000);
});
