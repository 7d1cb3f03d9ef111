/**
 * Whether a process that shares the catalog is still alive. Work that outlives one request (a
 * table being created, an index build) is recorded in the root with its owner's id; when the
 * owner dies, its work must be reported as interrupted and cleaned up by whoever looks next. A
 * process proves it is alive by rewriting its own lease object,
 * `<root>/.catalog-studio/leases/<owner>`, with the time its lease ends. It renews only while it
 * has such work in flight, so an idle replica costs the object store nothing.
 *
 * The lease is a plain object written through the root's own store client (one PUT per renewal),
 * not a Lance commit: a replica building an index keeps LanceDB's threads busy on every core, and
 * renewals that went through LanceDB waited behind the build for over 20 s on a loaded machine
 * (the replica-jobs test with both cores busy), until the replica was taken for dead while it was
 * building. Node's own HTTP client is not held up by LanceDB's work.
 *
 * An owner is judged dead on evidence (lease-watch.ts): its object is missing, or it says it
 * expired and has not changed, as this reader watched it, for a lease plus a grace covering the
 * slowest renewal seen of that owner. A process that stalls past all that (a paused VM) and
 * resumes renews again, but others may already have reported its work as interrupted; its own
 * jobs then end as interrupted too (job-runner.ts), never as succeeded.
 *
 * Each renewal's time (from its start to its write returning) is kept, so what a loaded machine
 * costs is measured, not guessed (`renewalTimes`).
 */
import { randomUUID } from 'node:crypto';
import type { ObjectStore } from '../../storage/object-store';
import { LeaseWatch, type LeaseRow } from './lease-watch';
import { STATE_FOLDER } from './state-folder';

/**
 * How long a process stays alive to the others after its last renewal. Tests shorten it with
 * CATALOG_STUDIO_LEASE_MS to see a killed process's work reported as interrupted sooner.
 */
export const DEFAULT_LEASE_MS = leaseFromEnvironment() ?? 15_000;

function leaseFromEnvironment(): number | undefined {
  const value = Number(process.env.CATALOG_STUDIO_LEASE_MS);
  return Number.isInteger(value) && value >= 300 ? value : undefined;
}

const PREFIX = `${STATE_FOLDER}/leases`;
/** Renewal times kept for the figures. */
const TIMES_KEPT = 500;
/** Renewals between prunes of long-expired leases. */
const PRUNE_EVERY = 60;
/** Lease objects read at once. */
const READS_AT_ONCE = 16;

export class ProcessLease {
  readonly owner = randomUUID();
  private holds = 0;
  private timer: NodeJS.Timeout | undefined;
  private renewing: Promise<void> = Promise.resolve();
  /** The first renewal of the current holding period: every holder waits for it. */
  private first: Promise<void> = Promise.resolve();
  private renewals = 0;
  private readonly times: number[] = [];
  /** What this process has seen of the others' leases, to judge them on evidence. */
  private readonly watch: LeaseWatch;

  constructor(
    private readonly store: ObjectStore,
    private readonly leaseMs = DEFAULT_LEASE_MS,
  ) {
    this.watch = new LeaseWatch(leaseMs);
  }

  /** Milliseconds each recent renewal took, from its start to its write returning, oldest first. */
  get renewalTimes(): readonly number[] {
    return this.times;
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
      this.renewals += 1;
      // The renewal count makes every write differ, so a reader sees each one land.
      const body = { expiresAt: Date.now() + this.leaseMs, renewal: this.renewals };
      await this.store.put(`${PREFIX}/${this.owner}`, JSON.stringify(body));
      this.times.push(Math.round(performance.now() - started));
      if (this.times.length > TIMES_KEPT) this.times.splice(0, this.times.length - TIMES_KEPT);
      // Dead owners' leases would pile up for every reader to read; now and then, forget them.
      if (this.renewals % PRUNE_EVERY === 0) void this.prune().catch(() => undefined);
    });
    this.renewing = attempt.catch((error) => {
      if (!strict) console.error(`Could not renew the process lease: ${String(error)}`);
    });
    return strict ? attempt : this.renewing;
  }

  /** Every lease as it stands: one listing, then each object (a renewal is one of them). */
  async rows(): Promise<LeaseRow[]> {
    return (await this.read()).rows;
  }

  /**
   * The leases, and the owners whose lease is listed but could not be read (removed meanwhile,
   * or caught mid-write): those are evidence of nothing this time.
   */
  private async read(): Promise<{ rows: LeaseRow[]; unread: Set<string> }> {
    const keys = await this.store.list(PREFIX);
    const rows: LeaseRow[] = [];
    const unread = new Set<string>();
    for (let at = 0; at < keys.length; at += READS_AT_ONCE) {
      const read = await Promise.all(
        keys.slice(at, at + READS_AT_ONCE).map(async (key) => {
          const owner = key.slice(PREFIX.length + 1);
          const bytes = await this.store.get(key).catch(() => undefined);
          const body = bytes ? parseLease(bytes) : undefined;
          if (!body) unread.add(owner);
          return body && { owner, expiresAt: body.expiresAt };
        }),
      );
      for (const row of read) if (row) rows.push(row);
    }
    return { rows, unread };
  }

  /**
   * Which of these owners are dead, on the evidence this process has gathered (see
   * lease-watch.ts); the leases are read afresh and added to that evidence first.
   */
  async deadAmong(owners: Iterable<string>): Promise<Set<string>> {
    const { rows, unread } = await this.read();
    this.watch.observe(rows);
    this.watch.forgetAllBut([...rows, ...[...unread].map((owner) => ({ owner, expiresAt: 0 }))]);
    const dead = new Set<string>();
    for (const owner of owners) {
      if (owner === this.owner && this.holds > 0) continue;
      // Listed but unreadable this time: judged on the next read, never on this one.
      if (unread.has(owner)) continue;
      if (this.watch.isDead(owner, rows)) dead.add(owner);
    }
    return dead;
  }

  /** Forgets leases that expired a lease ago or more; their owners' work is judged dead either way. */
  async prune(): Promise<void> {
    const now = Date.now();
    for (const row of await this.rows()) {
      if (row.expiresAt <= now - this.leaseMs) await this.store.delete(`${PREFIX}/${row.owner}`);
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.renewing;
    await this.store.delete(`${PREFIX}/${this.owner}`).catch(() => undefined);
  }
}

function parseLease(bytes: Uint8Array): { expiresAt: number; renewal: number } | undefined {
  try {
    const body = JSON.parse(Buffer.from(bytes).toString('utf8')) as {
      expiresAt?: unknown;
      renewal?: unknown;
    };
    if (typeof body.expiresAt !== 'number') return undefined;
    return {
      expiresAt: body.expiresAt,
      renewal: typeof body.renewal === 'number' ? body.renewal : 0,
    };
  } catch {
    return undefined;
  }
}
