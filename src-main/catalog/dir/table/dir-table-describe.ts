/**
 * What a `dir` table is: its description (schema, version, location, row count and stats, read
 * together at one version), its schema and its stats.
 */
import type * as lancedb from '@lancedb/lancedb';
import type { Schema } from 'apache-arrow';
import type { TableDescription } from '../../client';
import type { BranchOption, TableStats } from '../../../../src-shared/catalog-api';
import { lance } from '../lance-errors';
import { manifestObjectId } from '../namespace/manifest-store';
import { snapshotKey } from './version-snapshots';
import type { DirTableCore } from './dir-table-core';

export async function statsOf(table: lancedb.Table): Promise<TableStats> {
  const stats = await lance(() => table.stats());
  return {
    totalBytes: stats.totalBytes,
    numRows: stats.numRows,
    numIndices: stats.numIndices,
    numFragments: stats.fragmentStats.numFragments,
    numSmallFragments: stats.fragmentStats.numSmallFragments,
    fragmentLengths: { ...stats.fragmentStats.lengths },
  };
}

export async function describe(
  t: DirTableCore,
  { branch }: BranchOption = {},
): Promise<TableDescription> {
  const effectiveBranch = branch ?? t.branch;
  const live = await t.lanceFor(branch);
  const [version, entry] = await Promise.all([lance(() => live.version()), t.entry()]);
  // A pinned handle (this one, or a snapshot at the version just read) checks for nothing more.
  const table =
    t.pinnedVersion !== undefined
      ? live
      : await t.ctx.snapshots.at(
          snapshotKey(manifestObjectId(t.namespacePath, t.name), effectiveBranch),
          version,
          () =>
            lance(() =>
              t.ctx.db.openTable(t.name, [...t.namespacePath], {
                ...t.ctx.tableOptions,
                version,
                ...(effectiveBranch === undefined ? {} : { branch: effectiveBranch }),
              }),
            ),
        );
  const [schema, stats] = await Promise.all([lance(() => table.schema()), statsOf(table)]);
  return {
    name: t.name,
    namespacePath: [...t.namespacePath],
    version,
    location: entry.location,
    schema,
    rowCount: stats.numRows,
    stats,
    ...(effectiveBranch === undefined ? {} : { branch: effectiveBranch }),
    ...(Object.keys(entry.properties).length > 0 ? { properties: entry.properties } : {}),
  };
}

export async function schema(t: DirTableCore, { branch }: BranchOption = {}): Promise<Schema> {
  const table = await t.lanceFor(branch);
  return lance(() => table.schema());
}

export async function stats(t: DirTableCore, { branch }: BranchOption = {}): Promise<TableStats> {
  return statsOf(await t.lanceFor(branch));
}
