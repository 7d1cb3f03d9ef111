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
import type * as lancedb from '@lancedb/lancedb';

interface Snapshot {
  version: number;
  table: Promise<lancedb.Table>;
}

export class VersionSnapshots {
  private readonly snapshots = new Map<string, Snapshot>();

  /** The handle pinned at `version` for this key, opening one if the cached one is older. */
  at(key: string, version: number, open: () => Promise<lancedb.Table>): Promise<lancedb.Table> {
    const cached = this.snapshots.get(key);
    if (cached?.version === version) return cached.table;
    const table = open();
    const snapshot = { version, table };
    this.snapshots.set(key, snapshot);
    table.catch(() => {
      if (this.snapshots.get(key) === snapshot) this.snapshots.delete(key);
    });
    return table;
  }

  /** Forgets every snapshot of a table (all its branches), when it moves, goes or is recreated. */
  forget(tableKey: string): void {
    for (const key of this.snapshots.keys()) {
      if (key === tableKey || key.startsWith(`${tableKey}\u0000`)) this.snapshots.delete(key);
    }
  }
}

/** The snapshot key of a table on a branch (none for the main one). */
export const snapshotKey = (tableKey: string, branch: string | undefined) =>
  branch === undefined ? tableKey : `${tableKey}\u0000${branch}`;
