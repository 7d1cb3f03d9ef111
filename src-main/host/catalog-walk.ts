/**
 * Lists every namespace and table of a catalog, breadth-first, up to a bound, so a huge remote
 * catalog cannot hold the app. Each level's namespaces are listed a few at a time in parallel.
 */
import type { CatalogClient } from '../catalog/client';
import { collectPages } from '../../src-shared/vocabulary/pagination';

export interface CatalogEntry {
  path: string[];
  /** Present for a table; absent when the entry is the namespace at `path`. */
  table?: string;
}

const PAGE = 10_000;
const PARALLEL = 4;

async function listLevel(
  catalog: CatalogClient,
  path: string[],
): Promise<{ namespaces: string[]; tables: string[] }> {
  const page = (pageToken?: string) => ({ limit: PAGE, ...(pageToken ? { pageToken } : {}) });
  const [namespaces, tables] = await Promise.all([
    collectPages(async (token) => {
      const r = await catalog.listNamespaces(path, page(token));
      return { items: r.namespaces, ...(r.pageToken ? { pageToken: r.pageToken } : {}) };
    }),
    collectPages(async (token) => {
      const r = await catalog.listTables(path, page(token));
      return { items: r.tables, ...(r.pageToken ? { pageToken: r.pageToken } : {}) };
    }),
  ]);
  return { namespaces, tables };
}

export async function walkCatalog(
  catalog: CatalogClient,
  maxEntries: number,
): Promise<{ entries: CatalogEntry[]; truncated: boolean }> {
  const entries: CatalogEntry[] = [];
  let level: string[][] = [[]];
  while (level.length > 0) {
    const next: string[][] = [];
    for (let i = 0; i < level.length; i += PARALLEL) {
      const batch = level.slice(i, i + PARALLEL);
      const listed = await Promise.all(batch.map((path) => listLevel(catalog, path)));
      for (const [j, { namespaces, tables }] of listed.entries()) {
        const path = batch[j]!;
        for (const name of namespaces) {
          entries.push({ path: [...path, name] });
          next.push([...path, name]);
        }
        for (const table of tables) entries.push({ path, table });
        if (entries.length >= maxEntries) {
          return { entries: entries.slice(0, maxEntries), truncated: true };
        }
      }
    }
    level = next;
  }
  return { entries, truncated: false };
}
