/**
 * Whether a process that shares the catalog is still alive. Work that outlives one request (a
 * table being created, an index build) is recorded in the root with its owner's id; when the
 * owner dies, its work must be reported as interrupted and cleaned up by whoever looks next. A
 * process proves it is alive by renewing a row in the `leases` state table. It renews only while
 * it has such work in flight, so an idle replica costs the object store nothing.
 *
 * An owner whose row is missing or expired is dead. A process that stalls past its lease (a paused
 * VM) and resumes renews its row again, but others may already have reported its work as
 * interrupted: the lease is several renewal periods long to make that rare.
 */
import { randomUUID } from 'node:crypto';
import { Field, Int64, Schema, Utf8 } from 'apache-arrow';
import type * as lancedb from '@lancedb/lancedb';
import { lance } from './lance-errors';
import type { StateTables } from './state-tables';

const SCHEMA = new Schema([
  new Field('owner', new Utf8(), false),
  new Field('expires_at', new Int64(), false),
]);

export const DEFAULT_LEASE_MS = 15_000;

function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

export class ProcessLease {
  readonly owner = randomUUID();
  private holds = 0;
  private timer: NodeJS.Timeout | undefined;
  private renewing: Promise<void> = Promise.resolve();

  constructor(
    private readonly state: StateTables,
    private readonly leaseMs = DEFAULT_LEASE_MS,
  ) {}

  private table(): Promise<lancedb.Table> {
    return this.state.open('leases', SCHEMA);
  }

  /** Keeps this process's lease alive until the returned function is called. */
  async hold(): Promise<() => void> {
    this.holds += 1;
    if (this.holds === 1) {
      await this.renew();
      this.timer = setInterval(() => void this.renew(), Math.floor(this.leaseMs / 3));
      this.timer.unref();
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds -= 1;
      if (this.holds === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
    };
  }

  private renew(): Promise<void> {
    this.renewing = this.renewing.then(async () => {
      const table = await this.table();
      const row = { owner: this.owner, expires_at: BigInt(Date.now() + this.leaseMs) };
      await lance(() =>
        table.mergeInsert('owner').whenMatchedUpdateAll().whenNotMatchedInsertAll().execute([row]),
      ).catch((error) => console.error(`Could not renew the process lease: ${String(error)}`));
    });
    return this.renewing;
  }

  /** The owners whose lease is live now; everyone else's recorded work is orphaned. */
  async liveOwners(): Promise<Set<string>> {
    const table = await this.table();
    const rows = (await lance(() =>
      table
        .query()
        .where(`expires_at > ${Date.now()}`)
        .select(['owner'])
        .toArray(),
    )) as Array<{ owner: string }>;
    const live = new Set(rows.map((r) => r.owner));
    if (this.holds > 0) live.add(this.owner);
    return live;
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
