/**
 * A table's version list, kept while its latest version stays the same. Listing versions reads
 * every manifest (about a quarter of a second for 1,000 versions here, and more as manifests
 * grow with fragments); versions are never rewritten, so a list read once stays true until a new
 * version is committed, which the latest version's number (a cheap call) shows. A cleanup or a
 * restore through this app clears its table's entry; one made by another process that commits no
 * new version is seen on the next commit.
 */
import type { TableHandle } from '../catalog/client';
import type { VersionInfo } from '../../src-shared/catalog-api';

const MAX_TABLES = 64;

export class VersionListCache {
  private readonly entries = new Map<string, { latest: number; versions: VersionInfo[] }>();

  /** The whole list, or its `newest` few: from the kept list, else read (and only then kept). */
  async list(
    tableKey: string,
    branch: string | undefined,
    table: TableHandle,
    newest?: number,
  ): Promise<VersionInfo[]> {
    const key = `${tableKey}#${branch ?? ''}`;
    const latest = await table.latestVersion();
    const kept = this.entries.get(key);
    if (kept && kept.latest === latest) {
      return newest === undefined ? kept.versions : kept.versions.slice(-newest);
    }
    if (newest !== undefined) return table.listVersions({ newest });
    const versions = await table.listVersions();
    this.entries.delete(key);
    this.entries.set(key, { latest, versions });
    // The oldest-used table goes first once there are many (a Map keeps insertion order).
    if (this.entries.size > MAX_TABLES) this.entries.delete(this.entries.keys().next().value!);
    return versions;
  }

  /** Forgets every view (branch) of a table. */
  forget(tableKey: string): void {
    for (const key of this.entries.keys()) {
      if (key.startsWith(`${tableKey}#`)) this.entries.delete(key);
    }
  }
}

/** The key of a table (its views, by branch, are kept under it): connection, namespace, name. */
export function tableCacheKey(input: {
  connectionId: string;
  path: readonly string[];
  table: string;
}): string {
  return JSON.stringify([input.connectionId, input.path, input.table]);
}
