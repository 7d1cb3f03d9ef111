/**
 * A table of the `dir` catalog. A handle reads and writes its default branch (main unless opened
 * on a branch); a handle opened at a fixed version is read-only.
 *
 * Each job lives in a module of its own: dir-table-describe.ts (description, schema, stats),
 * dir-table-data.ts (rows), dir-indexes.ts, dir-table-versions.ts, dir-table-schema.ts (schema
 * evolution) and dir-table-refs.ts (tags and branches); dir-table-core.ts holds what they share.
 * Arguments arrive checked (validated-client.ts); table-facade.ts turns this record into a handle.
 */
import type { TableHandle } from '../../client';
import { TableFacade, type TableOperations } from '../../table-facade';
import type { DirTableCore } from './dir-table-core';
import * as described from './dir-table-describe';
import * as data from './dir-table-data';
import * as indexes from './dir-indexes';
import * as versions from './dir-table-versions';
import * as schemaChanges from './dir-table-schema';
import * as refs from './dir-table-refs';
import * as compacting from './dir-table-compact';
import { watchIndexBuildFiles } from './index-build-files';

const dirTableOperations: TableOperations<DirTableCore> = {
  describe: described.describe,
  schema: described.schema,
  stats: described.stats,
  compact: compacting.compact,
  fragmentStats: versions.fragmentStats,
  cleanupVersions: compacting.cleanupVersions,
  countRows: data.countRows,
  insert: data.insert,
  query: data.query,
  queryStream: data.queryStream,
  explainPlan: data.explainPlan,
  update: data.update,
  delete: data.deleteRows,
  mergeInsert: data.mergeInsert,

  // The index module works on an opened Lance table and the job store, so that the job runner
  // can call it without a handle.
  createIndex: async (core, request) =>
    indexes.createIndexJob(
      core.ctx.jobs,
      await core.writable(request.branch),
      core.ref(request.branch),
      request,
      async () => {
        const { store, folder } = await core.branchFiles(request.branch);
        return watchIndexBuildFiles(store, folder);
      },
    ),
  listIndices: async (core, { branch } = {}) =>
    indexes.listIndices(core.ctx.jobs, await core.lanceFor(branch), core.ref(branch)),
  indexStats: async (core, name, { branch } = {}) =>
    indexes.indexStats(core.ctx.jobs, await core.lanceFor(branch), core.ref(branch), name),
  dropIndex: async (core, name, { branch } = {}) =>
    indexes.dropIndex(core.ctx.jobs, await core.writable(branch), core.ref(branch), name),

  listVersions: (core, { branch, newest } = {}) => core.listVersions(branch, newest),
  checkoutVersion: (core, version, { branch } = {}) => core.checkout(version, branch),
  restore: versions.restore,
  latestVersion: versions.latestVersion,
  describeTransactions: versions.describeTransactions,
  describeVersion: versions.describeVersion,
  createVersion: versions.createVersion,
  deleteVersions: versions.deleteVersions,

  addColumns: schemaChanges.addColumns,
  alterColumns: schemaChanges.alterColumns,
  dropColumns: schemaChanges.dropColumns,
  updateSchemaMetadata: schemaChanges.updateSchemaMetadata,

  listTags: (core) => core.listTags(),
  createTag: refs.createTag,
  updateTag: refs.updateTag,
  deleteTag: refs.deleteTag,
  getTagVersion: refs.getTagVersion,
  listBranches: (core) => core.listBranches(),
  createBranch: refs.createBranch,
  deleteBranch: refs.deleteBranch,
  onBranch: (core, name) => core.onBranch(name),
};

export function dirTable(core: DirTableCore): TableHandle {
  return new TableFacade(core, dirTableOperations);
}
