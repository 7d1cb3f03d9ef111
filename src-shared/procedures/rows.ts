/**
 * A table's rows updated or deleted where a filter matches, and the grid's pending changes
 * (cell edits, new rows, rows marked for deletion) committed together.
 */
import { z } from 'zod';
import { WriteResultSchema, InTable } from '../studio-schemas';
import { E, procedure } from './define';

/** Pending rows one commit may carry, of each kind: a review a person can still read. */
export const MAX_PENDING_ROWS = 500;

/** A cell's new value as typed, or null for SQL NULL. */
const CellText = z.string().max(1_000_000).nullable();

export const RowsCommitResultSchema = z.object({
  /** The table's version after the commit. */
  version: z.number(),
  /** The versions it made, in order (edits, inserts, deletes; an empty kind makes none). */
  versions: z.array(z.number()),
  updated: z.number(),
  inserted: z.number(),
  deleted: z.number(),
});
export type RowsCommitResult = z.infer<typeof RowsCommitResultSchema>;

export const ROWS_PROCEDURES = {
  'rows:update': procedure(
    InTable.extend({
      updates: z.record(z.string().min(1), z.string()),
      filter: z.string().optional(),
    }).strict(),
    WriteResultSchema,
    [E.TableNotFound, E.TableColumnNotFound],
    'write',
  ),
  'rows:delete': procedure(
    InTable.extend({ filter: z.string().min(1) }).strict(),
    WriteResultSchema,
    [E.TableNotFound, E.TableColumnNotFound],
    'write',
  ),
  /**
   * The grid's pending changes. Values are what the person typed, as text (null: SQL NULL; a
   * vector as JSON text such as `[0.1, 0.2]`): the host reads each by its column's type with the
   * import's rules, so the renderer never builds SQL values. Each edit's predicate names one row
   * (the grid's row predicate); one that matches no row or more than one refuses the commit
   * before anything is written. All edits become one version, the new rows one more, the
   * deletions one more: at most three, in that order, each whole or not at all. (Lance's update
   * takes no CASE: the host picks each edited row's value from a list, one expression per
   * column, within the expression gate's limits, which a refusal names.)
   */
  'rows:commit': procedure(
    InTable.extend({
      edits: z
        .array(
          z
            .object({
              predicate: z.string().min(1),
              values: z.record(z.string().min(1), CellText),
            })
            .strict(),
        )
        .max(MAX_PENDING_ROWS),
      inserts: z.array(z.record(z.string().min(1), CellText)).max(MAX_PENDING_ROWS),
      deletes: z.array(z.string().min(1)).max(MAX_PENDING_ROWS),
    }).strict(),
    RowsCommitResultSchema,
    // InvalidTableState: a table checked out at a version, which takes no writes.
    [E.TableNotFound, E.TableColumnNotFound, E.TableSchemaValidationError, E.InvalidTableState],
    'write',
  ),
} as const;
