/**
 * Every namespace and table name of each open connection, kept in memory for the tree's filter
 * box and the command palette. Walking a catalog costs one listing per namespace (about half a
 * second for 100 namespaces here), which is too slow per keystroke but fine once: the walk runs
 * in the background when a connection opens, and again after this app changes that catalog or
 * when it is older than `maxAgeMs` (another process may have changed it).
 */
import type { CatalogClient } from '../catalog/client';
import { walkCatalog, type CatalogEntry } from './catalog-walk';

export interface NameIndexOptions {
  maxAgeMs: number;
  maxEntries: number;
}

interface Snapshot {
  entries: Promise<{ entries: CatalogEntry[]; truncated: boolean }>;
  takenAt: number;
}

export interface NameSearchResult {
  matches: CatalogEntry[];
  scanned: number;
  truncated: boolean;
}

export class CatalogNameIndex {
  private readonly snapshots = new Map<string, Snapshot>();

  constructor(private readonly options: NameIndexOptions) {}

  /** Starts (or restarts) the walk of a connection's catalog without waiting for it. */
  refresh(connectionId: string, catalog: CatalogClient): void {
    const entries = walkCatalog(catalog, this.options.maxEntries);
    // A failed walk is reported to the search that awaits it, and not kept for the next one.
    entries.catch(() => {
      if (this.snapshots.get(connectionId)?.entries === entries)
        this.snapshots.delete(connectionId);
    });
    this.snapshots.set(connectionId, { entries, takenAt: Date.now() });
  }

  /**
   * Drops a connection's names once its walk in flight has settled: closing a catalog while
   * the walk still lists it would fail the close.
   */
  async forget(connectionId: string): Promise<void> {
    const snapshot = this.snapshots.get(connectionId);
    this.snapshots.delete(connectionId);
    await snapshot?.entries.catch(() => undefined);
  }

  /** Marks a connection's names stale; the next search walks again. */
  invalidate(connectionId: string): void {
    this.snapshots.delete(connectionId);
  }

  async search(
    connectionId: string,
    catalog: CatalogClient,
    query: string,
    limit: number,
  ): Promise<NameSearchResult> {
    let snapshot = this.snapshots.get(connectionId);
    if (!snapshot || Date.now() - snapshot.takenAt > this.options.maxAgeMs) {
      this.refresh(connectionId, catalog);
      snapshot = this.snapshots.get(connectionId)!;
    }
    const { entries, truncated } = await snapshot.entries;
    const needle = query.trim().toLowerCase();
    const matches: CatalogEntry[] = [];
    for (const entry of entries) {
      const name = entry.table ?? entry.path[entry.path.length - 1]!;
      if (!name.toLowerCase().includes(needle)) continue;
      if (matches.length === limit) return { matches, scanned: entries.length, truncated: true };
      matches.push(entry);
    }
    return { matches, scanned: entries.length, truncated };
  }
}
