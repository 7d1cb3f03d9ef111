/**
 * A table of a remote catalog. Every operation runs on the server: data crosses as Arrow IPC,
 * index builds are the server's jobs.
 *
 * Each job lives in a module of its own: rest-table-describe.ts (description, schema, stats),
 * rest-table-data.ts (rows), rest-table-indexes.ts, rest-table-versions.ts, rest-table-schema.ts
 * (schema evolution) and rest-table-refs.ts (tags and branches); rest-table-core.ts holds what
 * they share. Arguments arrive checked (validated-client.ts); table-facade.ts turns this record
 * into a handle.
 */
import type { TableHandle } from '../client';
import { TableFacade, type TableOperations } from '../table-facade';
import { RestTableCore } from './rest-table-core';
import * as described from './rest-table-describe';
import * as data from './rest-table-data';
import * as indexes from './rest-table-indexes';
import * as versions from './rest-table-versions';
import * as schemaChanges from './rest-table-schema';
import * as refs from './rest-table-refs';

const restTableOperations: TableOperations<RestTableCore> = {
  describe: described.describe,
  schema: described.schema,
  stats: described.stats,
  compact: described.compact,
  fragmentStats: described.fragmentStats,
  cleanupVersions: described.cleanupVersions,
  countRows: data.countRows,
  insert: data.insert,
  query: data.query,
  queryStream: data.queryStream,
  explainPlan: data.explainPlan,
  update: data.update,
  delete: data.deleteRows,
  mergeInsert: data.mergeInsert,

  createIndex: indexes.createIndex,
  listIndices: indexes.listIndices,
  indexStats: indexes.indexStats,
  dropIndex: indexes.dropIndex,

  listVersions: versions.listVersions,
  // A pinned handle is only a different core: check the version exists so that opening a missing
  // one fails now, as it does on a folder.
  checkoutVersion: async (core, version, { branch } = {}) => {
    const b = core.branchOf(branch);
    await versions.requireVersion(core, version, b);
    return new RestTableCore(core.session, core.name, core.namespacePath, version, b);
  },
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

  listTags: refs.listTags,
  createTag: refs.createTag,
  updateTag: refs.updateTag,
  deleteTag: refs.deleteTag,
  getTagVersion: refs.getTagVersion,
  listBranches: refs.listBranches,
  createBranch: refs.createBranch,
  deleteBranch: refs.deleteBranch,
  onBranch: async (core, name) => {
    await refs.requireBranch(core, name);
    return new RestTableCore(core.session, core.name, core.namespacePath, undefined, name);
  },
};

export function restTable(core: RestTableCore): TableHandle {
  return new TableFacade(core, restTableOperations);
}
