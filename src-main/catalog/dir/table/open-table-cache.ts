/**
 * Opened tables, kept for a few seconds: opening resolves the manifest and reads the dataset
 * header, which would otherwise dominate every small request. Reads stay fresh (the connection
 * checks for new versions on every read); this process evicts entries it drops, renames or
 * overwrites, and the short lifetime bounds how long another process's rename can go unseen.
 */
import type * as lancedb from '@lancedb/lancedb';

const OPEN_TABLE_TTL_MS = 5000;

export class OpenTableCache {
  private readonly openTables = new Map<string, { table: Promise<lancedb.Table>; at: number }>();

  /** The table opened under `key` a moment ago, or a new open by `open`, kept for the next. */
  get(key: string, open: () => Promise<lancedb.Table>): Promise<lancedb.Table> {
    const now = Date.now();
    const cached = this.openTables.get(key);
    if (cached && now - cached.at < OPEN_TABLE_TTL_MS) return cached.table;
    // Expired entries go when a new one comes, so the cache holds only recently used tables.
    for (const [other, entry] of this.openTables)
      if (now - entry.at >= OPEN_TABLE_TTL_MS) this.openTables.delete(other);
    const table = open();
    this.openTables.set(key, { table, at: now });
    table.catch(() => {
      if (this.openTables.get(key)?.table === table) this.openTables.delete(key);
    });
    return table;
  }

  delete(key: string): void {
    this.openTables.delete(key);
  }
}
