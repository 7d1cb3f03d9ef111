/**
 * Creating and dropping the `dir` catalog's namespaces under the catalog lock. LanceDB's namespace
 * ignores the create and drop modes and cascade; they are carried out here.
 */
import type {
  CreateNamespaceOptions,
  DropNamespaceOptions,
} from '../../../../src-shared/catalog-api';
import { errors } from '../../../../src-shared/vocabulary/errors';
import { assertStorableNamespaceId, describeId } from '../../../../src-shared/vocabulary/ids';
import { retryingConflicts } from '../coordination/retry-conflicts';
import { locked, type CatalogContext } from '../dir-catalog-context';
import { describeNamespace, holdsTable, namespaceExists, requireNamespace } from './dir-lookups';
import { allNamespaces, allTables } from './dir-listing';
import { dropTableHeld } from '../table/dir-table-lifecycle';

export async function createNamespace(
  ctx: CatalogContext,
  path: string[],
  { mode = 'create', properties }: CreateNamespaceOptions = {},
): Promise<{ properties: Record<string, string> }> {
  if (path.length > 0) assertStorableNamespaceId(path);
  return locked(ctx, { op: 'create_namespace', path }, async () => {
    const exists = await namespaceExists(ctx, path);
    if (exists) {
      if (mode === 'exist_ok') return describeNamespace(ctx, path);
      if (mode === 'create' || path.length === 0) {
        throw errors.NamespaceAlreadyExists(`Namespace ${describeId(path)} already exists`);
      }
      await dropNamespaceHeld(ctx, path, 'cascade');
    }
    await requireNamespace(ctx, path.slice(0, -1), 'parent ');
    if (await holdsTable(ctx, path[path.length - 1]!, path.slice(0, -1))) {
      throw errors.NamespaceAlreadyExists(`${describeId(path)} is the name of a table`);
    }
    const result = await retryingConflicts(() => ctx.db.createNamespace(path, { properties }));
    return { properties: result.properties ?? properties ?? {} };
  });
}

export async function dropNamespace(
  ctx: CatalogContext,
  path: string[],
  { mode = 'fail', behavior = 'restrict' }: DropNamespaceOptions = {},
): Promise<void> {
  if (path.length === 0) throw errors.InvalidInput('The root namespace cannot be dropped');
  await locked(ctx, { op: 'drop_namespace', path }, async () => {
    if (!(await namespaceExists(ctx, path))) {
      if (mode === 'skip') return;
      throw errors.NamespaceNotFound(`Namespace ${describeId(path)} does not exist`);
    }
    await dropNamespaceHeld(ctx, path, behavior);
  });
}

/** Drops an existing namespace; the caller holds the catalog lock. */
async function dropNamespaceHeld(
  ctx: CatalogContext,
  path: string[],
  behavior: 'restrict' | 'cascade',
): Promise<void> {
  if (behavior === 'cascade') {
    for (const child of await allNamespaces(ctx, path)) {
      await dropNamespaceHeld(ctx, [...path, child], 'cascade');
    }
    for (const table of await allTables(ctx, path)) await dropTableHeld(ctx, table, path);
  }
  await retryingConflicts(() => ctx.db.dropNamespace(path));
}
