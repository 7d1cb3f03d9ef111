/**
 * Renaming the `dir` catalog's tables, within a namespace or into another (LanceDB's namespace has
 * no rename): the manifest row is re-keyed and, where the name decides the folder, the folder
 * moves. Also the recovery of what a holder of the catalog lock that died was doing.
 */
import type { RenameTableOptions } from '../../../../src-shared/catalog-api';
import { errors } from '../../../../src-shared/vocabulary/errors';
import { assertStorableTableId, describeId } from '../../../../src-shared/vocabulary/ids';
import { manifestObjectId } from './manifest-store';
import * as declared from './declared-tables';
import {
  activeJobs,
  changing,
  locked,
  type CatalogContext,
  type LockIntent,
} from '../dir-catalog-context';
import { findLocation, holdsTable, namespaceExists, requireNamespace } from './dir-lookups';
import { removeIfNoData } from '../table/dir-table-lifecycle';

export async function renameTable(
  ctx: CatalogContext,
  name: string,
  newName: string,
  path: string[] = [],
  { newNamespacePath }: RenameTableOptions = {},
): Promise<void> {
  const target = newNamespacePath ?? path;
  assertStorableTableId(target, newName);
  const fromId = manifestObjectId(path, name);
  const toId = manifestObjectId(target, newName);
  await locked(ctx, { op: 'rename_table', fromId, toId }, async () => {
    const place = await findLocation(ctx, name, path);
    if (!place) {
      await requireNamespace(ctx, path);
      throw errors.TableNotFound(`Table ${describeId([...path, name])} does not exist`);
    }
    declared.assertInsideCatalog(ctx.files, place, describeId([...path, name]));
    await requireNamespace(ctx, target, 'target ');
    if (
      (await holdsTable(ctx, newName, target)) ||
      (await namespaceExists(ctx, [...target, newName]))
    ) {
      throw errors.TableAlreadyExists(`Table ${describeId([...target, newName])} already exists`);
    }
    if (activeJobs(ctx, name, path).length) {
      throw errors.InvalidTableState(
        `Table ${describeId([...path, name])} has an index build running; wait for it or cancel it first`,
      );
    }
    // Plain LanceDB finds a root-level table only by its folder `<name>.lance`, so a table
    // arriving at the root must move there, and one leaving it must leave that name.
    const newLocation =
      target.length === 0
        ? `${newName}.lance`
        : place.endsWith('.lance')
          ? declared.defaultLocation(target, newName)
          : place;
    if (newLocation !== place && !ctx.files.isLocal) {
      throw errors.Unsupported(
        `Renaming ${describeId([...path, name])} to ${describeId([...target, newName])} would move its folder ${place}, which an object store cannot do without copying every file; root-level tables keep their names on object stores, and tables in namespaces rename and move freely`,
      );
    }
    if (newLocation !== place && (await ctx.files.exists(newLocation))) {
      throw errors.TableAlreadyExists(`The folder ${newLocation} already exists in the catalog`);
    }
    await changing(ctx, name, path, () =>
      changing(ctx, newName, target, () =>
        moveTableHeld(ctx, { fromId, toId, from: place, to: newLocation }),
      ),
    );
  });
}

/**
 * Re-keys a table's manifest row, then moves its folder if its name must change. A process that
 * dies between the two leaves the row pointing at the new folder; whoever takes the catalog lock
 * next finishes the move (see `recover`). The caller holds the catalog lock.
 */
async function moveTableHeld(
  ctx: CatalogContext,
  move: {
    fromId: string;
    toId: string;
    from: string;
    to: string;
  },
): Promise<void> {
  const row = await ctx.manifest.find(move.fromId);
  const moving = move.from !== move.to;
  // A root folder being moved is hidden from LanceDB's directory listing first, so that the root
  // listing (its rows and its folders) never shows the table under both names, or under none.
  const hide = moving && isRootFolder(move.from);
  if (moving) await ctx.lock.note({ op: 'move_folder', ...move, hide });
  if (hide) await ctx.files.put(`${move.from}/${declared.DEREGISTERED_MARKER}`, '');
  try {
    if (row) {
      if (!(await ctx.manifest.rekeyTable(move.fromId, move.from, move.toId, move.to))) {
        throw errors.TableNotFound(`Table '${move.fromId}' changed while it was being renamed`);
      }
    } else {
      // A bare root folder (made by plain LanceDB, no row) gets a row as it moves.
      await ctx.manifest.insertTable(move.toId, move.to);
    }
  } catch (error) {
    if (hide) await ctx.files.removeTree(`${move.from}/${declared.DEREGISTERED_MARKER}`);
    throw error;
  }
  if (!moving) return;
  try {
    await ctx.files.move(move.from, move.to);
  } catch (cause) {
    // Undo the manifest change so the catalog never points at a folder that is not there.
    if (row) await ctx.manifest.rekeyTable(move.toId, move.to, move.fromId, move.from);
    else await ctx.manifest.removeTable(move.toId, move.to);
    if (hide) await ctx.files.removeTree(`${move.from}/${declared.DEREGISTERED_MARKER}`);
    throw errors.Internal(`Could not move the table folder: ${(cause as Error).message}`, {
      cause,
    });
  }
  if (hide) await ctx.files.removeTree(`${move.to}/${declared.DEREGISTERED_MARKER}`);
}

/**
 * Completes what a holder of the catalog lock that died was doing. Each change is ordered so
 * that one manifest commit decides it: before that commit nothing happened (a hiding marker is
 * taken away again), after it the rest is rolled forward. Two changes have steps after their
 * commit: a rename that moves a folder (finished), and a create whose data never came (its
 * declaration is removed).
 */
export async function recover(ctx: CatalogContext, intent: LockIntent): Promise<void> {
  if (intent.op === 'move_folder' && intent.fromId && intent.toId && intent.from && intent.to) {
    const marker = declared.DEREGISTERED_MARKER;
    const moved = (await ctx.manifest.find(intent.toId))?.location === intent.to;
    if (moved && (await ctx.files.exists(intent.from)) && !(await ctx.files.exists(intent.to))) {
      await ctx.files.move(intent.from, intent.to);
    }
    if (intent.hide) {
      await ctx.files.removeTree(`${moved ? intent.to : intent.from}/${marker}`);
    }
  }
  if (intent.op === 'create_table' && intent.toId && intent.location) {
    await removeIfNoData(ctx, intent.toId, intent.location);
  }
}

/** A folder LanceDB finds by directory listing: `<name>.lance` directly under the root. */
function isRootFolder(location: string): boolean {
  return location.endsWith('.lance') && !location.includes('/');
}
