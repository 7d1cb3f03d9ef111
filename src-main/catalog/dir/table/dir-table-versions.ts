/**
 * A `dir` table's versions: restoring an old one as the latest, and the version manifests as
 * files (describe, create from a staged manifest, delete; see dir-versions.ts). Listing and
 * checking out versions are in dir-table-core.ts, which every part checks against.
 */
import type { WriteResult } from '../../client';
import type {
  BranchOption,
  CreateVersionRequest,
  DeleteVersionsRequest,
  FragmentStats,
  TransactionInfo,
  VersionDetail,
} from '../../../../src-shared/catalog-api';
import { errors } from '../../../../src-shared/vocabulary/errors';
import { lance } from '../lance-errors';
import { forgetQuerySchema } from '../query/query-schemas';
import * as versionFiles from './dir-versions';
import * as transactions from '../lance-format/version-transactions';
import { manifestFragments } from '../lance-format/manifest-fragments';
import { versionBytes, type VersionManifests } from './version-held-bytes';
import { fragmentHistogram } from '../../../../src-shared/fragment-histogram';
import type { DirTableCore } from './dir-table-core';

export async function describeVersion(
  t: DirTableCore,
  version: number | undefined,
  { branch }: BranchOption = {},
): Promise<VersionDetail> {
  if (version !== undefined && (!Number.isInteger(version) || version < 0)) {
    throw errors.InvalidInput(`A version is a whole number from 0 (got ${version})`);
  }
  const versions = await t.listVersions(branch);
  if ((branch ?? t.branch) === undefined) {
    return versionFiles.describeVersion(await t.versionFiles(), versions, version);
  }
  // A branch's manifests live in its own tree; its versions are described without the file.
  const wanted = version ?? versionFiles.highest(versions.map((v) => v.version)) ?? 0;
  const info = versions.find((v) => v.version === wanted);
  if (!info) throw errors.TableVersionNotFound(`Version ${wanted} of ${t.id} does not exist`);
  return info;
}

export async function createVersion(
  t: DirTableCore,
  request: CreateVersionRequest,
): Promise<VersionDetail> {
  t.mainOnly('create versions');
  return versionFiles.createVersion(await t.versionFiles(), request);
}

export async function deleteVersions(
  t: DirTableCore,
  { ranges }: DeleteVersionsRequest,
): Promise<number> {
  t.mainOnly('delete versions');
  const tagged = new Set((await t.listTags()).map((tag) => tag.version));
  return versionFiles.deleteVersions(await t.versionFiles(), ranges, tagged);
}

export async function restore(
  t: DirTableCore,
  version: number,
  { branch }: BranchOption = {},
): Promise<WriteResult> {
  const live = await t.writable(branch);
  await t.requireVersion(version, branch);
  const effective = branch ?? t.branch;
  // A separate handle: checkout() would otherwise pin this handle's shared table object.
  const scratch = await lance(() =>
    t.ctx.db.openTable(
      t.name,
      [...t.namespacePath],
      effective === undefined ? t.ctx.tableOptions : { ...t.ctx.tableOptions, branch: effective },
    ),
  );
  await lance(() => scratch.checkout(version));
  await lance(() => scratch.restore());
  const [newVersion, rows] = await Promise.all([
    lance(() => scratch.version()),
    lance(() => scratch.countRows()),
  ]);
  scratch.close();
  // The restored version may have another schema.
  forgetQuerySchema(live);
  return { version: newVersion, numRows: rows };
}

export async function describeTransactions(
  t: DirTableCore,
  versions: number[],
  { branch }: BranchOption = {},
): Promise<TransactionInfo[]> {
  return transactions.describeTransactions(await t.branchFiles(branch), versions);
}

/** The connection reads with a consistency interval of 0, so this sees other processes' commits. */
export async function latestVersion(
  t: DirTableCore,
  { branch }: BranchOption = {},
): Promise<number> {
  const table = await t.lanceFor(branch);
  return lance(() => table.version());
}

/** The fragments of the version this handle reads (its pinned one, or the branch's latest). */
export async function fragmentStats(
  t: DirTableCore,
  { branch }: BranchOption = {},
): Promise<FragmentStats> {
  const table = await t.lanceFor(branch);
  const version = await lance(() => table.version());
  const own = await t.branchFiles(branch);
  const file = (await versionFiles.manifests(own)).get(version);
  if (!file) throw errors.TableVersionNotFound(`Version ${version} of ${t.id} has no manifest`);
  const fragments = manifestFragments(await own.store.get(file.key), file.key);
  // A figure, not the tab: a manifest removed by a cleanup while it is read leaves it out.
  const main = await t.versionFiles();
  const held = await versionBytes(own, () => headManifests(t, main, branch ?? t.branch)).catch(
    () => undefined,
  );
  return {
    fragments: fragments.length,
    physicalRows: fragments.reduce((sum, f) => sum + f.physicalRows, 0),
    deletedRows: fragments.reduce((sum, f) => sum + f.deletedRows, 0),
    histogram: fragmentHistogram(fragments.map((f) => f.physicalRows - f.deletedRows)),
    ...(held ? { versionBytes: held } : {}),
  };
}

/**
 * The latest manifest of the branch (whatever version this handle reads) and of every other
 * branch, which may read this one's files (a branch made from it, or from main); on main also
 * each tagged version's (tags are main's).
 */
async function headManifests(
  t: DirTableCore,
  files: versionFiles.TableFiles,
  branch: string | undefined,
): Promise<VersionManifests> {
  const latestOf = async (folder: string) => {
    const present = await versionFiles.manifests({ ...files, folder });
    const top = versionFiles.highest(present.keys());
    return { present, latest: top === undefined ? [] : [present.get(top)!.key] };
  };
  const main = await latestOf(files.folder);
  const branches = await Promise.all(
    (await t.listBranches()).map(
      async (b) => (await latestOf(versionFiles.branchFolder(files, b.name))).latest,
    ),
  );
  const tagged =
    branch !== undefined
      ? []
      : (await t.listTags()).flatMap((tag) => {
          const file = main.present.get(tag.version);
          return file ? [file.key] : [];
        });
  return { latest: [...main.latest, ...branches.flat()], tagged };
}
