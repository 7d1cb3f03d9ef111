/**
 * The catalog lock is mutual exclusion across processes: several lock instances on one root
 * (each with its own in-memory queue, as separate processes have) never hold it at once, and a
 * holder that stopped renewing is taken over, with its intent handed to recovery first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CatalogLock } from '../../../../src-main/catalog/dir/catalog-lock';
import { LocalObjectStore } from '../../../../src-main/catalog/storage/local-object-store';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'cs-lock-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

  it('takes over from a holder that stopped renewing, recovering its intent first', async () => {
    const store = new LocalObjectStore(root);
    // A holder of epoch 1 that died: its lease ran out and it never released.
    await store.putIfAbsent(
      '.catalog-studio/lock/0000000000000001',
      JSON.stringify({ owner: 'dead', expiresAt: Date.now() - 1, intent: { op: 'first' } }),
    );
    await store.putIfAbsent(
      '.catalog-studio/lock/0000000000000001.intent.000001',
      JSON.stringify({ intent: { op: 'move_folder', from: 'a', to: 'b' } }),
    );
    const recovered: unknown[] = [];
    const lock = new CatalogLock(store, { recover: async (intent) => void recovered.push(intent) });
    const order: string[] = [];
    await lock.run({ op: 'next' }, async () => void order.push('change'));
    expect(recovered).toEqual([{ op: 'move_folder', from: 'a', to: 'b' }]);
    expect(order).toEqual(['change']);
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
});
