/**
 * The grid's pending changes committed: at most three versions, in order (the edits as one
 * update, the new rows as one append, the deletions as one delete), each whole or not at all.
 * Everything is checked before the first is written (commit-plan.ts: columns, values, the
 * expression gate; row-targets.ts: each predicate names one row, no row twice), so a bad value or
 * a predicate that matches the wrong number of rows leaves the table as it was.
 *
 * Between the check and the writes another writer could still change the rows; the update and the
 * delete then touch only rows that were named (their filters are the rows' ids), and say how many
 * they changed.
 */
import type { Schema } from 'apache-arrow';
import type { TableHandle } from '../../catalog/client';
import type { RowsCommitResult } from '../../../src-shared/procedures/rows';
import { planCommit, type PendingChanges } from './commit-plan';
import { resolveRows, rowIdFilter } from './row-targets';

export async function commitRows(
  table: TableHandle,
  changes: PendingChanges,
): Promise<RowsCommitResult> {
  const schema = await exactSchema(table);
  const plan = planCommit(schema, changes);
  const editRows = await resolveRows(table, schema, [
    ...plan.edits.map((predicate, i) => ({ what: `Edit ${i + 1}`, predicate })),
    ...plan.deletes.map((predicate, i) => ({ what: `Deletion ${i + 1}`, predicate })),
  ]);
  const deleteRows = editRows.splice(plan.edits.length);

  const versions: number[] = [];
  const result = { updated: 0, inserted: 0, deleted: 0 };
  if (editRows.length > 0) {
    const updated = await table.update({ updates: plan.updates, filter: rowIdFilter(editRows) });
    versions.push(updated.version);
    result.updated = updated.numRows;
  }
  if (plan.rows) {
    const inserted = await table.insert(plan.rows);
    versions.push(inserted.version);
    result.inserted = plan.rows.numRows;
  }
  if (deleteRows.length > 0) {
    const deleted = await table.delete(rowIdFilter(deleteRows));
    versions.push(deleted.version);
    result.deleted = deleted.numRows;
  }
  const version = versions.at(-1) ?? (await table.latestVersion());
  return { version, versions, ...result };
}

/**
 * The schema as the table's data has it: a remote catalog's describe names a timestamp without
 * its unit or zone (the contract's JSON types have none), so `schema()` there says microseconds
 * for a nanosecond column; a query's Arrow answer carries the real types.
 */
async function exactSchema(table: TableHandle): Promise<Schema> {
  return (await table.query({ limit: 0 })).schema;
}
