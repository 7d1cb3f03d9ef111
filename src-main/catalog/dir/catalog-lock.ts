/**
 * The catalog lock: one lease row in the `locks` state table that every structural change takes
 * first (declare, create, register, deregister, rename, move, drop, namespace create and drop), in
 * every process that serves the root. Taking it is one Lance merge-insert of the row "catalog"
 * that inserts only when no row is there; Lance detects two such inserts racing (on a folder and
 * on an object store alike) and re-runs the loser, which then finds the row and inserts nothing.
 * So exactly one process holds it, and structural changes happen one at a time, across threads
 * and processes, in the order they took the lock: they are linearizable.
 *
 * The holder writes what it is about to do (its intent) into the row. A holder that dies leaves
 * the row behind; once its lease has expired, the next process takes the row over with a
 * conditional update (Lance again lets only one of several racers win) and first completes or
 * undoes the dead holder's intent. A live holder renews its lease while its change runs.
 *
 * Within one process, callers queue in memory first, so a busy process does not race itself.
 */
import { randomUUID } from 'node:crypto';
import { Field, Int64, Schema, Utf8 } from 'apache-arrow';
import type * as lancedb from '@lancedb/lancedb';
import { errors } from '../errors';
import { lance } from './lance-errors';
import type { StateTables } from './state-tables';

const SCHEMA = new Schema([
  new Field('name', new Utf8(), false),
  new Field('owner', new Utf8(), false),
  new Field('expires_at', new Int64(), false),
  new Field('intent', new Utf8(), true),
]);
const LOCK = 'catalog';

export interface CatalogLockOptions {
  /** How long a holder may go without renewing before others take the lock over. */
  leaseMs?: number;
  /** How long a caller waits for the lock before the change is refused as busy (503). */
  waitMs?: number;
  /** Completes or undoes the intent of a holder that died; runs before the new holder's change. */
  recover?: (intent: unknown) => Promise<void>;
}

interface LockRow {
  owner: string;
  expires_at: bigint | number;
  intent: string | null;
}

function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class CatalogLock {
  private local: Promise<unknown> = Promise.resolve();
  private readonly leaseMs: number;
  private readonly waitMs: number;
  private acquisitions = 0;
  /** The owner id of the current hold, while this process holds the lock. */
  private holder: { table: lancedb.Table; owner: string } | undefined;

  constructor(
    private readonly state: StateTables,
    private readonly options: CatalogLockOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 10_000;
    this.waitMs = options.waitMs ?? 20_000;
  }

  private table(): Promise<lancedb.Table> {
    return this.state.open('locks', SCHEMA);
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
    const table = await this.table();
    const owner = randomUUID();
    await this.acquire(table, owner, JSON.stringify(intent));
    this.holder = { table, owner };
    const renewal = setInterval(() => void this.renew(table, owner), Math.floor(this.leaseMs / 3));
    renewal.unref();
    try {
      return await change();
    } finally {
      this.holder = undefined;
      clearInterval(renewal);
      await lance(() =>
        table.delete(`name = ${sqlString(LOCK)} AND owner = ${sqlString(owner)}`),
      ).catch((error) => console.error(`Could not release the catalog lock: ${String(error)}`));
      this.acquisitions += 1;
      // Every lock change is a Lance version; old ones are cleaned up now and then.
      if (this.acquisitions % 200 === 0) void this.compact(table);
    }
  }

  /**
   * Replaces the current holder's intent, before a step that must be finished by others if this
   * process dies after it. Only valid while `run`'s change is running.
   */
  async note(intent: object): Promise<void> {
    const held = this.holder;
    if (!held) throw errors.Internal('The catalog lock is not held');
    const noted = await lance(() =>
      held.table.update({
        where: `name = ${sqlString(LOCK)} AND owner = ${sqlString(held.owner)}`,
        values: { intent: JSON.stringify(intent) },
      }),
    );
    if (noted.rowsUpdated !== 1) {
      throw errors.ConcurrentModification(
        'The catalog lock was taken over while a change was running; try again',
      );
    }
  }

  private async acquire(table: lancedb.Table, owner: string, intent: string): Promise<void> {
    const deadline = Date.now() + this.waitMs;
    let pause = 2;
    for (;;) {
      const expiresAt = BigInt(Date.now() + this.leaseMs);
      const inserted = await lance(() =>
        table
          .mergeInsert('name')
          .whenNotMatchedInsertAll()
          .execute([{ name: LOCK, owner, expires_at: expiresAt, intent }]),
      );
      if (inserted.numInsertedRows === 1) return;

      const [held] = (await lance(() =>
        table
          .query()
          .where(`name = ${sqlString(LOCK)}`)
          .select(['owner', 'expires_at', 'intent'])
          .toArray(),
      )) as LockRow[];
      if (held && Number(held.expires_at) < Date.now()) {
        // The holder died (or stalled past its lease): take the row over, if nobody beat us to it.
        const taken = await lance(() =>
          table.update({
            where: `name = ${sqlString(LOCK)} AND owner = ${sqlString(held.owner)}`,
            values: { owner, expires_at: Number(expiresAt), intent },
          }),
        );
        if (taken.rowsUpdated === 1) {
          if (held.intent && this.options.recover) {
            await this.options.recover(JSON.parse(held.intent) as unknown);
          }
          return;
        }
      }
      if (Date.now() > deadline) {
        throw errors.ServiceUnavailable(
          'The catalog is busy: another change has held its lock too long; try again shortly',
        );
      }
      await sleep(pause + Math.random() * pause);
      pause = Math.min(pause * 2, 100);
    }
  }

  private async renew(table: lancedb.Table, owner: string): Promise<void> {
    await lance(() =>
      table.update({
        where: `name = ${sqlString(LOCK)} AND owner = ${sqlString(owner)}`,
        values: { expires_at: Date.now() + this.leaseMs },
      }),
    ).catch((error) => console.error(`Could not renew the catalog lock: ${String(error)}`));
  }

  private async compact(table: lancedb.Table): Promise<void> {
    await table
      .optimize({ cleanupOlderThan: new Date(Date.now() - 60_000) })
      .catch(() => undefined);
  }
}
