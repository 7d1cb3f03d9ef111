/**
 * A namespace's page: the namespaces and tables directly inside it, each table with its rows,
 * size (its latest version's data files, src-shared/table-sizes.ts) and index count, for a list the person can sort. Stats open
 * each table, so at most DESCRIBED_TABLES are read, a few at a time; the rest are listed by name.
 */
import type { CatalogClient } from '../catalog/client';
import { collectPages } from '../../src-shared/vocabulary/pagination';
import { versionDataBytes } from '../../src-shared/table-sizes';
import { ERROR_CODES, isCatalogError } from '../../src-shared/vocabulary/errors';

export const DESCRIBED_TABLES = 200;
const AT_ONCE = 8;

export interface NamespaceChildren {
  namespaces: string[];
  tables: Array<{
    name: string;
    rows: number | null;
    bytes: number | null;
    indexes: number | null;
  }>;
}

/** Every namespace and table directly inside `path`, all pages of each. */
export async function listChildren(
  catalog: CatalogClient,
  path: string[],
): Promise<{ namespaces: string[]; tables: string[] }> {
  const [namespaces, tables] = await Promise.all([
    collectPages(async (pageToken) => {
      const page = await catalog.listNamespaces(path, pageToken ? { pageToken } : {});
      return { items: page.namespaces, ...(page.pageToken ? { pageToken: page.pageToken } : {}) };
    }),
    collectPages(async (pageToken) => {
      const page = await catalog.listTables(path, pageToken ? { pageToken } : {});
      return { items: page.tables, ...(page.pageToken ? { pageToken: page.pageToken } : {}) };
    }).catch((error: unknown) => {
      // A key limited to some namespaces may list the way to them, not the tables on the way.
      if (isCatalogError(error) && error.code === ERROR_CODES.PermissionDenied) return [];
      throw error;
    }),
  ]);
  return { namespaces, tables };
}

export async function namespaceChildren(
  catalog: CatalogClient,
  path: string[],
): Promise<NamespaceChildren> {
  const { namespaces, tables } = await listChildren(catalog, path);
  const described: NamespaceChildren['tables'] = tables.map((name) => ({
    name,
    rows: null,
    bytes: null,
    indexes: null,
  }));
  const queue = described.slice(0, DESCRIBED_TABLES);
  const worker = async () => {
    for (let entry = queue.shift(); entry; entry = queue.shift()) {
      try {
        const table = await catalog.openTable(entry.name, path);
        const [stats, [latest]] = await Promise.all([
          table.stats(),
          table.listVersions({ newest: 1 }),
        ]);
        entry.rows = stats.numRows;
        // The latest version's data files, as Storage and Versions tell a table's size.
        entry.bytes = (latest && versionDataBytes(latest)) ?? null;
        entry.indexes = stats.numIndices;
      } catch {
        // Listed without its numbers (dropped meanwhile, or unreadable).
      }
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return { namespaces, tables: described };
}
