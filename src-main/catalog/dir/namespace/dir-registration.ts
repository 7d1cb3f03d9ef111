/**
 * Naming folders as the `dir` catalog's tables without writing their data: declaring a table
 * (its folder comes later), registering an existing dataset, deregistering one (its folder
 * stays), and telling where a table's folder is.
 */
import { errors } from '../../../../src-shared/vocabulary/errors';
import { assertStorableTableId, describeId } from '../../../../src-shared/vocabulary/ids';
import { manifestObjectId } from './manifest-store';
import * as declared from './declared-tables';
import { joinRoot } from '../../storage/root-uri';
import { activeJobs, changing, locked, type CatalogContext } from '../dir-catalog-context';
import { findLocation, holdsTable, namespaceExists, requireNamespace } from './dir-lookups';

export async function declareTable(
  ctx: CatalogContext,
  name: string,
  path: string[] = [],
  options: { location?: string } = {},
): Promise<{ location: string }> {
  assertStorableTableId(path, name);
  const objectId = manifestObjectId(path, name);
  return locked(ctx, { op: 'declare_table', toId: objectId }, async () => {
    await requireNamespace(ctx, path);
    if (await holdsTable(ctx, name, path)) {
      throw errors.TableAlreadyExists(`Table ${describeId([...path, name])} already exists`);
    }
    if (await namespaceExists(ctx, [...path, name])) {
      throw errors.TableAlreadyExists(`${describeId([...path, name])} is the name of a namespace`);
    }
    const location = await declared.declareTable(
      ctx.files,
      ctx.manifest,
      path,
      name,
      options.location,
    );
    return { location: joinRoot(ctx.root, location) };
  });
}

export async function registerTable(
  ctx: CatalogContext,
  name: string,
  path: string[],
  location: string,
  options: { mode?: 'create' | 'overwrite' } = {},
): Promise<{ location: string }> {
  assertStorableTableId(path, name);
  const objectId = manifestObjectId(path, name);
  return locked(ctx, { op: 'register_table', toId: objectId }, async () => {
    await requireNamespace(ctx, path);
    const exists = await holdsTable(ctx, name, path);
    if (exists && options.mode !== 'overwrite') {
      throw errors.TableAlreadyExists(`Table ${describeId([...path, name])} already exists`);
    }
    if (await namespaceExists(ctx, [...path, name])) {
      throw errors.TableAlreadyExists(`${describeId([...path, name])} is the name of a namespace`);
    }
    // Everything about the new location is checked before the old entry is touched.
    const replacing = exists ? await findLocation(ctx, name, path) : undefined;
    const { clean, empty } = await declared.checkRegisterLocation(
      ctx.files,
      ctx.manifest,
      path,
      name,
      location,
      replacing,
    );
    if (exists && empty) {
      // Replacing a table's data by nothing would leave its old folder orphaned.
      throw errors.InvalidInput(
        `Location ${JSON.stringify(location)} holds no Lance dataset; an overwrite must register one`,
      );
    }
    if (exists) await deregisterHeld(ctx, name, path);
    await changing(ctx, name, path, () =>
      declared.registerTable(ctx.files, ctx.manifest, path, name, clean, empty),
    );
    return { location: joinRoot(ctx.root, clean) };
  });
}

export async function deregisterTable(
  ctx: CatalogContext,
  name: string,
  path: string[] = [],
): Promise<{ location: string }> {
  const objectId = manifestObjectId(path, name);
  return locked(ctx, { op: 'deregister_table', toId: objectId }, () =>
    deregisterHeld(ctx, name, path),
  );
}

async function deregisterHeld(
  ctx: CatalogContext,
  name: string,
  path: string[],
): Promise<{ location: string }> {
  const place = await findLocation(ctx, name, path);
  if (!place) {
    await requireNamespace(ctx, path);
    throw errors.TableNotFound(`Table ${describeId([...path, name])} does not exist`);
  }
  if (activeJobs(ctx, name, path).length) {
    throw errors.InvalidTableState(
      `Table ${describeId([...path, name])} has an index build running`,
    );
  }
  await changing(ctx, name, path, () =>
    declared.deregisterTable(ctx.files, ctx.manifest, path, name, place),
  );
  return { location: joinRoot(ctx.root, place) };
}

export async function tableLocation(
  ctx: CatalogContext,
  name: string,
  path: string[] = [],
): Promise<{ location: string; declaredOnly: boolean }> {
  const place = await findLocation(ctx, name, path);
  if (!place) {
    await requireNamespace(ctx, path);
    throw errors.TableNotFound(`Table ${describeId([...path, name])} does not exist`);
  }
  return {
    location: joinRoot(ctx.root, place),
    declaredOnly: await declared.isDeclaredOnly(ctx.files, place),
  };
}
