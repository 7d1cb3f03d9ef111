/**
 * Job records shared by every process serving one catalog root, in the `jobs` state table. Any
 * replica answers for a job that another one started, because the records live in the root and
 * not in the process. Every change is one Lance commit, atomic on a folder and on an object store.
 *
 * Who may write a row, and when:
 * - its owner (the process running the job) inserts it, then rewrites it while the row is still
 *   its own and unfinished; a write that matches nothing tells the owner that someone asked for a
 *   cancel or judged the job interrupted;
 * - anyone may set `cancel_requested` on an unfinished row; the owner notices and stops the job;
 * - anyone who finds an unfinished row whose owner's lease has expired rewrites it as failed
 *   (interrupted), on the condition that it is still that owner's and unfinished.
 * Each of these is conditional on what the row holds when Lance commits (Lance re-runs a write
 * that lost a race), so the owner and a reader judging it dead cannot both win.
 */
import type * as lancedb from '@lancedb/lancedb';
import { arrow } from '../arrow';
import { JobRecordSchema, type JobRecord } from '../../../src-shared/catalog-api';
import { errorNameOf, errors } from '../../../src-shared/vocabulary/errors';
import type { JobJournal, JobLease } from './job-journal';
import { sqlString } from '../sql-string';

const SCHEMA = new arrow.Schema([
  new arrow.Field('id', new arrow.Utf8(), false),
  new arrow.Field('owner', new arrow.Utf8(), false),
  new arrow.Field('record', new arrow.Utf8(), false),
  new arrow.Field('state', new arrow.Utf8(), false),
  new arrow.Field('created_at', new arrow.Int64(), false),
  new arrow.Field('ended_at', new arrow.Int64(), true),
  new arrow.Field('cancel_requested', new arrow.Bool(), false),
]);

const ACTIVE = "('queued', 'running')";
/** Fragments a compacted job table may have; more means the last compaction lost a race. */
const FEW_FRAGMENTS = 10;

export const INTERRUPTED_MESSAGE =
  'Interrupted: the process running this job stopped (crash or restart) before it finished; run it again';

/** A finished copy of a record that was queued or running when its process stopped. */
export function markInterrupted(record: JobRecord, now: number): JobRecord {
  if (record.state !== 'queued' && record.state !== 'running') return record;
  const error = errors.Internal(INTERRUPTED_MESSAGE);
  const { estimateMs: _estimate, ...rest } = record;
  return {
    ...rest,
    state: 'failed',
    phase: 'interrupted',
    endedAt: now,
    error: { code: error.code, name: errorNameOf(error.code), message: error.message },
  };
}

/** What a write of its own unfinished job tells the owner. */
export type OwnWrite = 'written' | 'cancel-requested' | 'taken-over';

interface Row {
  id: string;
  owner: string;
  record: string;
  state: string;
  cancel_requested: boolean;
}

/** The shortest time files are kept for a write in flight (a job row's commit takes milliseconds). */
const MIN_KEEP_VERSIONS_MS = 60_000;

export interface JobStoreOptions {
  /** Commits by this process between compactions of the table. */
  compactEvery?: number;
  /**
   * How long old versions (and files no version names yet) are kept, for readers still reading
   * them and for writes in flight: a cleanup that removes the files another process's write has
   * just written, before that write commits, loses the write. Never below MIN_KEEP_VERSIONS_MS.
   */
  keepVersionsMs?: number;
}

function isActive(state: string): boolean {
  return state === 'queued' || state === 'running';
}

/** Ids come from callers; anything that cannot be one of ours is not looked up at all. */
function isPlausibleId(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,100}$/.test(id);
}

export class JobStore {
  private readonly compactEvery: number;
  private readonly keepVersionsMs: number;
  private commits = 0;
  private nextCompaction: number;
  private compacting: Promise<void> | undefined;

  readonly lease: JobLease;

  constructor(
    private readonly journal: JobJournal,
    options: JobStoreOptions = {},
  ) {
    this.lease = journal.lease;
    this.compactEvery = options.compactEvery ?? 100;
    this.keepVersionsMs = Math.max(MIN_KEEP_VERSIONS_MS, options.keepVersionsMs ?? 5 * 60_000);
    this.nextCompaction = this.compactEvery;
  }

  get owner(): string {
    return this.lease.owner;
  }

  private table(): Promise<lancedb.Table> {
    return this.journal.open('jobs', SCHEMA);
  }

  /** A row as this process writes it; a cancel request is never carried over by a rewrite. */
  private row(record: JobRecord) {
    return {
      id: record.id,
      owner: this.owner,
      record: JSON.stringify(record),
      state: record.state,
      created_at: BigInt(record.createdAt),
      ended_at: record.endedAt === undefined ? null : BigInt(record.endedAt),
      cancel_requested: false,
    };
  }

  /** Records a job this process has just accepted; it must hold its lease first. */
  async insert(record: JobRecord): Promise<void> {
    const table = await this.table();
    await this.journal.retryRivalCreate(() =>
      this.journal.call(() =>
        table
          .mergeInsert('id')
          .whenNotMatchedInsertAll()
          .execute([this.row(record)]),
      ),
    );
    this.committed();
  }

  /**
   * Rewrites a job of this process while it runs. Nothing is written once someone has asked for a
   * cancel (so that the request is not overwritten) or has judged the job interrupted.
   */
  async write(record: JobRecord): Promise<OwnWrite> {
    const table = await this.table();
    const result = await this.journal.call(() =>
      table
        .mergeInsert('id')
        .whenMatchedUpdateAll({
          where: `target.owner = ${sqlString(this.owner)} AND target.state IN ${ACTIVE} AND NOT target.cancel_requested`,
        })
        .execute([this.row(record)]),
    );
    this.committed();
    if (result.numUpdatedRows === 1) return 'written';
    const [now] = await this.rows(`id = ${sqlString(record.id)}`);
    // No row at all: a rival's create of the table erased it (nobody else deletes an unfinished
    // job's row; see rival-create.ts). Put it back.
    if (!now) {
      await this.insert(record);
      return 'written';
    }
    return now.owner === this.owner && isActive(now.state) && now.cancel_requested
      ? 'cancel-requested'
      : 'taken-over';
  }

  /** Writes how a job of this process ended; false when another process had judged it dead. */
  async finish(record: JobRecord): Promise<boolean> {
    const table = await this.table();
    const result = await this.journal.call(() =>
      table
        .mergeInsert('id')
        .whenMatchedUpdateAll({
          where: `target.owner = ${sqlString(this.owner)} AND target.state IN ${ACTIVE}`,
        })
        .execute([this.row(record)]),
    );
    this.committed();
    if (result.numUpdatedRows === 1) return true;
    // As in `write`: a row erased by a rival's create of the table is put back, finished.
    const [now] = await this.rows(`id = ${sqlString(record.id)}`);
    if (now) return false;
    await this.insert(record);
    return true;
  }

  /** Which of this process's unfinished jobs others asked to cancel, or have judged dead. */
  async requestsFor(ids: readonly string[]): Promise<Map<string, Exclude<OwnWrite, 'written'>>> {
    const requests = new Map<string, Exclude<OwnWrite, 'written'>>();
    if (ids.length === 0) return requests;
    const rows = await this.rows(
      `owner = ${sqlString(this.owner)} AND id IN (${ids.map(sqlString).join(', ')})`,
    );
    for (const row of rows) {
      if (!isActive(row.state)) requests.set(row.id, 'taken-over');
      else if (row.cancel_requested) requests.set(row.id, 'cancel-requested');
    }
    return requests;
  }

  /** A job of any process, as it stands now; undefined when the root has no such job. */
  async get(id: string): Promise<JobRecord | undefined> {
    if (!isPlausibleId(id)) return undefined;
    const [record] = await this.judge(await this.rows(`id = ${sqlString(id)}`));
    return record;
  }

  /** Every job recorded in the root, newest first. */
  async list(): Promise<JobRecord[]> {
    const records = await this.judge(await this.rows());
    return records.sort((a, b) => b.createdAt - a.createdAt);
  }

  /**
   * Asks the process running a job to cancel it. Answers the job as it stands: still running
   * until its owner notices, or finished (interrupted) when its owner is dead.
   */
  async requestCancel(id: string): Promise<JobRecord | undefined> {
    const before = await this.get(id);
    if (!before || !isActive(before.state)) return before;
    const table = await this.table();
    await this.journal.call(() =>
      table.update({
        where: `id = ${sqlString(id)} AND state IN ${ACTIVE} AND NOT cancel_requested`,
        values: { cancel_requested: true },
      }),
    );
    this.committed();
    return this.get(id);
  }

  /**
   * Forgets the oldest finished jobs beyond `limit`. It waits for a little more than the limit so
   * that a busy catalog does not pay one delete per finished job.
   */
  async prune(limit: number): Promise<void> {
    const table = await this.table();
    const finished = (await this.journal.call(() =>
      table.query().where(`state NOT IN ${ACTIVE}`).select(['id', 'ended_at']).toArray(),
    )) as Array<{ id: string; ended_at: bigint | number | null }>;
    const slack = Math.max(1, Math.ceil(limit / 10));
    if (finished.length <= limit + slack) return;
    const oldest = finished
      .sort((a, b) => Number(a.ended_at ?? 0) - Number(b.ended_at ?? 0))
      .slice(0, finished.length - limit)
      .map((r) => sqlString(r.id));
    await this.journal.call(() =>
      table.delete(`id IN (${oldest.join(', ')}) AND state NOT IN ${ACTIVE}`),
    );
    this.committed();
  }

  private async rows(where?: string): Promise<Row[]> {
    const table = await this.table();
    return (await this.journal.call(() => {
      const query = table.query().select(['id', 'owner', 'record', 'state', 'cancel_requested']);
      return (where ? query.where(where) : query).toArray();
    })) as Row[];
  }

  /**
   * The records of rows, with unfinished jobs of dead owners reported (and rewritten) as failed,
   * interrupted. The rows are read before the leases: an owner takes its lease before it writes
   * a row and keeps it until the row is finished, so a row read first and an owner judged dead
   * on the leases read after it is gone (or has just finished, which the conditional rewrite
   * finds). "Dead" is judged on evidence (lease-watch.ts): a busy owner whose renewals land late
   * is given a grace covering the slowest renewal seen of it.
   */
  private async judge(rows: Row[]): Promise<JobRecord[]> {
    const records = new Map<string, JobRecord>();
    const owners = new Map<string, string>();
    for (const row of rows) {
      const parsed = JobRecordSchema.safeParse(safeJson(row.record));
      if (!parsed.success) {
        console.error(`Ignoring an unreadable job record ${row.id} in the job table`);
        continue;
      }
      // The state column is the truth; the record is rewritten along with it.
      records.set(row.id, parsed.data);
      owners.set(row.id, row.owner);
    }
    const suspects = [...records.values()].filter(
      (r) => isActive(r.state) && owners.get(r.id) !== this.owner,
    );
    if (suspects.length === 0) return [...records.values()];
    const gone = await this.lease.deadAmong(suspects.map((r) => owners.get(r.id)!));
    const now = Date.now();
    const dead = suspects
      .filter((r) => gone.has(owners.get(r.id)!))
      .map((r) => ({ record: markInterrupted(r, now), owner: owners.get(r.id)! }));
    for (const { record } of dead) records.set(record.id, record);
    if (dead.length === 0) return [...records.values()];
    const rewritten = await this.recordInterrupted(dead).catch((error) => {
      console.error(`Could not record interrupted jobs: ${String(error)}`);
      return dead.length;
    });
    if (rewritten < dead.length) {
      // Some finished (or were rewritten by another reader) since they were read: report them
      // as they are now.
      const ids = dead.map(({ record }) => sqlString(record.id)).join(', ');
      for (const row of await this.rows(`id IN (${ids}) AND state NOT IN ${ACTIVE}`)) {
        const parsed = JobRecordSchema.safeParse(safeJson(row.record));
        if (parsed.success) records.set(row.id, parsed.data);
      }
    }
    return [...records.values()];
  }

  /** Rewrites dead owners' jobs as interrupted, unless they finished or changed hands meanwhile. */
  private async recordInterrupted(
    jobs: Array<{ record: JobRecord; owner: string }>,
  ): Promise<number> {
    const table = await this.table();
    const result = await this.journal.call(() =>
      table
        .mergeInsert('id')
        .whenMatchedUpdateAll({
          where: `target.owner = source.owner AND target.state IN ${ACTIVE}`,
        })
        .execute(jobs.map(({ record, owner }) => ({ ...this.row(record), owner }))),
    );
    this.committed();
    return result.numUpdatedRows;
  }

  /** Every so many commits, folds the small fragments each commit leaves and drops old versions. */
  private committed(): void {
    this.commits += 1;
    if (this.commits < this.nextCompaction || this.compacting) return;
    this.nextCompaction = this.commits + this.compactEvery;
    this.compacting = this.compact().finally(() => (this.compacting = undefined));
  }

  private async compact(): Promise<void> {
    const table = await this.table();
    // A compaction loses to any write committed while it ran (Lance leaves the fragments as they
    // were), and another process may be compacting too; either way the table is still whole.
    await table
      .optimize({ cleanupOlderThan: new Date(Date.now() - this.keepVersionsMs) })
      .catch(() => undefined);
    const fragments = await table.stats().then(
      (stats) => stats.fragmentStats.numFragments,
      () => 0,
    );
    // Lost on a busy table: try again soon rather than a whole period later.
    if (fragments > FEW_FRAGMENTS)
      this.nextCompaction = this.commits + Math.ceil(this.compactEvery / 10);
  }

  /** For shutdown: lets a compaction in flight end before the connection closes. */
  async close(): Promise<void> {
    await this.compacting;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
