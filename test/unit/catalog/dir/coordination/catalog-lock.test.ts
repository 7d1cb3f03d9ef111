/**
 * The catalog lock is mutual exclusion across processes: several lock instances on one root
 * (each with its own in-memory queue, as separate processes have) never hold it at once; a holder
 * that stopped renewing is taken over, with its intent handed to recovery first; a holder that
 * lost its lease is fenced off from writing; and a slow store alone never costs a holder its lease.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CatalogLock,
  fenceHeldWrite,
} from '../../../../../src-main/catalog/dir/coordination/catalog-lock';
import { LocalObjectStore } from '../../../../../src-main/catalog/storage/local-object-store';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'cs-lock-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const LOCK = '.catalog-studio/lock';

/** A folder store whose renewals can be made slow, or made to hang as a stalled process's do. */
class RenewalControlledStore extends LocalObjectStore {
  renewalDelayMs = 0;
  renewalsHang = false;
  override async putIfAbsent(key: string, body: Uint8Array | string): Promise<boolean> {
    if (key.includes('.renew.')) {
      if (this.renewalsHang) return new Promise<boolean>(() => undefined);
      await sleep(this.renewalDelayMs);
    }
    return super.putIfAbsent(key, body);
  }
}

describe('CatalogLock', () => {
  it('never lets two holders in at once, and loses no update made under it', async () => {
    const locks = Array.from({ length: 6 }, () => new CatalogLock(new LocalObjectStore(root)));
    const spans: Array<[number, number]> = [];
    let counter = 0;
    await Promise.all(
      locks.flatMap((lock) =>
        Array.from({ length: 8 }, () =>
          lock.run({ op: 'test' }, async () => {
            const start = performance.now();
            const seen = counter;
            await sleep(Math.random() * 3);
            counter = seen + 1; // a read-modify-write that any overlap would lose
            spans.push([start, performance.now()]);
          }),
        ),
      ),
    );
    expect(counter).toBe(48);
    spans.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i++)
      expect(spans[i]![0]).toBeGreaterThanOrEqual(spans[i - 1]![1]);
  });

  it('takes over an abandoned epoch only after watching it a whole lease, then recovers its intent', async () => {
    const store = new LocalObjectStore(root);
    // A holder of epoch 1 that died; its written expiry says it is over, which alone is not enough.
    await store.putIfAbsent(
      `${LOCK}/0000000000000001`,
      JSON.stringify({ owner: 'dead', expiresAt: Date.now() - 1, intent: { op: 'first' } }),
    );
    await store.putIfAbsent(
      `${LOCK}/0000000000000001.intent.000001`,
      JSON.stringify({ intent: { op: 'move_folder', from: 'a', to: 'b' } }),
    );
    const recovered: unknown[] = [];
    const lock = new CatalogLock(store, {
      leaseMs: 300,
      recover: async (intent) => void recovered.push(intent),
    });
    const started = performance.now();
    let changedAt = 0;
    await lock.run({ op: 'next' }, async () => void (changedAt = performance.now()));
    expect(recovered).toEqual([{ op: 'move_folder', from: 'a', to: 'b' }]);
    // A whole lease of watching, then the grace period (half a lease) before acting.
    expect(changedAt - started).toBeGreaterThanOrEqual(300 + 150);
  });

  it('recovers the intent of a taker that died before noting one, from the epoch it took over', async () => {
    const store = new LocalObjectStore(root);
    const old = Date.now() - 120_000; // long dead: past any clock difference, taken over at once
    await store.putIfAbsent(`${LOCK}/0000000000000001`, JSON.stringify({ expiresAt: old }));
    await store.putIfAbsent(
      `${LOCK}/0000000000000001.intent.000001`,
      JSON.stringify({ intent: { op: 'create_table', location: 't.lance' } }),
    );
    await store.putIfAbsent(
      `${LOCK}/0000000000000002`,
      JSON.stringify({ expiresAt: old, intent: { op: 'drop_table' }, takesOver: 1 }),
    );
    const recovered: unknown[] = [];
    const lock = new CatalogLock(store, {
      leaseMs: 300,
      recover: async (intent) => void recovered.push(intent),
    });
    await lock.run({ op: 'next' }, async () => undefined);
    expect(recovered).toEqual([{ op: 'create_table', location: 't.lance' }]);
  });

  it('gives up an intent whose recovery failed three times, so the catalog is not held back for good', async () => {
    const store = new LocalObjectStore(root);
    const old = Date.now() - 120_000;
    await store.putIfAbsent(`${LOCK}/0000000000000001`, JSON.stringify({ expiresAt: old }));
    await store.putIfAbsent(
      `${LOCK}/0000000000000001.intent.000001`,
      JSON.stringify({ intent: { op: 'move_folder', __recoveryAttempts: 3 } }),
    );
    const recovered: unknown[] = [];
    const lock = new CatalogLock(store, {
      leaseMs: 300,
      recover: async (intent) => void recovered.push(intent),
    });
    await expect(lock.run({ op: 'next' }, async () => 'ran')).resolves.toBe('ran');
    expect(recovered).toEqual([]);
  });

  it('fences off a holder whose renewals stopped landing, and leaves its epoch for recovery', async () => {
    const stalled = new RenewalControlledStore(root);
    const holder = new CatalogLock(stalled, { leaseMs: 300 });
    const recovered: unknown[] = [];
    const taker = new CatalogLock(new LocalObjectStore(root), {
      leaseMs: 300,
      recover: async (intent) => void recovered.push(intent),
    });
    let takerRan!: () => void;
    const takerRunning = new Promise<void>((resolve) => (takerRan = resolve));
    const held = holder.run({ op: 'slow' }, async () => {
      await holder.note({ op: 'half-done' });
      fenceHeldWrite(); // still fine: the lease is fresh
      stalled.renewalsHang = true; // as if this process were paused
      await takerRunning;
      expect(() => fenceHeldWrite()).toThrow(expect.objectContaining({ code: 17 }));
    });
    await sleep(20);
    await taker.run({ op: 'after' }, async () => takerRan());
    // Its caller is not told the change succeeded: another process may have undone part of it.
    await expect(held).rejects.toMatchObject({ code: 17 });
    expect(recovered).toEqual([{ op: 'half-done' }]);
    // The fenced holder wrote no release for its epoch.
    expect(await stalled.exists(`${LOCK}/0000000000000001.released`)).toBe(false);
  });

  it('keeps its lease through renewals slower than the renewal period', async () => {
    const slow = new RenewalControlledStore(root);
    // Half the lease's budget for store latency. A 1.2 s lease rather than a shorter one: on a
    // loaded 2-core machine the event loop alone can slip by a hundred milliseconds.
    slow.renewalDelayMs = 300;
    const holder = new CatalogLock(slow, { leaseMs: 1_200 });
    const waiter = new CatalogLock(new LocalObjectStore(root), { leaseMs: 1_200, waitMs: 8_000 });
    const order: string[] = [];
    const held = holder.run({ op: 'long' }, async () => {
      // Held for twice the lease, through several slow renewals.
      for (let i = 0; i < 24; i++) {
        fenceHeldWrite(); // throws if the lease was ever in doubt
        await sleep(100);
      }
      order.push('holder done');
    });
    await sleep(20);
    await waiter.run({ op: 'short' }, async () => void order.push('waiter ran'));
    await held;
    expect(order).toEqual(['holder done', 'waiter ran']);
  });

  it('waits for a live holder, then gives up with 503 when it holds too long', async () => {
    const holder = new CatalogLock(new LocalObjectStore(root));
    const waiter = new CatalogLock(new LocalObjectStore(root), { waitMs: 300 });
    let release!: () => void;
    const held = holder.run({ op: 'long' }, () => new Promise<void>((r) => (release = r)));
    await sleep(50);
    await expect(waiter.run({ op: 'short' }, async () => 'ran')).rejects.toMatchObject({
      code: 17,
    });
    release();
    await held;
    await expect(waiter.run({ op: 'short' }, async () => 'ran')).resolves.toBe('ran');
  });

  it('bounds the wait once per change, from its arrival: a change queued behind another in the same process is refused at the same bound', async () => {
    // Another process holds the lock for longer than anyone may wait.
    const holder = new CatalogLock(new LocalObjectStore(root), { leaseMs: 5_000 });
    let release!: () => void;
    const held = holder.run({ op: 'long' }, () => new Promise<void>((r) => (release = r)));
    await sleep(50);
    const waiter = new CatalogLock(new LocalObjectStore(root), { leaseMs: 5_000, waitMs: 600 });
    const arrived = performance.now();
    const refusedAfter = (change: Promise<unknown>) =>
      change.then(
        () => Infinity,
        () => performance.now() - arrived,
      );
    // Two changes arrive together in the waiting process; before, the second one's wait began only
    // when the first gave up, so it waited twice the bound.
    const [first, second] = await Promise.all([
      refusedAfter(waiter.run({ op: 'a' }, async () => undefined)),
      refusedAfter(waiter.run({ op: 'b' }, async () => undefined)),
    ]);
    expect(first).toBeGreaterThanOrEqual(550);
    expect(second).toBeLessThan(600 + 300);
    release();
    await held;
  });

  it('does not make the next change wait a lease when a release could not be written', async () => {
    /** A store that refuses the first release, as a store in trouble would. */
    class FailingRelease extends LocalObjectStore {
      refused = 0;
      override async putIfAbsent(key: string, body: Uint8Array | string): Promise<boolean> {
        if (key.endsWith('.released') && this.refused++ === 0)
          throw Object.assign(new Error('We encountered an internal error'), {
            name: 'InternalError',
          });
        return super.putIfAbsent(key, body);
      }
    }
    const store = new FailingRelease(root);
    const lock = new CatalogLock(store, { leaseMs: 4_000, waitMs: 8_000 });
    await lock.run({ op: 'first' }, async () => undefined);
    expect(store.refused).toBe(1);
    // This process knows its change ended: its next one takes the lock at once.
    let started = performance.now();
    await lock.run({ op: 'second' }, async () => undefined);
    expect(performance.now() - started).toBeLessThan(1_000);
    // Another process sees the first epoch released once the background retry lands (well
    // before the 4 s lease it would otherwise watch), and takes the lock without any recovery.
    const recovered: unknown[] = [];
    const other = new CatalogLock(new LocalObjectStore(root), {
      leaseMs: 4_000,
      waitMs: 8_000,
      recover: async (intent) => void recovered.push(intent),
    });
    started = performance.now();
    await other.run({ op: 'third' }, async () => undefined);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(recovered).toEqual([]);
  });
});
