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
 * written) or expired (its holder stopped renewing, as a dead process does). A live holder renews
 * by writing further keys with later expiry times; keys are never overwritten, so no read can see a
 * half-changed state and no write can undo another's.
 *
 * The holder writes what it is doing (its intent) beside its epoch. The process that takes over
 * from an expired holder first completes or undoes that intent. Within one process, callers queue
 * in memory first, so a busy process does not race itself.
 */
import { randomUUID } from 'node:crypto';
import { errors } from '../errors';
import type { ObjectStore } from '../storage/object-store';
import { STATE_FOLDER } from './state-folder';

export interface CatalogLockOptions {
  /** How long a holder may go without renewing before others take the lock over. */
  leaseMs?: number;
  /** How long a caller waits for the lock before the change is refused as busy (503). */
  waitMs?: number;
  /** Completes or undoes the intent of a holder that died; runs before the new holder's change. */
  recover?: (intent: unknown) => Promise<void>;
}

const PREFIX = `${STATE_FOLDER}/lock`;
const EPOCH_DIGITS = 16;

interface EpochState {
  epoch: number;
  released: boolean;
  expiresAt: number;
  intent: unknown;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const epochKey = (epoch: number) => `${PREFIX}/${String(epoch).padStart(EPOCH_DIGITS, '0')}`;

export class CatalogLock {
  private local: Promise<unknown> = Promise.resolve();
  private readonly leaseMs: number;
  private readonly waitMs: number;
  private acquisitions = 0;
  /** The epoch this process holds, while it holds the lock. */
  private held: { epoch: number; owner: string; writes: number } | undefined;

  constructor(
    private readonly store: ObjectStore,
    private readonly options: CatalogLockOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 10_000;
    this.waitMs = options.waitMs ?? 20_000;
  }

  /** Runs `change` holding the catalog lock, with `intent` recorded for recovery. */
  run<T>(intent: object, change: () => Promise<T>): Promise<T> {
    const next = this.local.then(
      () => this.runHeld(intent, change),
      () => this.runHeld(intent, change),
    );
    this.local = next.catch(() => undefined);
    return next;
  }

  private async runHeld<T>(intent: object, change: () => Promise<T>): Promise<T> {
    const owner = randomUUID();
    const epoch = await this.acquire(owner, intent);
    this.held = { epoch, owner, writes: 0 };
    const renewal = setInterval(() => void this.renew(), Math.floor(this.leaseMs / 3));
    renewal.unref();
    try {
      return await change();
    } finally {
      clearInterval(renewal);
      this.held = undefined;
      await this.store
        .putIfAbsent(`${epochKey(epoch)}.released`, owner)
        .catch((error) => console.error(`Could not release the catalog lock: ${String(error)}`));
      this.acquisitions += 1;
      if (this.acquisitions % 50 === 0) void this.prune(epoch);
    }
  }

  /**
   * Replaces the current holder's intent, before a step that must be finished by others if this
   * process dies after it. Only valid while `run`'s change is running.
   */
  async note(intent: object): Promise<void> {
    const held = this.held;
    if (!held) throw errors.Internal('The catalog lock is not held');
    held.writes += 1;
    const key = `${epochKey(held.epoch)}.intent.${String(held.writes).padStart(6, '0')}`;
    await this.store.putIfAbsent(key, JSON.stringify({ intent }));
  }

  private async renew(): Promise<void> {
    const held = this.held;
    if (!held) return;
    held.writes += 1;
    const key = `${epochKey(held.epoch)}.renew.${String(held.writes).padStart(6, '0')}`;
    await this.store
      .putIfAbsent(key, JSON.stringify({ expiresAt: Date.now() + this.leaseMs }))
      .catch((error) => console.error(`Could not renew the catalog lock: ${String(error)}`));
  }

  /** The newest epoch and whether it is over, read from the keys under the lock prefix. */
  private async latest(): Promise<EpochState | undefined> {
    const keys = await this.store.list(PREFIX);
    let epoch = -1;
    for (const key of keys) {
      // Only an epoch's own key counts: the keys beside it (renewals, release) come after it.
      const name = key.slice(PREFIX.length + 1);
      if (name.length !== EPOCH_DIGITS) continue;
      const number = Number(name);
      if (Number.isInteger(number) && number > epoch) epoch = number;
    }
    if (epoch < 0) return undefined;
    const base = epochKey(epoch);
    const mine = keys.filter((k) => k.startsWith(base)).sort();
    if (mine.includes(`${base}.released`)) {
      return { epoch, released: true, expiresAt: 0, intent: undefined };
    }
    const read = async (key: string) =>
      JSON.parse(Buffer.from(await this.store.get(key)).toString('utf8')) as {
        expiresAt?: number;
        intent?: unknown;
      };
    const start = await read(base);
    const renewals = mine.filter((k) => k.startsWith(`${base}.renew.`));
    const intents = mine.filter((k) => k.startsWith(`${base}.intent.`));
    const lastRenewal = renewals.length ? await read(renewals[renewals.length - 1]!) : undefined;
    const lastIntent = intents.length ? await read(intents[intents.length - 1]!) : undefined;
    return {
      epoch,
      released: false,
      expiresAt: Math.max(start.expiresAt ?? 0, lastRenewal?.expiresAt ?? 0),
      intent: lastIntent?.intent ?? start.intent,
    };
  }

  private async acquire(owner: string, intent: object): Promise<number> {
    const deadline = Date.now() + this.waitMs;
    let pause = 2;
    for (;;) {
      const state = await this.latest();
      const over = !state || state.released || state.expiresAt < Date.now();
      if (over) {
        const epoch = (state?.epoch ?? 0) + 1;
        const body = JSON.stringify({ owner, expiresAt: Date.now() + this.leaseMs, intent });
        if (await this.store.putIfAbsent(epochKey(epoch), body)) {
          // Taken over from a holder that died mid-change: finish or undo what it was doing.
          if (state && !state.released && state.intent && this.options.recover) {
            await this.options.recover(state.intent);
          }
          return epoch;
        }
        continue; // another process took this epoch first; look again at once
      }
      if (Date.now() > deadline) {
        throw errors.ServiceUnavailable(
          'The catalog is busy: another change has held its lock too long; try again shortly',
        );
      }
      await sleep(pause + Math.random() * pause);
      pause = Math.min(pause * 2, 50);
    }
  }

  /** Deletes the keys of epochs long over; the newest ones stay for whoever looks next. */
  private async prune(current: number): Promise<void> {
    const keys = await this.store.list(PREFIX).catch(() => [] as string[]);
    for (const key of keys) {
      const number = Number(key.slice(PREFIX.length + 1, PREFIX.length + 1 + EPOCH_DIGITS));
      if (Number.isInteger(number) && number < current - 20) {
        await this.store.delete(key).catch(() => undefined);
      }
    }
  }
}
