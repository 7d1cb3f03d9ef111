/**
 * The audit trail: every write and every admin action (who, what, which table or namespace,
 * when, with what result), kept in the catalog's own state (the `audit` state table under
 * `<root>/.catalog-studio/`), so that an admin reading it through any replica sees what every
 * replica recorded.
 *
 * Entries are gathered and committed together at most every `flushMs` (one Lance commit per
 * batch rather than per request, which would double the commits of every write), so an entry is
 * readable everywhere within about that long; a process killed with SIGKILL loses the entries of
 * its last batch. The trail is bounded: entries older than `maxAgeMs` and the oldest beyond
 * `maxEntries` are deleted, and the table compacted, every `pruneEvery` batches.
 */
import { hostname } from 'node:os';
import type * as lancedb from '@lancedb/lancedb';
import { arrow } from '../../catalog/arrow';
import { lance } from '../../catalog/dir/lance-errors';
import { retryRivalCreate } from '../../catalog/dir/coordination/rival-create';
import type { StateTables } from '../../catalog/dir/coordination/state-tables';
import { sqlString } from '../../catalog/sql-string';
import type { AuditEntry, AuditFilter } from '../../../src-shared/rest-contract/access';
import { DEFAULT_DELIMITER } from '../../../src-shared/vocabulary/ids';

const TABLE = 'audit';
const SCHEMA = new arrow.Schema([
  new arrow.Field('time', new arrow.Float64(), false),
  new arrow.Field('principal', new arrow.Utf8(), false),
  new arrow.Field('action', new arrow.Utf8(), false),
  new arrow.Field('target', new arrow.Utf8(), false),
  new arrow.Field('result', new arrow.Utf8(), false),
  new arrow.Field('status', new arrow.Float64(), false),
  new arrow.Field('database', new arrow.Utf8(), false),
  new arrow.Field('replica', new arrow.Utf8(), false),
  new arrow.Field('request_id', new arrow.Utf8(), false),
]);

/** Versions are kept this long: a cleanup must not remove files of another process's batch in flight. */
const KEEP_VERSIONS_MS = 60_000;

export interface AuditLogOptions {
  flushMs?: number;
  maxAgeMs?: number;
  maxEntries?: number;
  /** Batches committed by this process between prunes. */
  pruneEvery?: number;
  /** Which process records (host:pid by default). */
  replica?: string;
}

export type AuditRecord = Omit<AuditEntry, 'replica'>;

export class AuditLog {
  private pending: AuditEntry[] = [];
  private flushing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private batches = 0;
  readonly replica: string;
  private readonly flushMs: number;
  readonly maxAgeMs: number;
  readonly maxEntries: number;
  private readonly pruneEvery: number;

  constructor(
    private readonly state: StateTables,
    options: AuditLogOptions = {},
  ) {
    this.flushMs = options.flushMs ?? 500;
    this.maxAgeMs = options.maxAgeMs ?? 90 * 24 * 3600_000;
    this.maxEntries = options.maxEntries ?? 200_000;
    this.pruneEvery = options.pruneEvery ?? 100;
    this.replica = options.replica ?? `${hostname()}:${process.pid}`;
  }

  private table(): Promise<lancedb.Table> {
    return this.state.open(TABLE, SCHEMA);
  }

  /** Creates the table ahead of the first entry (a rival creation erases early commits). */
  async start(): Promise<void> {
    await this.table().catch(() => undefined);
  }

  record(entry: AuditRecord): void {
    this.pending.push({ ...entry, replica: this.replica });
    if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.flush().catch((error: unknown) =>
          console.error(`Could not write the audit trail: ${(error as Error).message}`),
        );
      }, this.flushMs);
    }
  }

  /** Commits what was recorded so far; batches are written one after another. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing.catch(() => undefined);
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.flushing = (async () => {
      const table = await this.table();
      try {
        await retryRivalCreate(() =>
          lance(() => table.add(batch as unknown as Array<Record<string, unknown>>)),
        );
      } catch (error) {
        // Kept for the next batch rather than lost; the bound keeps a dead store from growing it.
        this.pending = [...batch, ...this.pending].slice(-10_000);
        throw error;
      }
      this.batches += 1;
      if (this.batches % this.pruneEvery === 0) await this.prune().catch(() => undefined);
    })().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  /** Deletes entries past the age and size bounds, then compacts the table. */
  async prune(now = Date.now()): Promise<void> {
    const table = await this.table();
    await lance(() => table.delete(`time < ${now - this.maxAgeMs}`));
    const count = await lance(() => table.countRows());
    if (count > this.maxEntries) {
      const times = (
        (await lance(() => table.query().select(['time']).toArray())) as Array<{ time: number }>
      )
        .map((row) => row.time)
        .sort((a, b) => a - b);
      const cutoff = times[times.length - this.maxEntries]!;
      await lance(() => table.delete(`time < ${cutoff}`));
    }
    // Another process's commit during the compaction makes it give up; the table stays whole.
    await table
      .optimize({ cleanupOlderThan: new Date(Date.now() - KEEP_VERSIONS_MS) })
      .catch(() => undefined);
  }

  /** Entries matching the filter, newest first (this process's pending ones committed first). */
  async query(filter: AuditFilter): Promise<AuditEntry[]> {
    await this.flush();
    const where: string[] = [];
    if (filter.principal) where.push(`principal = ${sqlString(filter.principal)}`);
    if (filter.action) where.push(`action = ${sqlString(filter.action)}`);
    if (typeof filter.since === 'number') where.push(`time >= ${filter.since}`);
    if (typeof filter.until === 'number') where.push(`time <= ${filter.until}`);
    const table = await this.table();
    const rows = (await lance(() => {
      const query = table.query();
      return (where.length ? query.where(where.join(' AND ')) : query).toArray();
    })) as AuditEntry[];
    const target = filter.target;
    return rows
      .map((row) => ({ ...row }))
      .filter(
        (row) =>
          !target ||
          row.target === target ||
          row.target.startsWith(`${target}${DEFAULT_DELIMITER}`),
      )
      .sort((a, b) => b.time - a.time)
      .slice(0, filter.limit ?? 1000);
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush().catch((error: unknown) =>
      console.error(`Could not write the audit trail: ${(error as Error).message}`),
    );
  }
}
