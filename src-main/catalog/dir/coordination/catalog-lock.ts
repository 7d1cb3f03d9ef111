/**
 * The catalog lock: every structural change (declare, create, register, deregister, rename, move,
 * drop, namespace create and drop) in every process that serves the root runs while holding it,
 * so such changes happen one at a time, in the order the lock was taken: they are linearizable.
 *
 * It is built on the one primitive a folder and an object store both guarantee: a conditional put
 * that writes a key only if nothing is there (`If-None-Match: *` on S3, an exclusive link on a
 * disk). The lock is a sequence of numbered epochs under `.catalog-studio/lock/`. Taking it is
 * writing the next epoch's key; of several processes racing for one number exactly one succeeds.
 * An epoch may be taken only once the one before it is over: released (its `.released` key was
 * written) or abandoned. Keys are never overwritten, so no read sees a half-changed state.
 *
 * A live holder keeps writing renewal keys beside its epoch. Another process decides that a holder
 * abandoned the lock only after watching its keys stay unchanged for a whole lease on its own
 * clock (or when the newest key says it expired over a minute ago, for a holder long dead), so a
 * holder whose writes are slow, or whose clock differs, is not taken over early.
 *
 * Fencing. A holder that stalls (a paused process, a store that stops answering) can still lose
 * the lock. So before each write of a change the holder checks what it knows of its own lease
 * (`fence`, see `HeldLease`) and stops with 503 instead of writing once the lease is lost or about
 * to end. A process that takes over waits a grace period before it acts, long enough for a write
 * that started in time to land. A holder that lost its lease leaves its epoch unreleased, so the
 * next holder completes or undoes what it recorded.
 *
 * The holder records what it is doing (its intent) beside its epoch. The process that takes over
 * from an abandoned epoch first completes or undoes that intent. Within one process, callers queue
 * in memory first, so a busy process does not race itself.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { errors } from '../../../../src-shared/vocabulary/errors';
import type { ObjectStore } from '../../storage/object-store';
import { HeldLease, leaseInstant } from './held-lease';
import { currentHold, holdEnded, runInHold } from './hold-context';
import { traceHold } from './lock-trace';
import { epochKey, LockEpochs, releasedKey, sideKey, type EpochBody } from './lock-epochs';

export interface CatalogLockOptions {
  /** How long others watch a holder's keys stay unchanged before they take the lock over. */
  leaseMs?: number;
  /** How long a caller waits for the lock before the change is refused as busy (503). */
  waitMs?: number;
  /** Completes or undoes the intent of a holder that died; runs before the new holder's change. */
  recover?: (intent: unknown) => Promise<void>;
}

/** Clocks of processes sharing a root may differ by up to this much; see the fast takeover. */
const CLOCK_SKEW_MS = 60_000;
/** How far back a chain of takeovers is followed to find the intent still to recover. */
const MAX_TAKEOVER_CHAIN = 8;
/** How many holders try to recover one intent before it is given up (and logged). */
const MAX_RECOVERY_ATTEMPTS = 3;
const ATTEMPTS_KEY = '__recoveryAttempts';

function recoveryAttempts(intent: unknown): number {
  const value = (intent as Record<string, unknown> | null)?.[ATTEMPTS_KEY];
  return typeof value === 'number' ? value : 0;
}

function withRecoveryAttempts(intent: unknown, attempts: number): unknown {
  return typeof intent === 'object' && intent !== null
    ? { ...intent, [ATTEMPTS_KEY]: attempts }
    : intent;
}

interface Held {
  epoch: number;
  owner: string;
  writes: number;
  lease: HeldLease;
  done: boolean;
}

/** What a change knows of its hold (hold-context.ts), for the duration of the change. */
interface HoldContext {
  held: Held;
  marginMs: number;
}
const holding = () => currentHold<HoldContext>();

/**
 * Throws 503 if the change running in this async context may no longer write because its
 * process's hold on the catalog lock is lost or about to end. Outside a hold it does nothing, so
 * every write the catalog makes calls it first.
 */
export function fenceHeldWrite(): void {
  const context = holding();
  if (!context) return;
  const { lease } = context.held;
  // Work left over from a hold that ended normally writes outside the lock, as any caller may;
  // work left over from a lost hold must not write at all.
  if (context.held.done && !lease.lost) return;
  const refusal = lease.refusal(leaseInstant(), context.marginMs);
  if (!refusal) return;
  lease.lose(refusal);
  throw errors.ServiceUnavailable(
    `This process lost the catalog lock (${refusal}), so the change stopped before its next write; whoever takes the lock next completes or undoes it. Try again shortly`,
  );
}

/**
 * Marks the hold of the change running in this async context as lost (outside a hold it does
 * nothing): a write of it was abandoned while it may still land (a store that stopped answering),
 * so the epoch must be left for the next holder to recover, never released as if all were done.
 */
export function loseHeldLease(reason: string): void {
  holding()?.held.lease.lose(reason);
}

const nextSideKey = (held: Held, kind: 'renew' | 'intent') =>
  sideKey(held.epoch, kind, (held.writes += 1));

/** How long a release that failed is tried again in the background before it is left to others. */
const RELEASE_RETRY_MS = 5 * 60_000;

export class CatalogLock {
  /** Settles when the last change queued in this process has finished or given up waiting. */
  private local: Promise<void> = Promise.resolve();
  /**
   * Epochs this process ended normally but could not yet mark released on the store (it failed).
   * This process's next change takes the next epoch at once; others see the release once a
   * background retry lands it, rather than waiting out a whole lease.
   */
  private readonly releasedHere = new Set<number>();
  private readonly leaseMs: number;
  private readonly waitMs: number;
  private readonly renewEveryMs: number;
  private readonly marginMs: number;
  private readonly graceMs: number;
  private acquisitions = 0;
  private readonly epochs: LockEpochs;

  constructor(
    private readonly store: ObjectStore,
    private readonly options: CatalogLockOptions = {},
  ) {
    this.epochs = new LockEpochs(store);
    this.leaseMs = options.leaseMs ?? 10_000;
    this.waitMs = options.waitMs ?? 20_000;
    this.renewEveryMs = Math.floor(this.leaseMs / 5);
    this.marginMs = Math.floor(this.leaseMs / 5);
    this.graceMs = Math.floor(this.leaseMs / 2);
  }

  /**
   * Runs `change` holding the catalog lock, with `intent` recorded for recovery. The wait for the
   * lock has one bound, counted from this call: time queued behind this process's own changes
   * counts, so a caller queued second is refused with 503 at the same bound as the first.
   */
  run<T>(intent: object, change: () => Promise<T>): Promise<T> {
    const deadline = performance.now() + this.waitMs;
    const previous = this.local;
    let finished!: () => void;
    this.local = new Promise<void>((resolve) => (finished = resolve));
    const next = (async () => {
      if (!(await settlesBefore(previous, deadline))) {
        // Given up while queued: the next caller still waits for the one before this.
        void previous.then(finished);
        throw busy();
      }
      try {
        return await this.runHeld(intent, change, deadline);
      } finally {
        finished();
      }
    })();
    // The caller handles the outcome, perhaps only after other awaits; it is never unhandled here.
    next.catch(() => undefined);
    return next;
  }

  /**
   * Replaces the current holder's intent, before a step that must be finished by others if this
   * process dies after it. Only valid while `run`'s change is running.
   */
  async note(intent: unknown): Promise<void> {
    const held = holding()?.held;
    if (!held || held.done) throw errors.Internal('The catalog lock is not held');
    fenceHeldWrite();
    await this.store.putIfAbsent(nextSideKey(held, 'intent'), JSON.stringify({ intent }));
  }

  private async runHeld<T>(intent: object, change: () => Promise<T>, deadline: number): Promise<T> {
    const { held, abandoned } = await this.acquire(intent, deadline);
    const acquiredAt = Date.now();
    const stopRenewing = new AbortController();
    void this.renewWhileHeld(held, stopRenewing.signal);
    let threw = false;
    try {
      const result = await runInHold(
        { held, marginMs: this.marginMs } satisfies HoldContext,
        async () => {
          if (abandoned !== undefined) await this.recoverAbandoned(abandoned, intent);
          return change();
        },
      );
      if (held.lease.lost) {
        // A long write (a create's data) finished after the lease ran out: another process may
        // have recovered, that is undone, part of it meanwhile. Success cannot be promised.
        throw errors.ServiceUnavailable(
          'This process lost the catalog lock while the change ran, so another process may have completed or undone part of it; check the result before trying again',
        );
      }
      return result;
    } catch (error) {
      threw = true;
      throw error;
    } finally {
      held.done = true;
      stopRenewing.abort();
      holdEnded(held.lease.lost);
      // A holder that lost its lease may have stopped half-way; it leaves its epoch unreleased so
      // that the next holder recovers its intent.
      if (!held.lease.lost) await this.release(held);
      traceHold({
        epoch: held.epoch,
        pid: process.pid,
        intent,
        acquiredAt,
        endedAt: Date.now(),
        outcome: held.lease.lost ? 'lost' : threw ? 'failed' : 'released',
        tookOver: abandoned !== undefined,
      });
      // The first hold prunes too: processes that make few changes (a CLI run, an app session)
      // would otherwise never do it, and every poll lists every key.
      if (this.acquisitions++ % 50 === 0) void this.epochs.prune(held.epoch);
    }
  }

  /**
   * Writes the epoch's release. If the store refuses (its retries spent), this process goes on as
   * if it were released, and keeps trying in the background so that other processes see it as
   * soon as the store answers again, not a lease later.
   */
  private async release(held: Held): Promise<void> {
    const key = releasedKey(held.epoch);
    try {
      await this.store.putIfAbsent(key, held.owner);
      return;
    } catch (error) {
      console.error(`Could not release the catalog lock yet, retrying: ${String(error)}`);
    }
    this.releasedHere.add(held.epoch);
    void (async () => {
      const until = performance.now() + RELEASE_RETRY_MS;
      for (let pause = 500; performance.now() < until; pause = Math.min(pause * 2, 5_000)) {
        await delay(pause * (0.5 + Math.random()), undefined, { ref: false });
        try {
          await this.store.putIfAbsent(key, held.owner);
          return;
        } catch {
          // The store is still down; try again.
        }
      }
      console.error(
        `Gave up releasing catalog lock epoch ${held.epoch}; others take it over after a lease`,
      );
    })().finally(() => this.releasedHere.delete(held.epoch));
  }

  /**
   * Finishes what the holder of an abandoned epoch was doing. The wait first lets a write that
   * holder started just before its lease ran out land. The intent is copied to this epoch before
   * recovery, so that if this process dies too, the next one recovers it.
   */
  private async recoverAbandoned(abandoned: number, intent: object): Promise<void> {
    await delay(this.graceMs);
    const previous = await this.epochs.intentOf(abandoned, MAX_TAKEOVER_CHAIN);
    if (previous === undefined || !this.options.recover) return;
    const attempts = recoveryAttempts(previous);
    if (attempts >= MAX_RECOVERY_ATTEMPTS) {
      // A recovery that keeps failing must not hold every change of the catalog back for good.
      console.error(
        `catalog lock: gave up recovering ${JSON.stringify(previous)} after ${attempts} attempts; repair by hand if it left something behind`,
      );
      await this.note(intent);
      return;
    }
    await this.note(withRecoveryAttempts(previous, attempts + 1));
    fenceHeldWrite();
    try {
      await this.options.recover(previous);
    } catch (error) {
      // Left unreleased, the epoch hands the same intent to the next holder to try again.
      holding()?.held.lease.lose(`recovery failed: ${String(error)}`);
      throw error;
    }
    await this.note(intent);
  }

  /**
   * Renews on a fixed schedule, not after each renewal returns, so that the lease tolerates a
   * store as slow as the lease minus the renewal period and the write margin (6 s by default).
   * A store that stops answering does not pile renewals up: a few at a time are in flight.
   */
  private async renewWhileHeld(held: Held, stop: AbortSignal): Promise<void> {
    let inFlight = 0;
    for (;;) {
      try {
        await delay(this.renewEveryMs, undefined, { signal: stop, ref: false });
      } catch {
        return; // the hold ended
      }
      if (held.done || inFlight >= 3) continue;
      const key = nextSideKey(held, 'renew');
      const startedAt = leaseInstant();
      inFlight += 1;
      this.store
        .putIfAbsent(key, JSON.stringify({ expiresAt: startedAt.wall + this.leaseMs }))
        .then(
          () => held.lease.confirmed(startedAt, leaseInstant()),
          (error) => console.error(`Could not renew the catalog lock: ${String(error)}`),
        )
        .finally(() => (inFlight -= 1));
    }
  }

  private async acquire(
    intent: object,
    deadline: number,
  ): Promise<{ held: Held; abandoned?: number }> {
    const owner = randomUUID();
    let pause = 2;
    let refused = 0;
    // The newest epoch's keys as first seen, and when: it is abandoned once they stay unchanged
    // for a lease. "When" is the end of the listing that first saw them, never earlier.
    let watched: { epoch: number; keys: number; since: number; expiresAt: number } | undefined;
    for (;;) {
      const listedFrom = performance.now();
      const listedFromWall = Date.now();
      const view = await this.epochs.newest();
      let over = !view || view.released || this.releasedHere.has(view.epoch);
      if (view && !over) {
        if (watched?.epoch !== view.epoch || watched.keys !== view.keys.length) {
          const expiresAt = await this.epochs.writtenExpiry(view);
          watched = {
            epoch: view.epoch,
            keys: view.keys.length,
            since: performance.now(),
            expiresAt,
          };
        }
        over =
          listedFrom - watched.since >= this.leaseMs ||
          watched.expiresAt + CLOCK_SKEW_MS < listedFromWall;
      }
      if (over) {
        const epoch = (view?.epoch ?? 0) + 1;
        const abandoned =
          view && !view.released && !this.releasedHere.has(view.epoch) ? view.epoch : undefined;
        const body: EpochBody = {
          expiresAt: Date.now() + this.leaseMs,
          intent,
          ...(abandoned !== undefined ? { takesOver: abandoned } : {}),
        };
        const startedAt = leaseInstant();
        if (await this.store.putIfAbsent(epochKey(epoch), JSON.stringify({ owner, ...body }))) {
          const lease = new HeldLease(startedAt, this.leaseMs);
          lease.confirmed(startedAt, leaseInstant());
          const held: Held = { epoch, owner, writes: 0, lease, done: false };
          return abandoned !== undefined ? { held, abandoned } : { held };
        }
        // Another process took this epoch first: look again at once, unless the store keeps
        // refusing without the winner ever showing up in the listing.
        if (++refused % 10 !== 0) continue;
      }
      if (performance.now() > deadline) throw busy();
      await delay(pause + Math.random() * pause);
      pause = Math.min(pause * 2, 50);
    }
  }
}

function busy(): Error {
  return errors.ServiceUnavailable(
    'The catalog is busy: another change has held its lock too long; try again shortly',
  );
}

/** Whether `promise` settles before the `performance.now()` deadline. */
async function settlesBefore(promise: Promise<unknown>, deadline: number): Promise<boolean> {
  const left = deadline - performance.now();
  if (left <= 0) return false;
  const controller = new AbortController();
  const timeout = delay(left, false, { signal: controller.signal }).catch(() => false);
  const settled = promise.then(
    () => true,
    () => true,
  );
  const result = await Promise.race([settled, timeout]);
  controller.abort();
  return result;
}
