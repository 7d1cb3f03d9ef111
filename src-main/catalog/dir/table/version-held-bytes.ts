/**
 * Which of a table's bytes only its old versions hold: the Storage tab's answer to "what would
 * cleaning up free?". Every file in the table's folder is read by the latest version (or another
 * branch's latest, which may read its parent's files), by a tagged version only, or by neither.
 * Lance's cleanup removes the last kind once their versions are old enough; tags keep the second.
 *
 * The folder is listed before the manifests are read: a commit landing in between then adds files
 * the listing missed (not counted at all) rather than files no manifest read yet (counted as old).
 * A write under way (an import, an index build, a compaction) has files no manifest names yet:
 * any file written after the newest manifest listed is taken to be one, and counted as the
 * latest's, not as old.
 */
import type { VersionBytes } from '../../../../src-shared/catalog-api';
import type { TableFiles } from './dir-versions';
import { manifestFiles } from '../lance-format/manifest-files';

export interface VersionManifests {
  /** The manifests of the versions read now: this branch's latest, and other branches'. */
  latest: readonly string[];
  /** The manifests of tagged versions. */
  tagged: readonly string[];
}

/** Kept however old: the version hint, branch and tag references, other branches' folders. */
const KEPT_PREFIXES = ['_refs/', 'tree/', '_versions/latest_version_hint'];

export async function versionBytes(
  files: TableFiles,
  manifests: () => Promise<VersionManifests>,
): Promise<VersionBytes> {
  const folder = `${files.folder}/`;
  const objects = await files.store.listSizes(files.folder);
  const { latest, tagged } = await manifests();
  const readByLatest = await readBy(files, latest);
  const readByTagged = await readBy(files, tagged);
  const newestCommit = objects
    .filter((o) => o.key.endsWith('.manifest'))
    .reduce((newest, o) => Math.max(newest, o.modifiedMillis), 0);
  const bytes: VersionBytes = { latest: 0, onlyTagged: 0, onlyOld: 0 };
  for (const { key, size, modifiedMillis } of objects) {
    const path = key.slice(folder.length);
    if (KEPT_PREFIXES.some((prefix) => path.startsWith(prefix)) || !isVersioned(path)) {
      bytes.latest += size;
    } else if (isRead(readByLatest, path) || modifiedMillis > newestCommit) bytes.latest += size;
    else if (isRead(readByTagged, path)) bytes.onlyTagged += size;
    else bytes.onlyOld += size;
  }
  return bytes;
}

/** Files a version reads or writes: data, deletions, indexes, manifests and transactions. */
function isVersioned(path: string): boolean {
  return /^(data|_deletions|_indices|_versions|_transactions)\//.test(path);
}

interface ReadSet {
  files: Set<string>;
  indexFolders: Set<string>;
}

async function readBy(files: TableFiles, keys: readonly string[]): Promise<ReadSet> {
  const read: ReadSet = { files: new Set(), indexFolders: new Set() };
  const folder = `${files.folder}/`;
  for (const key of keys) {
    const named = manifestFiles(await files.store.get(key), key);
    if (key.startsWith(folder)) read.files.add(key.slice(folder.length));
    for (const file of named.files) read.files.add(file);
    if (named.transactionFile) read.files.add(named.transactionFile);
    for (const index of named.indexFolders) read.indexFolders.add(index);
  }
  return read;
}

function isRead(read: ReadSet, path: string): boolean {
  if (read.files.has(path)) return true;
  const index = /^_indices\/[^/]+/.exec(path);
  if (index !== null) return read.indexFolders.has(index[0]);
  // A data file's blobs lie in a folder named after it (`data/<stem>/…`), read with it.
  const sidecar = /^data\/([^/]+)\//.exec(path);
  return sidecar !== null && read.files.has(`data/${sidecar[1]}.lance`);
}
