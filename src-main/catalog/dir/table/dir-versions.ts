/**
 * A table's version manifests as files, for the contract's external-manifest routes: describe one
 * version with the manifest that holds it, create a version from a staged manifest, and delete
 * versions' manifests. LanceDB's Node API exposes none of these, so they work on the files Lance
 * itself reads: `_versions/<n>.manifest` (naming scheme V1) or `_versions/<u64::MAX − n>.manifest`
 * (V2, which LanceDB writes today, so that the latest sorts first).
 *
 * Creating a version is a conditional put of the staged manifest under the version's name: of two
 * writers of one version exactly one succeeds, as Lance's own commits do. The staged file is
 * judged first (version-staged.ts: a manifest of this table, at the next version, that LanceDB
 * reads), because once it is the latest there is no undoing it. Deleting never removes the latest
 * version or a tagged one: the table and its tags keep working.
 */
import type { VersionDetail, VersionInfo } from '../../../../src-shared/catalog-api';
import { errors } from '../../../../src-shared/vocabulary/errors';
import type { ObjectStore } from '../../storage/object-store';
import type { LanceReach } from '../lance-format/manifest-read-back';
import { verifyStagedManifest } from '../lance-format/version-staged';

const U64_MAX = (1n << 64n) - 1n;
const V2_DIGITS = 20;

export interface TableFiles {
  store: ObjectStore;
  /** The table's folder, relative to the catalog root. */
  folder: string;
  /** For messages. */
  id: string;
  /** How LanceDB reaches the root, to read a manifest back before it becomes the latest. */
  lance: LanceReach;
}

type Scheme = 'V1' | 'V2';

/** A branch is a table of its own (manifests, transactions, new files) under `tree/`. */
export function branchFolder(files: TableFiles, branch: string): string {
  return `${files.folder}/tree/${branch}`;
}

export function manifestName(version: number, scheme: Scheme): string {
  return scheme === 'V2'
    ? `${(U64_MAX - BigInt(version)).toString().padStart(V2_DIGITS, '0')}.manifest`
    : `${version}.manifest`;
}

function parseManifestName(name: string): { version: number; scheme: Scheme } | undefined {
  const match = /^(\d+)\.manifest$/.exec(name);
  if (!match) return undefined;
  const digits = match[1]!;
  if (digits.length === V2_DIGITS) {
    return { version: Number(U64_MAX - BigInt(digits)), scheme: 'V2' };
  }
  return { version: Number(digits), scheme: 'V1' };
}

/** The manifest file of each version present, by version number. */
export async function manifests(
  files: TableFiles,
): Promise<Map<number, { key: string; scheme: Scheme }>> {
  const prefix = `${files.folder}/_versions`;
  const found = new Map<number, { key: string; scheme: Scheme }>();
  for (const key of await files.store.list(prefix)) {
    const name = key.slice(prefix.length + 1);
    if (name.includes('/')) continue;
    const parsed = parseManifestName(name);
    if (parsed) found.set(parsed.version, { key, scheme: parsed.scheme });
  }
  return found;
}

export async function describeVersion(
  files: TableFiles,
  versions: readonly VersionInfo[],
  version: number | undefined,
): Promise<VersionDetail> {
  const wanted = version ?? highest(versions.map((v) => v.version)) ?? 0;
  const info = versions.find((v) => v.version === wanted);
  if (!info) throw errors.TableVersionNotFound(`Version ${wanted} of ${files.id} does not exist`);
  const file = (await manifests(files)).get(wanted);
  if (!file) return info;
  const size = (await files.store.get(file.key)).byteLength;
  return {
    ...info,
    manifestPath: file.key.slice(files.folder.length + 1),
    manifestSize: size,
  };
}

export async function createVersion(
  files: TableFiles,
  request: { version: number; manifestPath: string; namingScheme?: Scheme | undefined },
): Promise<VersionDetail> {
  const staged = request.manifestPath.replace(/^\/+/, '');
  if (staged.split('/').some((part) => part === '..' || part === '')) {
    throw errors.InvalidInput(
      `The staged manifest ${request.manifestPath} must be a path inside the table's folder`,
    );
  }
  const stagedKey = `${files.folder}/${staged}`;
  if (!(await files.store.exists(stagedKey))) {
    throw errors.InvalidInput(`No staged manifest at ${request.manifestPath} in ${files.id}`);
  }
  const present = await manifests(files);
  // One naming scheme per table: under two, one version could be written twice, once by name.
  const inUse = [...present.values()].some((m) => m.scheme === 'V1') ? 'V1' : 'V2';
  if (request.namingScheme !== undefined && present.size > 0 && request.namingScheme !== inUse) {
    throw errors.InvalidInput(
      `${files.id} names its manifests by scheme ${inUse}; a version in ${request.namingScheme} would not be one version`,
    );
  }
  const scheme = request.namingScheme ?? inUse;
  const latest = highest(present.keys());
  if (present.has(request.version)) {
    throw errors.ConcurrentModification(
      `Version ${request.version} of ${files.id} already exists; a version is written once`,
    );
  }
  if (latest !== undefined && request.version !== latest + 1) {
    throw errors.InvalidInput(
      `The next version of ${files.id} is ${latest + 1}; versions follow one another without gaps`,
    );
  }
  const bytes = await files.store.get(stagedKey);
  const latestFile = latest === undefined ? undefined : present.get(latest);
  await verifyStagedManifest(
    files,
    { path: request.manifestPath, bytes, version: request.version },
    latestFile ? await files.store.get(latestFile.key) : undefined,
  );
  const name = manifestName(request.version, scheme);
  if (!(await files.store.putIfAbsent(`${files.folder}/_versions/${name}`, bytes))) {
    throw errors.ConcurrentModification(
      `Version ${request.version} of ${files.id} already exists; a version is written once`,
    );
  }
  return {
    version: request.version,
    timestampMillis: Date.now(),
    metadata: {},
    manifestPath: `_versions/${name}`,
    manifestSize: bytes.byteLength,
  };
}

/** Deletes the manifests of the versions in the ranges; returns how many went. */
export async function deleteVersions(
  files: TableFiles,
  ranges: ReadonlyArray<{ start: number; end: number }>,
  keep: ReadonlySet<number>,
): Promise<number> {
  const present = await manifests(files);
  const latest = highest(present.keys());
  let deleted = 0;
  for (const [version, file] of present) {
    if (version === latest || keep.has(version)) continue;
    // An end of -1 is open, as the contract's "all"; an end at or before the start is empty.
    const inRange = ranges.some((r) => version >= r.start && (r.end === -1 || version < r.end));
    if (!inRange) continue;
    await files.store.delete(file.key);
    deleted += 1;
  }
  return deleted;
}

/** The largest number, without spreading a long list into arguments. */
export function highest(numbers: Iterable<number>): number | undefined {
  let top: number | undefined;
  for (const n of numbers) if (top === undefined || n > top) top = n;
  return top;
}
