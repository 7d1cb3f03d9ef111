/**
 * Tables known to the catalog before or apart from their data: declare (reserve a location that a
 * client then writes to, as LanceDB's namespace client does on create), register (adopt a Lance
 * dataset already inside the catalog folder) and deregister (forget a table, keep its files).
 *
 * Locations follow LanceDB's directory namespace (reference §4.4): `<name>.lance` at the root,
 * `<8 hex>_<object id>` below it. A declared table's folder holds only `.lance-reserved` until
 * data arrives. Every location stays inside the catalog folder: absolute paths, `..` and symlinks
 * that lead out are refused.
 */
import { existsSync, realpathSync } from 'node:fs';
import { isAbsolute, join, normalize, relative, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import { errors } from '../../../../src-shared/vocabulary/errors';
import { describeId } from '../../../../src-shared/vocabulary/ids';
import { manifestObjectId, type ManifestStore } from './manifest-store';
import { STATE_FOLDER } from '../coordination/state-folder';
import type { RootFiles } from './root-files';

/** Longest location accepted, and longest folder name in it (file systems stop at 255 bytes). */
const MAX_LOCATION_BYTES = 1024;
const MAX_SEGMENT_BYTES = 255;

export const RESERVED_MARKER = '.lance-reserved';
export const DEREGISTERED_MARKER = '.lance-deregistered';

export function defaultLocation(namespacePath: readonly string[], name: string): string {
  return namespacePath.length === 0
    ? `${name}.lance`
    : `${randomBytes(4).toString('hex')}_${manifestObjectId(namespacePath, name)}`;
}

/** A location relative to the root, checked to stay inside it (symlinks resolved). */
/**
 * Spellings refused for a location given now (declare, register), though a row written by an
 * older version with one is still held (repair does not remove it).
 */
export function assertNewLocationSpelling(location: string): void {
  // `~/x` reads as the home folder to a person and to shells, but would be a folder named `~` here.
  if (location.startsWith('~')) {
    throw errors.InvalidInput(
      `Location ${JSON.stringify(location)} starts with "~"; give a path relative to the catalog folder`,
    );
  }
  // A percent-encoded segment (`%2e%2e`) means one folder on a disk and another to every reader
  // that decodes URLs (an object store, LanceDB's URI handling): never let the two disagree.
  if (/%[0-9a-f]{2}/i.test(location)) {
    throw errors.InvalidInput(
      `Location ${JSON.stringify(location)} holds percent-encoded characters; give the folder name as it is`,
    );
  }
}

export function safeRelativeLocation(files: RootFiles, location: string): string {
  if (typeof location !== 'string' || location.trim() === '')
    throw errors.InvalidInput('A location is required');
  if (isAbsolute(location) || /^[a-z][a-z0-9+.-]*:\/\//i.test(location)) {
    throw errors.InvalidInput(
      'A location must be relative to the catalog folder, not an absolute path or URI',
    );
  }
  if (Buffer.byteLength(location) > MAX_LOCATION_BYTES) {
    throw errors.InvalidInput(`A location may be at most ${MAX_LOCATION_BYTES} bytes long`);
  }
  const clean = normalize(location).replace(/[\\/]+$/, '');
  const long = clean.split(/[\\/]/).find((part) => Buffer.byteLength(part) > MAX_SEGMENT_BYTES);
  if (long !== undefined) {
    throw errors.InvalidInput(
      `A folder name in a location may be at most ${MAX_SEGMENT_BYTES} bytes long (${JSON.stringify(long.slice(0, 40))}… is ${Buffer.byteLength(long)})`,
    );
  }
  if (clean === '.' || clean === '' || clean.split(/[\\/]/).includes('..')) {
    throw errors.InvalidInput(`Location ${JSON.stringify(location)} leaves the catalog folder`);
  }

  // Resolve symlinks on the nearest part of the path that exists, so that neither the folder
  // nor a parent of a folder yet to be created can lead out of the catalog.
  if (!files.resolvesInside(clean)) {
    throw errors.InvalidInput(
      `Location ${JSON.stringify(location)} resolves outside the catalog folder`,
    );
  }
  const relativeClean = clean.split(sep).join('/');
  if (relativeClean.split('/')[0] === '__manifest') {
    throw errors.InvalidInput('The catalog manifest is not a table location');
  }
  if (relativeClean.split('/')[0] === STATE_FOLDER) {
    throw errors.InvalidInput(`${STATE_FOLDER} holds the catalog's own state, not tables`);
  }
  return relativeClean;
}

/**
 * Refuses a table whose folder resolves outside the catalog: a symlink planted in the catalog
 * folder (a root `<name>.lance` link, or a table folder replaced by one) would otherwise let every
 * read, and drop or deregister, reach a folder the catalog was never given.
 */
export function assertInsideCatalog(files: RootFiles, location: string, table: string): void {
  if (!files.isLocal) return; // object stores have no symlinks
  const folder = join(files.root, location);
  if (!existsSync(folder)) return;
  const inside = relative(realpathSync(files.root), realpathSync(folder));
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) {
    throw errors.InvalidTableState(
      `Table ${table}'s folder ${location} resolves outside the catalog folder; it is not opened`,
    );
  }
}

/** Whether two relative locations are the same folder or one lies inside the other. */
function overlaps(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}

/** A table with a manifest row (or root folder) but no committed version yet. */
export async function isDeclaredOnly(files: RootFiles, location: string): Promise<boolean> {
  return !(await files.exists(`${location}/_versions`));
}

/**
 * Declares a table: its manifest row, then LanceDB's marker in its folder (which plain LanceDB
 * needs to list a root table). A marker that cannot be written takes the row back with it, so a
 * refused declare leaves nothing. The caller holds the catalog lock.
 */
export async function declareTable(
  files: RootFiles,
  manifest: ManifestStore,
  namespacePath: readonly string[],
  name: string,
  requestedLocation: string | undefined,
  /** The default location already chosen (and recorded) by the caller. */
  chosen = defaultLocation(namespacePath, name),
): Promise<string> {
  if (requestedLocation !== undefined) assertNewLocationSpelling(requestedLocation);
  const location =
    requestedLocation === undefined ? chosen : safeRelativeLocation(files, requestedLocation);
  if (namespacePath.length === 0 && location !== `${name}.lance`) {
    throw errors.InvalidInput(
      `A root-level table lives in ${name}.lance; another location would not be found`,
    );
  }
  if (await files.exists(location))
    throw errors.TableAlreadyExists(`The folder ${location} already exists in the catalog`);
  if (requestedLocation !== undefined) {
    const top = location.split('/')[0]!;
    if (top.endsWith('.lance') && !(namespacePath.length === 0 && location === `${name}.lance`)) {
      throw errors.InvalidInput(`${top} is a root-level table's folder`);
    }
    for (const owned of await manifest.tableLocations()) {
      if (overlaps(owned, location))
        throw errors.InvalidInput(
          `Location ${JSON.stringify(requestedLocation)} lies in another table's folder`,
        );
    }
  }
  const objectId = manifestObjectId(namespacePath, name);
  await manifest.insertTable(objectId, location);
  try {
    await files.put(`${location}/${RESERVED_MARKER}`, '');
  } catch (cause) {
    await manifest.removeTable(objectId, location);
    await files.removeTree(location).catch(() => undefined);
    throw errors.InvalidInput(
      `Cannot make the table folder ${location}: ${(cause as Error).message}`,
      { cause },
    );
  }
  return location;
}

/**
 * Checks a location for registering: inside the catalog, a Lance dataset (or nothing yet), and
 * owned by no other table (no manifest entry at, inside or around it, and no root-level
 * `<other>.lance` folder).
 * Runs before anything is changed.
 */
export async function checkRegisterLocation(
  files: RootFiles,
  manifest: ManifestStore,
  namespacePath: readonly string[],
  name: string,
  location: string,
  replacing: string | undefined,
): Promise<{ clean: string; empty: boolean }> {
  if (typeof location === 'string') assertNewLocationSpelling(location);
  const clean = safeRelativeLocation(files, location);
  // Nothing there yet: registered as declared, the data to come (as LanceDB's namespace does).
  // Something there that is not a dataset: never adopted as a table.
  const empty = !(await files.exists(clean));
  if (!empty && !(await files.exists(`${clean}/_versions`))) {
    throw errors.InvalidInput(
      `Location ${JSON.stringify(location)} holds files but no Lance dataset`,
    );
  }
  // A root-level table may live anywhere in the catalog (the contract's RegisterTable takes any
  // relative location; root-tables-by-manifest.ts finds it by its row). Plain LanceDB lists the
  // root's `<name>.lance` folders as tables, so none of those may hold another table's data:
  // that listing then shows every table it showed before, and no table under a wrong name.
  const top = clean.split('/')[0]!;
  if (top.endsWith('.lance') && !(namespacePath.length === 0 && clean === `${name}.lance`)) {
    throw errors.InvalidInput(
      `${top} is a root-level table's folder and cannot be registered again`,
    );
  }
  const leaving = empty ? [] : files.linksLeaving(clean);
  if (leaving.length > 0) {
    throw errors.InvalidInput(
      `Location ${JSON.stringify(location)} holds symlinks that lead out of the catalog (${leaving.slice(0, 3).join(', ')})`,
    );
  }
  for (const owned of await manifest.tableLocations()) {
    if (owned !== replacing && overlaps(owned, clean)) {
      throw errors.InvalidInput(`Location ${JSON.stringify(location)} belongs to another table`);
    }
  }
  return { clean, empty };
}

export async function registerTable(
  files: RootFiles,
  manifest: ManifestStore,
  namespacePath: readonly string[],
  name: string,
  clean: string,
  empty = false,
): Promise<string> {
  const objectId = manifestObjectId(namespacePath, name);
  await manifest.insertTable(objectId, clean);
  if (empty) {
    try {
      await files.put(`${clean}/${RESERVED_MARKER}`, '');
    } catch (cause) {
      await manifest.removeTable(objectId, clean);
      throw errors.InvalidInput(
        `Cannot make the table folder ${clean}: ${(cause as Error).message}`,
        { cause },
      );
    }
    return clean;
  }
  await files.removeTree(`${clean}/${DEREGISTERED_MARKER}`);
  return clean;
}

export async function deregisterTable(
  files: RootFiles,
  manifest: ManifestStore,
  namespacePath: readonly string[],
  name: string,
  location: string,
): Promise<void> {
  assertInsideCatalog(files, location, describeId([...namespacePath, name]));
  if (!(await files.exists(location))) {
    throw errors.InvalidTableState(
      `Table ${describeId([...namespacePath, name])} has no folder at ${location}`,
    );
  }
  // Root tables are also found by directory listing; LanceDB skips folders carrying this marker.
  if (namespacePath.length === 0) await files.put(`${location}/${DEREGISTERED_MARKER}`, '');
  await manifest.removeTable(manifestObjectId(namespacePath, name), location);
}
