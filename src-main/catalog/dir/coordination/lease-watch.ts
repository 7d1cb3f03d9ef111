/**
 * Whether another process is dead, judged on evidence this process gathered itself, not on one
 * late renewal. Each process renews a row in the `leases` table with the time it expires (by its
 * own word). A busy process (an index build on every core, a loaded machine) renews late: its
 * row can read "expired" for a moment while it is alive and still writing. So a reader watches
 * each owner's row over time, on its own monotonic clock:
 *
 * - it notes when the row last changed, and the longest gap between two changes it has seen
 *   (the slowest renewal of that owner, as seen from here);
 * - an owner is dead only when its row says it expired, and the row has not changed for a lease
 *   plus a grace that covers the slowest renewal seen (at least a renewal period, at most a
 *   second lease);
 * - an owner with no row at all is dead: rows are removed only on a clean close or a lease after
 *   they expired. A row first seen long expired (by more than two leases) is dead at once, so a
 *   process that starts after a crash does not watch a corpse for a lease before saying so.
 */
export interface LeaseRow {
  owner: string;
  /** Wall-clock time the owner said its lease ends. */
  expiresAt: number;
}

interface Watched {
  expiresAt: number;
  /** `performance.now()` when this process saw the row change (or first saw it). */
  changedAt: number;
  /** Longest time between two changes seen, in ms (0 until two were seen). */
  slowestGapMs: number;
  seenChanging: boolean;
}

export class LeaseWatch {
  private readonly watched = new Map<string, Watched>();

  constructor(private readonly leaseMs: number) {}

  /** The period at which owners renew (ProcessLease renews three times per lease). */
  private get renewEveryMs(): number {
    return Math.floor(this.leaseMs / 3);
  }

  /** The grace past a lease of silence before an owner is judged dead. */
  graceFor(owner: string): number {
    const slowest = this.watched.get(owner)?.slowestGapMs ?? 0;
    return Math.min(this.leaseMs, Math.max(this.renewEveryMs, slowest));
  }

  /** Records what a read of the leases table showed. */
  observe(rows: readonly LeaseRow[], now = performance.now()): void {
    for (const { owner, expiresAt } of rows) {
      const seen = this.watched.get(owner);
      if (!seen) {
        this.watched.set(owner, {
          expiresAt,
          changedAt: now,
          slowestGapMs: 0,
          seenChanging: false,
        });
      } else if (seen.expiresAt !== expiresAt) {
        if (seen.seenChanging)
          seen.slowestGapMs = Math.max(seen.slowestGapMs, now - seen.changedAt);
        seen.expiresAt = expiresAt;
        seen.changedAt = now;
        seen.seenChanging = true;
      }
    }
  }

  /** Whether `owner` is dead on the evidence so far (call `observe` with a fresh read first). */
  isDead(
    owner: string,
    rows: readonly LeaseRow[],
    now = performance.now(),
    wall = Date.now(),
  ): boolean {
    const row = rows.find((r) => r.owner === owner);
    if (!row) return true;
    if (row.expiresAt > wall) return false;
    if (row.expiresAt + 2 * this.leaseMs < wall) return true;
    const seen = this.watched.get(owner);
    if (!seen) return false;
    return now - seen.changedAt >= this.leaseMs + this.graceFor(owner);
  }

  /** Forgets owners no longer in the table. */
  forgetAllBut(rows: readonly LeaseRow[]): void {
    const present = new Set(rows.map((r) => r.owner));
    for (const owner of this.watched.keys()) if (!present.has(owner)) this.watched.delete(owner);
  }
}
