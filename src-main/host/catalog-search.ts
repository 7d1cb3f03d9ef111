/**
 * Finds namespaces and tables by name anywhere in a catalog, for the tree's filter box. The tree
 * loads lazily, so the renderer cannot search what it has not loaded; this walks the catalog
 * breadth-first on the host instead, bounded so a huge remote catalog cannot stall the app.
 */
import type { CatalogClient } from '../catalog/client';

export interface CatalogMatch {
  path: string[];
  /** Present for a table match; absent when the match is the namespace at `path`. */
  table?: string;
}

export interface CatalogSearchResult {
  matches: CatalogMatch[];
  /** Entries looked at. */
  scanned: number;
  /** True when the walk stopped at a bound before seeing the whole catalog. */
  truncated: boolean;
}

const PAGE = 10_000;

async function listAll(
  list: (pageToken?: string) => Promise<{ items: string[]; pageToken?: string }>,
): Promise<string[]> {
  const out: string[] = [];
  let token: string | undefined;
  do {
    const page = await list(token);
    out.push(...page.items);
    token = page.pageToken;
  } while (token);
  return out;
}

export async function searchCatalog(
  catalog: CatalogClient,
  query: string,
  options: { limit: number; maxScanned: number },
): Promise<CatalogSearchResult> {
  const needle = query.trim().toLowerCase();
  const matches: CatalogMatch[] = [];
  let scanned = 0;
  const queue: string[][] = [[]];
  while (queue.length > 0) {
    const path = queue.shift()!;
    const [namespaces, tables] = await Promise.all([
      listAll(async (pageToken) => {
        const page = await catalog.listNamespaces(path, {
          limit: PAGE,
          ...(pageToken ? { pageToken } : {}),
        });
        return { items: page.namespaces, ...(page.pageToken ? { pageToken: page.pageToken } : {}) };
      }),
      listAll(async (pageToken) => {
        const page = await catalog.listTables(path, {
          limit: PAGE,
          ...(pageToken ? { pageToken } : {}),
        });
        return { items: page.tables, ...(page.pageToken ? { pageToken: page.pageToken } : {}) };
      }),
    ]);
    for (const name of namespaces) {
      scanned += 1;
      const child = [...path, name];
      if (name.toLowerCase().includes(needle)) matches.push({ path: child });
      queue.push(child);
    }
    for (const name of tables) {
      scanned += 1;
      if (name.toLowerCase().includes(needle)) matches.push({ path, table: name });
    }
    if (matches.length >= options.limit || scanned >= options.maxScanned) {
      return {
        matches: matches.slice(0, options.limit),
        scanned,
        truncated: queue.length > 0 || matches.length > options.limit,
      };
    }
  }
  return { matches, scanned, truncated: false };
}
