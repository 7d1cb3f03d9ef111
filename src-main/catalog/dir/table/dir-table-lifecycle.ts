/**
 * Creating, opening and dropping the `dir` catalog's tables. Creates and drops run under the
 * catalog lock; opens go through the open-table cache.
 */
import type * as lancedb from '@lancedb/lancedb';
import type { Schema, Table as ArrowTable } from 'apache-arrow';
import type { TableCreation, TableHandle } from '../../client';
import type { CreateTableOptions, OpenTableOptions } from '../../../../src-shared/catalog-api';
import { ERROR_CODES, errors, isCatalogError } from '../../../../src-shared/vocabulary/errors';
import { assertStorableTableId, describeId } from '../../../../src-shared/vocabulary/ids';
import { toArrowTable, type TableData } from '../../arrow-data';
import { lance } from '../lance-errors';
import { manifestObjectId } from '../namespace/manifest-store';
import * as declared from '../namespace/declared-tables';
import { dirTable } from './dir-table';
import { DirTableCore } from './dir-table-core';
import { retryingConflicts } from '../coordination/retry-conflicts';
import { assertTopLevelColumnNames } from './column-names';
import { activeJobs, changing, locked, type CatalogContext } from '../dir-catalog-context';
import { findLocation, namespaceExists, requireNamespace } from '../namespace/dir-lookups';
import { joinRoot } from '../../storage/root-uri';

export async function createTable(
  ctx: CatalogContext,
  name: string,
  data: TableData,
  namespacePath: string[] = [],
  options?: CreateTableOptions,
): Promise<TableHandle> {
  const table = toArrowTable(data);
  return create(
    ctx,
    name,
    namespacePath,
    options,
    table.schema,
    table.numRows > 0 ? table : undefined,
  );
}

export async function createEmptyTable(
  ctx: CatalogContext,
  name: string,
  schema: Schema,
  namespacePath: string[] = [],
  options?: CreateTableOptions,
): Promise<TableHandle> {
  return create(ctx, name, namespacePath, options, schema, undefined);
}

async function create(
  ctx: CatalogContext,
  name: string,
  path: string[],
  options: CreateTableOptions | undefined,
  schema: Schema,
  data: ArrowTable | undefined,
): Promise<TableHandle> {
  const { mode = 'create', storageOptions, properties } = options ?? {};
  if (schema.fields.length === 0) throw errors.InvalidInput('A table needs at least one column');
  assertTopLevelColumnNames(schema);
  assertStorableTableId(path, name);
  const objectId = manifestObjectId(path, name);

  // The whole create runs under the lock, the data write included: a rename or drop that
  // came between the declaration and the data would otherwise find a table with no data, or
  // let LanceDB make a second one under the old name. A large write holds other changes back
  // for its duration (they wait, then get 503 with Retry-After).
  const created = await locked(ctx, { op: 'create_table', toId: objectId }, async () => {
    await requireNamespace(ctx, path);
    if (await namespaceExists(ctx, [...path, name])) {
      // Namespaces and tables share one manifest key space, so the name is taken.
      throw errors.TableAlreadyExists(`${describeId([...path, name])} is the name of a namespace`);
    }
    const place = await findLocation(ctx, name, path);
    let overwrite = false;
    let declaredHere: string | undefined;
    if (place) {
      const declaredOnly = await declared.isDeclaredOnly(ctx.files, place);
      if (mode === 'create') {
        throw errors.TableAlreadyExists(
          `Table ${describeId([...path, name])} ${declaredOnly ? 'is already declared' : 'already exists'}`,
        );
      }
      if (mode === 'exist_ok' && !declaredOnly) return undefined;
      overwrite = !declaredOnly;
    } else {
      declaredHere = declared.defaultLocation(path, name);
      // Whoever takes the lock after a crash from here on removes the declaration if no data came.
      await ctx.lock.note({ op: 'create_table', toId: objectId, location: declaredHere });
      await declared.declareTable(ctx.files, ctx.manifest, path, name, undefined, declaredHere);
    }
    const lanceOptions = {
      mode: overwrite ? ('overwrite' as const) : ('create' as const),
      storageOptions: { ...ctx.storageOptions, ...storageOptions },
    };
    try {
      const table = await changing(ctx, name, path, () =>
        retryingConflicts(
          () =>
            data
              ? ctx.db.createTable(name, data, path, lanceOptions)
              : ctx.db.createEmptyTable(name, schema, path, lanceOptions),
          // A create whose data committed before the conflict is done: open it, do not redo it.
          async () =>
            !overwrite &&
            !(await declared.isDeclaredOnly(ctx.files, place ?? declaredHere!)) &&
            lance(() => ctx.db.openTable(name, path, ctx.tableContext.tableOptions)),
        ),
      );
      // Read while the lock is held: once it is let go, a rename may move the table at once.
      const creation: TableCreation = {
        location: joinRoot(ctx.root, place ?? declaredHere!),
        version: await lance(() => table.version()),
      };
      return { table, creation };
    } catch (error) {
      // A refused create leaves nothing behind: the declaration it made goes with it.
      if (declaredHere) await removeIfNoData(ctx, objectId, declaredHere);
      throw isCatalogError(error) && error.code === ERROR_CODES.TableAlreadyExists
        ? errors.TableAlreadyExists(`Table ${describeId([...path, name])} already exists`)
        : error;
    }
  });
  if (!created) return openTable(ctx, name, path);
  if (properties && Object.keys(properties).length > 0) {
    await ctx.manifest.setTableMetadata(objectId, JSON.stringify(properties));
  }
  return dirTable(
    new DirTableCore(
      ctx.tableContext,
      name,
      path,
      created.table,
      undefined,
      undefined,
      created.creation,
    ),
  );
}

/**
 * Removes a declared table that never got data, folder and all; the caller holds the catalog
 * lock. When recovering a dead holder's create, its upload is over: the holder stopped renewing
 * for a whole lease and the grace period passed (see README, Known limitations, for a holder
 * that was only stalled).
 */
export async function removeIfNoData(
  ctx: CatalogContext,
  objectId: string,
  location: string,
): Promise<void> {
  if (!(await declared.isDeclaredOnly(ctx.files, location))) return;
  await ctx.manifest.removeTable(objectId, location);
  await ctx.files.removeTree(location);
}

export async function openTable(
  ctx: CatalogContext,
  name: string,
  path: string[] = [],
  { version, branch }: OpenTableOptions = {},
): Promise<TableHandle> {
  const table = await openLance(ctx, name, path);
  const handle = dirTable(
    new DirTableCore(ctx.tableContext, name, path, table, undefined, undefined),
  );
  if (branch !== undefined) {
    const onBranch = await handle.onBranch(branch);
    return version === undefined ? onBranch : onBranch.checkoutVersion(version);
  }
  return version === undefined ? handle : handle.checkoutVersion(version);
}

export async function tableExists(
  ctx: CatalogContext,
  name: string,
  namespacePath: string[] = [],
): Promise<boolean> {
  try {
    await openLance(ctx, name, namespacePath);
    return true;
  } catch (error) {
    // Declared but not yet written still counts as existing, as in LanceDB's namespace.
    if (isCatalogError(error) && error.code === ERROR_CODES.InvalidTableState) return true;
    if (
      isCatalogError(error) &&
      (error.code === ERROR_CODES.TableNotFound || error.code === ERROR_CODES.NamespaceNotFound)
    ) {
      return false;
    }
    throw error;
  }
}

export async function dropTable(
  ctx: CatalogContext,
  name: string,
  path: string[] = [],
): Promise<void> {
  const objectId = manifestObjectId(path, name);
  await locked(ctx, { op: 'drop_table', toId: objectId }, () => dropTableHeld(ctx, name, path));
}

/** Drops a table found by its manifest row (or root folder); the caller holds the catalog lock. */
export async function dropTableHeld(
  ctx: CatalogContext,
  name: string,
  path: string[],
): Promise<void> {
  const place = await findLocation(ctx, name, path);
  if (!place) {
    await requireNamespace(ctx, path);
    throw errors.TableNotFound(`Table ${describeId([...path, name])} does not exist`);
  }
  declared.assertInsideCatalog(ctx.files, place, describeId([...path, name]));
  for (const job of activeJobs(ctx, name, path)) {
    await ctx.jobs.cancel(job.id);
    await ctx.jobs.wait(job.id);
  }
  await changing(ctx, name, path, async () => {
    if (await declared.isDeclaredOnly(ctx.files, place)) {
      if ((await ctx.manifest.removeTable(manifestObjectId(path, name), place)) === 0) {
        throw errors.TableNotFound(`Table ${describeId([...path, name])} does not exist`);
      }
      try {
        await ctx.files.removeTree(place);
      } catch (error) {
        // The table is gone from the catalog; a folder that cannot be removed is only litter.
        console.error(`Could not remove the folder of a dropped table: ${String(error)}`);
      }
      return;
    }
    await retryingConflicts(() => ctx.db.dropTable(name, path));
  });
}

async function openLance(
  ctx: CatalogContext,
  name: string,
  path: string[],
): Promise<lancedb.Table> {
  const key = manifestObjectId(path, name);
  return ctx.openTables.get(key, () => openLanceUncached(ctx, name, path));
}

async function openLanceUncached(
  ctx: CatalogContext,
  name: string,
  path: string[],
): Promise<lancedb.Table> {
  // Symlinks exist only on a local disk; an object store is spared the manifest lookup, so an
  // open costs what LanceDB's own openTable costs there.
  if (ctx.files.isLocal) {
    const known = await findLocation(ctx, name, path).catch(() => undefined);
    if (known) declared.assertInsideCatalog(ctx.files, known, describeId([...path, name]));
  }
  try {
    return await lance(() => ctx.db.openTable(name, path, ctx.tableContext.tableOptions));
  } catch (error) {
    const place = await findLocation(ctx, name, path).catch(() => undefined);
    if (place && (await declared.isDeclaredOnly(ctx.files, place))) {
      throw errors.InvalidTableState(
        `Table ${describeId([...path, name])} is declared but has no data yet`,
      );
    }
    if (isCatalogError(error) && error.code === ERROR_CODES.TableNotFound) {
      await requireNamespace(ctx, path);
      throw errors.TableNotFound(`Table ${describeId([...path, name])} does not exist`);
    }
    throw error;
  }
}
