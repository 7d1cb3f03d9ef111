/** A remote table's tags and branches; the server checks names and versions. */
import { REST } from '../../../src-shared/rest-contract';
import type { BranchInfo, CreateBranchOptions, TagInfo } from '../../../src-shared/catalog-api';
import { ERROR_CODES, errors } from '../../../src-shared/vocabulary/errors';
import type { RestTableCore } from './rest-table-core';

export async function listTags(t: RestTableCore): Promise<TagInfo[]> {
  const reply = await t.post<{
    tags: Record<string, { version: number; manifestSize?: number }>;
  }>(REST.listTableTags, {});
  return Object.entries(reply.tags)
    .map(([name, tag]) => ({
      name,
      version: tag.version,
      ...(tag.manifestSize === undefined ? {} : { manifestSize: tag.manifestSize }),
    }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

export async function createTag(t: RestTableCore, tag: string, version: number): Promise<void> {
  await t.post(REST.createTableTag, { tag, version });
}

export async function updateTag(t: RestTableCore, tag: string, version: number): Promise<void> {
  await t.post(REST.updateTableTag, { tag, version }, ERROR_CODES.TableTagNotFound);
}

export async function deleteTag(t: RestTableCore, tag: string): Promise<void> {
  await t.post(REST.deleteTableTag, { tag }, ERROR_CODES.TableTagNotFound);
}

export async function getTagVersion(t: RestTableCore, tag: string): Promise<number> {
  return (
    await t.post<{ version: number }>(
      REST.getTableTagVersion,
      { tag },
      ERROR_CODES.TableTagNotFound,
    )
  ).version;
}

export async function listBranches(t: RestTableCore): Promise<BranchInfo[]> {
  const reply = await t.post<{
    branches: Record<
      string,
      { parentBranch?: string; parentVersion?: number; createAt?: number; manifestSize?: number }
    >;
  }>(REST.listTableBranches, {});
  return Object.entries(reply.branches)
    .map(([name, b]) => ({
      name,
      ...(b.parentBranch ? { parentBranch: b.parentBranch } : {}),
      ...(b.parentVersion === undefined ? {} : { parentVersion: b.parentVersion }),
      ...(b.createAt ? { createdAtMillis: b.createAt * 1000 } : {}),
      ...(b.manifestSize === undefined ? {} : { manifestSize: b.manifestSize }),
    }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

export async function createBranch(
  t: RestTableCore,
  name: string,
  { fromBranch, fromVersion }: CreateBranchOptions = {},
): Promise<void> {
  await t.post(REST.createTableBranch, {
    name,
    ...(fromBranch ? { from_branch: fromBranch } : {}),
    ...(fromVersion ? { from_version: fromVersion } : {}),
  });
}

export async function deleteBranch(t: RestTableCore, name: string): Promise<void> {
  await t.post(REST.deleteTableBranch, { name }, ERROR_CODES.TableBranchNotFound);
}

/** Refuses a branch the table does not have. */
export async function requireBranch(t: RestTableCore, name: string): Promise<void> {
  if (!(await listBranches(t)).some((b) => b.name === name)) {
    throw errors.TableBranchNotFound(`Branch ${name} does not exist on ${t.id}`);
  }
}
