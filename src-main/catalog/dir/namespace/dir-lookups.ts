/**
 * What the `dir` catalog holds, read fresh from LanceDB, the manifest and the root: whether a
 * namespace exists, and where a table's folder is. The checks made under the catalog lock rely
 * on these, never on a cached handle.
 */
import { ERROR_CODES, errors, isCatalogError } from '../../../../src-shared/vocabulary/errors';
import { assertValidNamespacePath, describeId } from '../../../../src-shared/vocabulary/ids';
import { lance } from '../lance-errors';
import { manifestObjectId } from './manifest-store';
import * as declared from './declared-tables';
import type { CatalogContext } from '../dir-catalog-context';

// Paths are checked here although callers' arguments arrive checked: the catalog asks about
// composed ids too ([...path, name]), and a table must not take the reserved namespace's name.
export async function describeNamespace(
  ctx: CatalogContext,
  namespacePath: string[],
): Promise<{ properties: Record<string, string> }> {
  const path = assertValidNamespacePath(namespacePath);
  const result = await lance(() => ctx.db.describeNamespace(path)).catch((error) => {
    throw isCatalogError(error) && error.code === ERROR_CODES.NamespaceNotFound
      ? errors.NamespaceNotFound(`Namespace ${describeId(path)} does not exist`)
      : error;
  });
  return { properties: result.properties ?? {} };
}

export async function namespaceExists(
  ctx: CatalogContext,
  namespacePath: string[],
): Promise<boolean> {
  const path = assertValidNamespacePath(namespacePath);
  if (path.length === 0) return true;
  try {
    await describeNamespace(ctx, path);
    return true;
  } catch (error) {
    if (isCatalogError(error) && error.code === ERROR_CODES.NamespaceNotFound) return false;
    throw error;
  }
}

export async function requireNamespace(
  ctx: CatalogContext,
  path: string[],
  what = '',
): Promise<void> {
  if (!(await namespaceExists(ctx, path))) {
    throw errors.NamespaceNotFound(`The ${what}namespace ${describeId(path)} does not exist`);
  }
}

/**
 * Whether a name holds a table (or a declared one), read fresh from the manifest and the root:
 * the checks made under the catalog lock must never trust the handles this process keeps open
 * for a few seconds, or a table another process dropped a moment ago would still hold its name.
 */
export async function holdsTable(
  ctx: CatalogContext,
  name: string,
  path: string[],
): Promise<boolean> {
  return (await findLocation(ctx, name, path)) !== undefined;
}

/**
 * A table's folder relative to the root: its manifest row, found by its exact id. Only a
 * root-level table may instead be a bare `<name>.lance` folder (made by plain `lancedb.connect`).
 * Nothing else falls back: an id that has no row names no table, whatever folders exist.
 */
export async function findLocation(
  ctx: CatalogContext,
  name: string,
  path: string[],
): Promise<string | undefined> {
  const row = await ctx.manifest.find(manifestObjectId(path, name));
  if (row) return row.objectType === 'table' ? (row.location ?? undefined) : undefined;
  const folder = `${name}.lance`;
  if (
    path.length === 0 &&
    (await ctx.files.exists(folder)) &&
    !(await ctx.files.exists(`${folder}/${declared.DEREGISTERED_MARKER}`))
  ) {
    return folder;
  }
  return undefined;
}
