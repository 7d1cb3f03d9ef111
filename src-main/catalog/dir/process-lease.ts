/**
 * Whether a process that shares the catalog is still alive. Work that outlives one request (a
 * table being created, an index build) is recorded in the root with its owner's id; when the
 * owner dies, its work must be reported as interrupted and cleaned up by whoever looks next. A
 * process proves it is alive by renewing a row in the `leases` state table. It renews only while
 * it has such work in flight, so an idle replica costs the object store nothing.
 *
 * An owner is judged dead on evidence (lease-watch.ts): its row is missing, or it says it expired
 * and has not changed, as this reader watched it, for a lease plus a grace covering the slowest
 * renewal seen of that owner. So a process that renews late because it is busy is not declared
 * dead while it is still writing. A process that stalls past all that (a paused VM) and resumes
 * renews its row again, but others may already have reported its work as interrupted; its own
 * jobs then end as interrupted too (job-runner.ts), never as succeeded.
 *
 * Each renewal's time (from its start to its commit) is kept, so what a loaded machine costs is
 * measured, not guessed (`renewalTimes`).
 */
import { randomUUID } from 'node:crypto';
import type * as lancedb from '@lancedb/lancedb';
import { arrow } from '../arrow';
import { lance } from './lance-errors';
import { retryRivalCreate } from './rival-create';
import type { StateTables } from './state-tables';
import { sqlString } from '../sql-string';
import { LeaseWatch, type LeaseRow } from './lease-watch';

const SCHEMA = new arrow.Schema([
  new arrow.Field('owner', new arrow.Utf8(), false),
  new arrow.Field('expires_at', new arrow.Int64(), false),
]);

/**
 * How long a process stays alive to the others after its last renewal. Tests shorten it with
 * CATALOG_STUDIO_LEASE_MS to see a killed process's work reported as interrupted sooner.
 */
export const DEFAULT_LEASE_MS = leaseFromEnvironment() ?? 15_000;

function leaseFromEnvironment(): number | undefined {
  const value = Number(process.env.CATALOG_STUDIO_LEASE_MS);
  return Number.isInteger(value) && value >= 300 ? value : undefined;
}
/** Renewals between compactions: each renewal is a commit that leaves a small fragment. */
const COMPACT_EVERY = 60;
/** Renewal times kept for the figures. */
const TIMES_KEPT = 500;

export class ProcessLease {
  readonly owner = randomUUID();
  private holds = 0;
  private timer: NodeJS.Timeout | undefined;
  private renewing: Promise<void> = Promise.resolve();
  /** The first renewal of the current holding period: every holder waits for it. */
  private first: Promise<void> = Promise.resolve();
  private renewals = 0;
  private readonly times: number[] = [];
  /** What this process has seen of the others' rows, to judge them on evidence. */
  private readonly watch: LeaseWatch;

  constructor(
    private readonly state: StateTables,
    private readonly leaseMs = DEFAULT_LEASE_MS,
  ) {
    this.watch = new LeaseWatch(leaseMs);
  }

  /** Milliseconds each recent renewal took, from its start to its commit, oldest first. */
  get renewalTimes(): readonly number[] {
    return this.times;
  }

  private table(): Promise<lancedb.Table> {
    return this.state.open('leases', SCHEMA);
  }

  /**
   * Keeps this process's lease alive until the returned function is called. Resolves once the
   * lease is written, so that work recorded after it is never judged dead; rejects if it cannot
   * be written.
   */
  async hold(): Promise<() => void> {
    this.holds += 1;
    if (this.holds === 1) {
      this.first = this.renew(true);
      this.timer = setInterval(() => void this.renew(false), Math.floor(this.leaseMs / 3));
      this.timer.unref();
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.holds -= 1;
      if (this.holds === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
    };
    try {
      await this.first;
    } catch (error) {
      release();
      throw error;
    }
    return release;
  }

  private renew(strict: boolean): Promise<void> {
    const attempt = this.renewing.then(async () => {
      const started = performance.now();
      const table = await this.table();
      const row = { owner: this.owner, expires_at: BigInt(Date.now() + this.leaseMs) };
      await retryRivalCreate(() =>
        lance(() =>
          table
            .mergeInsert('owner')
            .whenMatchedUpdateAll()
            .whenNotMatchedInsertAll()
            .execute([row]),
        ),
      );
      this.renewals += 1;
      this.times.push(Math.round(performance.now() - started));
      if (this.times.length > TIMES_KEPT) this.times.splice(0, this.times.length - TIMES_KEPT);
      if (this.renewals % COMPACT_EVERY === 0) await this.compact(table);
    });
    this.renewing = attempt.catch((error) => {
      if (!strict) console.error(`Could not renew the process lease: ${String(error)}`);
    });
    return strict ? attempt : this.renewing;
  }

  /** Drops long-expired rows and folds the fragments and versions renewals leave behind. */
  private async compact(table: lancedb.Table): Promise<void> {
    await this.prune().catch(() => undefined);
    // Versions younger than a few leases stay for readers still reading them.
    await table
      .optimize({ cleanupOlderThan: new Date(Date.now() - 20 * this.leaseMs) })
      .catch(() => undefined);
  }

  /** Every lease row as it stands. */
  async rows(): Promise<LeaseRow[]> {
    const table = await this.table();
    const rows = (await lance(() =>
      table.query().select(['owner', 'expires_at']).toArray(),
    )) as Array<{ owner: string; expires_at: bigint | number }>;
    return rows.map((r) => ({ owner: r.owner, expiresAt: Number(r.expires_at) }));
  }

  /**
   * Which of these owners are dead, on the evidence this process has gathered (see
   * lease-watch.ts); the rows are read afresh and added to that evidence first.
   */
  async deadAmong(owners: Iterable<string>): Promise<Set<string>> {
    const rows = await this.rows();
    this.watch.observe(rows);
    this.watch.forgetAllBut(rows);
    const dead = new Set<string>();
    for (const owner of owners) {
      if (owner === this.owner && this.holds > 0) continue;
      if (this.watch.isDead(owner, rows)) dead.add(owner);
    }
    return dead;
  }

  /** Forgets expired leases; their owners' work is judged dead either way. */
  async prune(): Promise<void> {
    const table = await this.table();
    await lance(() => table.delete(`expires_at <= ${Date.now() - this.leaseMs}`));
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.renewing;
    const table = await this.table().catch(() => undefined);
    await table?.delete(`owner = ${sqlString(this.owner)}`).catch(() => undefined);
  }
}
