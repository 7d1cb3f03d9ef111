/**
 * Read-only LanceDB handles pinned at a table's latest version, one per table and branch, for
 * calls that read several things at once (describe: schema, version, statistics).
 *
 * On a strongly consistent connection each LanceDB read first checks for a newer version: a LIST
 * of `_versions/` on an object store. A describe made of three reads made three checks (five
 * requests where plain LanceDB makes two). With one check on the live handle, then reads from a
 * handle pinned at the version it found, a describe makes one request while nothing changes, and
 * reads one consistent version besides. A handle pinned at an older version is replaced, not
 * moved, so a reader still using it is not switched mid-call.
 */
import { performance } from 'node:perf_hooks';
import type * as lancedb from '@lancedb/lancedb';

interface Snapshot {
  version: number;
  table: Promise<lancedb.Table>;
  openedAt: number;
}

/**
 * A snapshot is trusted this long, as the engine's open table handles are: a table another
 * process dropped and recreated can be back at the same version number with another schema.
 */
const SNAPSHOT_TTL_MS = 5_000;
/** Snapshots kept at most; the least recently used go first. */
const MAX_SNAPSHOTS = 256;

export class VersionSnapshots {
  private readonly snapshots = new Map<string, Snapshot>();

  /** The handle pinned at `version` for this key, opening one if the cached one is older. */
  at(key: string, version: number, open: () => Promise<lancedb.Table>): Promise<lancedb.Table> {
    const cached = this.snapshots.get(key);
    if (cached?.version === version && performance.now() - cached.openedAt < SNAPSHOT_TTL_MS) {
      // Most recently used last, so eviction takes the oldest.
      this.snapshots.delete(key);
      this.snapshots.set(key, cached);
      return cached.table;
    }
    if (cached) this.drop(key, cached);
    const snapshot = { version, table: open(), openedAt: performance.now() };
    this.snapshots.set(key, snapshot);
    snapshot.table.catch(() => {
      if (this.snapshots.get(key) === snapshot) this.snapshots.delete(key);
    });
    while (this.snapshots.size > MAX_SNAPSHOTS) {
      const [oldestKey, oldest] = this.snapshots.entries().next().value as [string, Snapshot];
      this.drop(oldestKey, oldest);
    }
    return snapshot.table;
  }

  /** Forgets every snapshot of a table (all its branches), when it moves, goes or is recreated. */
  forget(tableKey: string): void {
    for (const [key, snapshot] of [...this.snapshots]) {
      if (key === tableKey || key.startsWith(`${tableKey}\u0000`)) this.drop(key, snapshot);
    }
  }

  /**
   * Forgets a snapshot and closes its handle once callers that already have it are likely done
   * (a describe takes milliseconds; closing at once could fail one still reading).
   */
  private drop(key: string, snapshot: Snapshot): void {
    this.snapshots.delete(key);
    const close = setTimeout(() => {
      void snapshot.table.then((t) => t.close()).catch(() => undefined);
    }, SNAPSHOT_TTL_MS);
    close.unref();
  }
}

/** The snapshot key of a table on a branch (none for the main one). */
export const snapshotKey = (tableKey: string, branch: string | undefined) =>
  branch === undefined ? tableKey : `${tableKey}\u0000${branch}`;
