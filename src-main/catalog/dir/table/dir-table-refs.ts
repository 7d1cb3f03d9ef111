/**
 * A `dir` table's tags and branches, each checked against the table's own (dir-table-core.ts
 * lists them) before LanceDB is asked to change them.
 */
import { errors } from '../../../../src-shared/vocabulary/errors';
import { assertValidComponent } from '../../../../src-shared/vocabulary/ids';
import type { CreateBranchOptions, TagInfo } from '../../../../src-shared/catalog-api';
import { lance } from '../lance-errors';
import type { DirTableCore } from './dir-table-core';

export async function createTag(t: DirTableCore, tag: string, version: number): Promise<void> {
  assertValidComponent(tag, 'tag name');
  await t.requireVersion(version, undefined);
  if ((await t.listTags()).some((existing) => existing.name === tag)) {
    throw errors.TableTagAlreadyExists(`Tag ${tag} already exists on ${t.id}`);
  }
  await lance(async () => (await t.table.tags()).create(tag, version));
}

export async function updateTag(t: DirTableCore, tag: string, version: number): Promise<void> {
  // The version first: the contract answers a move to a missing version with
  // TableVersionNotFound (11) whether or not the tag exists (CTS update_tag_unknown_version).
  await t.requireVersion(version, undefined);
  await requireTag(t, tag);
  await lance(async () => (await t.table.tags()).update(tag, version));
}

export async function deleteTag(t: DirTableCore, tag: string): Promise<void> {
  await requireTag(t, tag);
  await lance(async () => (await t.table.tags()).delete(tag));
}

export async function getTagVersion(t: DirTableCore, tag: string): Promise<number> {
  return (await requireTag(t, tag)).version;
}

async function requireTag(t: DirTableCore, tag: string): Promise<TagInfo> {
  assertValidComponent(tag, 'tag name');
  const found = (await t.listTags()).find((existing) => existing.name === tag);
  if (!found) throw errors.TableTagNotFound(`Tag ${tag} does not exist on ${t.id}`);
  return found;
}

export async function createBranch(
  t: DirTableCore,
  name: string,
  { fromBranch, fromVersion }: CreateBranchOptions = {},
): Promise<void> {
  assertValidComponent(name, 'branch name');
  const existing = await t.listBranches();
  if (existing.some((b) => b.name === name)) {
    throw errors.TableBranchAlreadyExists(`Branch ${name} already exists on ${t.id}`);
  }
  if (fromBranch !== undefined && !existing.some((b) => b.name === fromBranch)) {
    throw errors.TableBranchNotFound(`Branch ${fromBranch} does not exist on ${t.id}`);
  }
  if (fromVersion !== undefined) await t.requireVersion(fromVersion, fromBranch);
  await lance(async () => (await t.table.branches()).create(name, fromBranch, fromVersion));
}

export async function deleteBranch(t: DirTableCore, name: string): Promise<void> {
  await t.requireBranch(name);
  await lance(async () => (await t.table.branches()).delete(name));
  t.forgetBranch(name);
}
