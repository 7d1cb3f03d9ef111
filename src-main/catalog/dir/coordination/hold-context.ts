/**
 * Which hold of the catalog lock the running async context belongs to (catalog-lock.ts), so that
 * every write of a change, however deep, can be fenced without passing the lock around.
 *
 * Tracked only while it can matter. On Node 20 an AsyncLocalStorage in use installs promise hooks
 * that every promise of the process then pays for, reads included, and `serve` takes the lock at
 * start-up: with them on, an IVF_PQ search cost its main thread 0.12 ms more CPU (measured build
 * against build, docs/decisions.md), though no search ever takes the lock. So the storage is
 * switched off once no hold is running, and switched on again by the next one. Two things keep it
 * on for good:
 * - a hold that was lost: work it left running must stay fenced (it may not write at all);
 * - another AsyncLocalStorage of the process (an object store's scope), which keeps the hooks
 *   installed anyway; switching this one off then saves nothing, and Node decides that itself.
 * Work left over from a hold that ended normally may write as any caller may, with or without
 * its context, so losing sight of it changes nothing.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const context = new AsyncLocalStorage<unknown>();
/** Holds running now, in every catalog of this process. */
let running = 0;
/** Once a hold is lost, what it left running is fenced through its context for good. */
let keepForGood = false;

/** The context of the hold the running code belongs to, if any. */
export function currentHold<T>(): T | undefined {
  return context.getStore() as T | undefined;
}

/** Runs `change` as part of a hold; the caller calls `holdEnded` once `change` has settled. */
export function runInHold<T>(hold: unknown, change: () => Promise<T>): Promise<T> {
  running += 1;
  return context.run(hold, change);
}

/** A hold has ended; `lost` says whether its lease was lost on the way. */
export function holdEnded(lost: boolean): void {
  running -= 1;
  if (lost) keepForGood = true;
  if (running === 0 && !keepForGood) context.disable();
}
