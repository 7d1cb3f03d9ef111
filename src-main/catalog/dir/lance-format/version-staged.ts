/**
 * A staged manifest is judged before `version/create` publishes it: once it is a table's latest
 * version, every open of the table reads it, and a file LanceDB cannot read (an index file, a
 * manifest of another table, one cut short) leaves describe, count, query, restore and version
 * delete failing with no route to undo it. So it is published only when it is a manifest of this
 * table at exactly the next version that LanceDB reads:
 *
 * - decoded whole (lance-manifest.ts): the footer, every section inside the file, every field of
 *   the wire type Lance gives it, a schema whose fields hang together;
 * - the version it holds is the one asked for (the next one), and it is a manifest of main;
 * - it reads only files of this table: every data, deletion and index file it names without a
 *   base path is in the table's folder (at the size it records, where it records one), no path
 *   leaves the folder, and the only base paths it names are ones the latest version has;
 * - its fragment ids are distinct and within the highest id it records;
 * - LanceDB opens it at that version from a probe copy (manifest-read-back.ts).
 *
 * Anything else is InvalidInput naming what is wrong; the table is not touched.
 */
import { errors } from '../../../../src-shared/vocabulary/errors';
import type { ObjectStore } from '../../storage/object-store';
import { readManifest, type LanceManifest } from './lance-manifest';
import { readBack, type ManifestTarget } from './manifest-read-back';

export interface StagedManifest {
  /** As the request named it, for messages. */
  path: string;
  bytes: Uint8Array;
  /** The version it is to become: the table's next. */
  version: number;
}

export async function verifyStagedManifest(
  target: ManifestTarget & { id: string },
  staged: StagedManifest,
  /** The table's latest manifest file, when it has a version. */
  latest: Uint8Array | undefined,
): Promise<void> {
  const name = `The staged manifest ${staged.path}`;
  const bad = (why: string) => errors.InvalidInput(`${name} ${why}`);
  const manifest = readManifest(staged.bytes, staged.path, (message) =>
    errors.InvalidInput(`The staged manifest ${message}`),
  );
  if (manifest.version !== staged.version) {
    throw bad(
      `holds version ${manifest.version}; the next version of ${target.id} is ${staged.version}`,
    );
  }
  if (manifest.branch) throw bad(`is a manifest of branch ${manifest.branch}, not of main`);
  const current = latest ? readManifest(latest, `${target.id}'s latest manifest`) : undefined;
  checkBasePaths(manifest, current, bad);
  checkFragmentIds(manifest, bad);
  await checkFilesPresent(target.store, target.folder, target.id, manifest, bad);
  await readBack(target, staged.bytes, name, errors.InvalidInput, current);
}

/**
 * A base path lets a manifest read files outside the table's folder (Lance's shallow clones and
 * imported files). A staged manifest may keep the ones the table has; a new one could reach any
 * folder the server can read.
 */
function checkBasePaths(
  manifest: LanceManifest,
  latest: LanceManifest | undefined,
  bad: (why: string) => Error,
): void {
  const known = new Map((latest?.basePaths ?? []).map((b) => [b.id, b]));
  const ids = new Set<number>();
  for (const base of manifest.basePaths) {
    const had = known.get(base.id);
    if (!had || had.path !== base.path || had.isDatasetRoot !== base.isDatasetRoot) {
      throw bad(
        `names base path ${base.path}, which the table does not have: it may read only the table's files`,
      );
    }
    ids.add(base.id);
  }
  const unknownBase = (id: number | undefined) => id !== undefined && !ids.has(id);
  for (const fragment of manifest.fragments) {
    if (
      fragment.dataFiles.some((f) => unknownBase(f.baseId)) ||
      unknownBase(fragment.deletionFile?.baseId)
    ) {
      throw bad(`gives fragment ${fragment.id} a base path it does not name`);
    }
  }
  for (const index of manifest.indexes) {
    if (unknownBase(index.baseId))
      throw bad(`gives index ${index.name} a base path it does not name`);
  }
}

function checkFragmentIds(manifest: LanceManifest, bad: (why: string) => Error): void {
  const seen = new Set<number>();
  for (const fragment of manifest.fragments) {
    if (seen.has(fragment.id)) throw bad(`lists fragment ${fragment.id} twice`);
    seen.add(fragment.id);
    // A later append would take a fragment id above this one, and two fragments would share it.
    if (manifest.maxFragmentId !== undefined && fragment.id > manifest.maxFragmentId) {
      throw bad(
        `lists fragment ${fragment.id} above its highest fragment id ${manifest.maxFragmentId}`,
      );
    }
  }
}

/** Every file the manifest reads from the table's own folder is there, whole. */
async function checkFilesPresent(
  store: ObjectStore,
  folder: string,
  id: string,
  manifest: LanceManifest,
  bad: (why: string) => Error,
): Promise<void> {
  const sizes = new Map<string, number>();
  // One listing per folder rather than a request per file: a table holds thousands.
  for (const prefix of ['data', '_deletions', '_indices']) {
    for (const object of await store.listSizes(`${folder}/${prefix}`)) {
      sizes.set(object.key.slice(folder.length + 1), object.size);
    }
  }
  const present = (what: string, path: string, size: number) => {
    if (!insideFolder(path)) throw bad(`names ${what} ${path}, outside the table's folder`);
    const found = sizes.get(path);
    if (found === undefined) throw bad(`names ${what} ${path}, which is not in ${id}`);
    if (size > 0 && found !== size) {
      throw bad(`names ${what} ${path} of ${size} bytes; the file in ${id} holds ${found}`);
    }
  };
  for (const fragment of manifest.fragments) {
    for (const file of fragment.dataFiles) {
      if (file.baseId === undefined) {
        present(`fragment ${fragment.id}'s data file`, file.path, file.fileSizeBytes);
      }
    }
    const deletion = fragment.deletionFile;
    if (deletion && deletion.baseId === undefined) {
      present(`fragment ${fragment.id}'s deletion file`, deletion.path, 0);
    }
  }
  for (const index of manifest.indexes) {
    if (index.baseId !== undefined) continue;
    const folderOf = `_indices/${index.uuid}/`;
    if (index.files.length === 0) {
      if (![...sizes.keys()].some((k) => k.startsWith(folderOf))) {
        throw bad(`names index ${index.name}, whose folder ${folderOf} is not in ${id}`);
      }
    }
    for (const file of index.files) {
      present(`index ${index.name}'s file`, `${folderOf}${file.path}`, file.sizeBytes);
    }
  }
}

/** A relative path that stays inside the folder it is relative to. */
function insideFolder(path: string): boolean {
  return !path.includes('\\') && path.split('/').every((part) => part !== '..' && part !== '');
}
