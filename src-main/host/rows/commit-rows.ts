/**
 * The grid's pending changes committed: at most three versions, in order (the edits as one
 * update, the new rows as one append, the deletions as one delete), each whole or not at all.
 * Everything is checked before the first is written (prepareCommit: commit-plan.ts checks
 * columns, values and the expression gate; row-targets.ts resolves each predicate to its one
 * row, no row twice), so a bad value or a predicate that matches the wrong number of rows leaves
 * the table as it was. The review (`rows:plan`) shows the same prepared commit without writing
 * it, so what a person reviews is what runs.
 *
 * Between the check and the writes another writer could still change the rows; the update and the
 * delete then touch only rows that were named (their filters are the rows' ids), and say how many
 * they changed.
 */
import type { Schema, Table } from 'apache-arrow';
import type { TableHandle } from '../../catalog/client';
import type { RowsCommitResult } from '../../../src-shared/procedures/rows';
import { errors } from '../../../src-shared/vocabulary/errors';
import { planCommit, updatesFor, type PendingChanges } from './commit-plan';
import type { NewRow } from './insert-table';
import { resolveRows, rowIdFilter, type Target } from './row-targets';
import { rowSelectors } from './row-selectors';

/** A commit checked and its rows resolved: exactly what the writes are given. */
export interface PreparedCommit {
  schema: Schema;
  /** The edits as one update: column → SET expression, and the edited rows' filter. */
  update: { updates: Record<string, string>; filter: string; rows: number } | undefined;
  /** The new rows as Arrow, and their values as read (for the review to list). */
  insert: { rows: Table; values: NewRow[] } | undefined;
  /** The deletions as one filter on the deleted rows' ids. */
  delete: { filter: string; rows: number } | undefined;
  /** Each edit's, then each deletion's, predicate and the one row it names. */
  targets: Array<Target & { rowId: bigint }>;
}

export async function prepareCommit(
  table: TableHandle,
  changes: PendingChanges,
): Promise<PreparedCommit> {
  // Said here for the review too; the engine refuses the write the same way.
  if (table.pinnedVersion !== undefined) {
    throw errors.InvalidTableState(
      `The table is checked out at version ${table.pinnedVersion}, which takes no changes; open its latest version to commit them`,
    );
  }
  const schema = await exactSchema(table);
  const plan = planCommit(schema, changes);
  const targets: Target[] = [
    ...plan.edits.map((predicate, i) => ({ what: `Edit ${i + 1}`, predicate })),
    ...plan.deletes.map((predicate, i) => ({ what: `Deletion ${i + 1}`, predicate })),
  ];
  const ids = await resolveRows(table, schema, targets);
  const editRows = ids.slice(0, plan.edits.length);
  const deleteRows = ids.slice(plan.edits.length);
  // One edited row needs no condition: the update's filter names it alone.
  const selectors =
    editRows.length > 1
      ? await rowSelectors(table, schema, new Set(plan.columns.map((c) => c.field.name)), editRows)
      : undefined;
  const updates = updatesFor(plan, selectors);
  return {
    schema,
    update:
      editRows.length > 0
        ? { updates, filter: rowIdFilter(editRows), rows: editRows.length }
        : undefined,
    insert: plan.rows ? { rows: plan.rows, values: plan.newRows } : undefined,
    delete:
      deleteRows.length > 0
        ? { filter: rowIdFilter(deleteRows), rows: deleteRows.length }
        : undefined,
    targets: targets.map((target, i) => ({ ...target, rowId: ids[i]! })),
  };
}

export async function commitRows(
  table: TableHandle,
  changes: PendingChanges,
): Promise<RowsCommitResult> {
  const prepared = await prepareCommit(table, changes);
  const versions: number[] = [];
  const result = { updated: 0, inserted: 0, deleted: 0 };
  const steps: Array<{ kind: 'edits' | 'inserts' | 'deletes'; write: () => Promise<void> }> = [];
  const { update, insert } = prepared;
  const remove = prepared.delete;
  if (update) {
    steps.push({
      kind: 'edits',
      write: async () => {
        const updated = await table.update({ updates: update.updates, filter: update.filter });
        versions.push(updated.version);
        result.updated = updated.numRows;
      },
    });
  }
  if (insert) {
    steps.push({
      kind: 'inserts',
      write: async () => {
        versions.push((await table.insert(insert.rows)).version);
        result.inserted = insert.rows.numRows;
      },
    });
  }
  if (remove) {
    steps.push({
      kind: 'deletes',
      write: async () => {
        const deleted = await table.delete(remove.filter);
        versions.push(deleted.version);
        result.deleted = deleted.numRows;
      },
    });
  }
  for (const [i, step] of steps.entries()) {
    try {
      await step.write();
    } catch (error) {
      // Nothing written yet: a plain failure. Else what was written is said, so that the grid
      // drops it from what waits, and a retry does not write it twice.
      if (versions.length === 0) throw error;
      return {
        version: versions.at(-1)!,
        versions,
        ...result,
        notWritten: {
          // The edits, when there are any, are the first step: what is left is rows or deletions.
          kinds: steps.slice(i).map((s) => s.kind as 'inserts' | 'deletes'),
          message: (error as Error).message,
        },
      };
    }
  }
  const version = versions.at(-1) ?? (await table.latestVersion());
  return { version, versions, ...result };
}

/**
 * The schema as the table's data has it, from an answer of no rows: one request on any back end.
 * (A remote `schema()` is exact too, but is a describe and the table's stats, plus this same
 * query when a time column's unit must be learnt: the contract's JSON types name none.)
 */
async function exactSchema(table: TableHandle): Promise<Schema> {
  return (await table.query({ limit: 0 })).schema;
}
