/**
 * Listing the `dir` catalog's namespaces and tables, a page at a time or all of them. LanceDB lists
 * an absent namespace as empty, so an empty page checks that the namespace exists.
 */
import type { NamespaceList, TableList } from '../../client';
import type { ListOptions } from '../../../../src-shared/catalog-api';
import { collectPages } from '../../../../src-shared/vocabulary/pagination';
import { lance } from '../lance-errors';
import type { CatalogContext } from '../dir-catalog-context';
import { requireNamespace } from './dir-lookups';

export async function listNamespaces(
  ctx: CatalogContext,
  path: string[] = [],
  { pageToken, limit }: ListOptions = {},
): Promise<NamespaceList> {
  const result = await lance(() =>
    ctx.db.listNamespaces(path, { pageToken: pageToken || undefined, limit }),
  );
  // LanceDB lists an absent namespace as empty, so only an empty page needs the extra check.
  if (result.namespaces.length === 0) await requireNamespace(ctx, path);
  return withPageToken({ namespaces: result.namespaces }, result.pageToken);
}

export async function listTables(
  ctx: CatalogContext,
  path: string[] = [],
  { pageToken, limit }: ListOptions = {},
): Promise<TableList> {
  if (path.length === 0) return listRootTables(ctx, pageToken, limit);
  const result = await lance(() =>
    ctx.db.listTables(path, { pageToken: pageToken || undefined, limit }),
  );
  // LanceDB lists an absent namespace as empty, so only an empty page needs the extra check.
  if (result.tables.length === 0) await requireNamespace(ctx, path);
  return withPageToken({ tables: result.tables }, result.pageToken);
}

/**
 * The root's tables: LanceDB lists them from `<name>.lance` folders only, but a root table
 * registered at another location has only its manifest row, and a rename that moves a root table
 * (local folders only) changes its row and its folder in two steps. Listing the manifest's root
 * rows together with the folders (a folder being moved carries LanceDB's `.lance-deregistered`
 * marker meanwhile, so the listing skips it) shows each table under exactly one name at every
 * instant of such a rename. Pages are cut here, by name; the names are kept between listings on
 * a local folder only (root-listing-cache.ts).
 */
async function listRootTables(
  ctx: CatalogContext,
  pageToken: string | undefined,
  limit: number | undefined,
) {
  const compute = async () => {
    const folders = await collectPages((token) =>
      lance(() => ctx.db.listTables([], { pageToken: token || undefined })).then((r) => ({
        items: r.tables,
        pageToken: r.pageToken,
      })),
    );
    const rows = await ctx.manifest.rows("object_type = 'table' AND NOT contains(object_id, '$')");
    return [...new Set([...folders, ...rows.map((r) => r.objectId)])].sort();
  };
  const names = ctx.files.isLocal ? await ctx.rootListing.names(compute) : await compute();
  const start = pageToken ? firstAfter(names, pageToken) : 0;
  const end = limit && limit > 0 ? Math.min(names.length, start + limit) : names.length;
  const page = names.slice(start, end);
  return withPageToken({ tables: page }, end < names.length ? page[page.length - 1] : undefined);
}

/** The index of the first name after `token` in sorted `names`. */
function firstAfter(names: readonly string[], token: string): number {
  let low = 0;
  let high = names.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (names[mid]! <= token) low = mid + 1;
    else high = mid;
  }
  return low;
}

export async function allNamespaces(ctx: CatalogContext, path: string[]): Promise<string[]> {
  return collectPages((pageToken) =>
    listNamespaces(ctx, path, { pageToken }).then((r) => ({
      items: r.namespaces,
      pageToken: r.pageToken,
    })),
  );
}

export async function allTables(ctx: CatalogContext, path: string[]): Promise<string[]> {
  return collectPages((pageToken) =>
    listTables(ctx, path, { pageToken }).then((r) => ({
      items: r.tables,
      pageToken: r.pageToken,
    })),
  );
}

function withPageToken<T extends object>(
  result: T,
  pageToken: string | undefined | null,
): T & { pageToken?: string } {
  return pageToken ? { ...result, pageToken } : result;
}
