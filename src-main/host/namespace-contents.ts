/**
 * Everything inside a namespace, at every depth, for the drop dialog to name what a cascade will
 * destroy: each nested namespace, and each table with its rows and versions, up to a list length
 * a person reads (the rest are counted, "and N more"). Counting rows opens each table, so only
 * the tables listed are opened.
 */
import type { CatalogClient } from '../catalog/client';
import { listChildren } from './namespace-children';

export const LISTED_TABLES = 25;
export const LISTED_NAMESPACES = 25;
/** A walk stops here; a catalog this deep in one namespace is told as "at least". */
const MAX_VISITED = 10_000;

export interface NamespaceContents {
  namespaces: string[][];
  tables: Array<{ path: string[]; name: string; rows: number | null; versions: number | null }>;
  totalNamespaces: number;
  totalTables: number;
  /** The walk stopped before the end: the totals are lower bounds. */
  incomplete: boolean;
}

export async function namespaceContents(
  catalog: CatalogClient,
  root: string[],
): Promise<NamespaceContents> {
  const out: NamespaceContents = {
    namespaces: [],
    tables: [],
    totalNamespaces: 0,
    totalTables: 0,
    incomplete: false,
  };
  const queue: string[][] = [root];
  let visited = 0;
  while (queue.length > 0) {
    if (visited >= MAX_VISITED) {
      out.incomplete = true;
      break;
    }
    const path = queue.shift()!;
    visited += 1;
    const { namespaces: children, tables } = await listChildren(catalog, path);
    for (const child of children) {
      const childPath = [...path, child];
      out.totalNamespaces += 1;
      if (out.namespaces.length < LISTED_NAMESPACES) out.namespaces.push(childPath);
      queue.push(childPath);
    }
    for (const name of tables) {
      out.totalTables += 1;
      if (out.tables.length < LISTED_TABLES)
        out.tables.push({ path, name, rows: null, versions: null });
    }
  }
  // Rows and versions of the tables listed; one that cannot be read is still named.
  await Promise.all(
    out.tables.map(async (entry) => {
      try {
        const table = await catalog.openTable(entry.name, entry.path);
        const [rows, versions] = await Promise.all([table.countRows(), table.listVersions()]);
        entry.rows = rows;
        entry.versions = versions.length;
      } catch {
        // Named without its numbers.
      }
    }),
  );
  return out;
}
