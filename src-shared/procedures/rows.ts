/**
 * A table's rows updated or deleted where a filter matches, and the grid's pending changes
 * (cell edits, new rows, rows marked for deletion) committed together.
 */
import { z } from 'zod';
import { GATE_LIMITS } from '../expression-gate/gate-limits';
import { WriteResultSchema, InTable } from '../studio-schemas';
import { E, procedure } from './define';

/** Pending rows one commit may carry, of each kind: a review a person can still read. */
export const MAX_PENDING_ROWS = 500;

/**
 * The widest vector an edit can write: an update lists a column's new values in one expression,
 * which the expression gate holds to GATE_LIMITS.maxConstantBytes per row, counting each number
 * as at least 16 bytes, and the row's pick among them as 16 more. A vector this wide fits only as
 * the one edit of its column, and only with short numbers (the host counts the digits, and its
 * refusal is final); a wider one never fits, so the grid says so before anything is typed. A new
 * row is written as Arrow, not SQL, and takes a vector of any width.
 */
export const MAX_EDITED_VECTOR_DIMENSION = Math.floor((GATE_LIMITS.maxConstantBytes - 16) / 16);

/** A cell's new value as typed, or null for SQL NULL. */
const CellText = z.string().max(1_000_000).nullable();

const PendingChangesInput = InTable.extend({
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
}).strict();

/** What refuses pending changes, whether committed or only planned. */
const COMMIT_REFUSALS = [
  E.TableNotFound,
  E.TableColumnNotFound,
  E.TableSchemaValidationError,
  // A table checked out at a version, which takes no writes.
  E.InvalidTableState,
];

export const RowsCommitResultSchema = z.object({
  /** The table's version after the commit. */
  version: z.number(),
  /** The versions it made, in order (edits, inserts, deletes; an empty kind makes none). */
  versions: z.array(z.number()),
  updated: z.number(),
  inserted: z.number(),
  deleted: z.number(),
  /**
   * A step that failed after an earlier one was written: the kinds not written (that one and
   * those after it) and why. What was written stays written (each step is its own version); a
   * failure before anything is written is an error instead.
   */
  notWritten: z
    .object({
      kinds: z.array(z.enum(['inserts', 'deletes'])),
      message: z.string(),
    })
    .optional(),
});
export type RowsCommitResult = z.infer<typeof RowsCommitResultSchema>;

export const RowsPlanSchema = z.object({
  /** What the commit runs, in its order; each is one new version. */
  statements: z.array(
    z.object({
      kind: z.enum(['update', 'insert', 'delete']),
      /**
       * An update or a delete as the table is given it: the SET expressions and the filter,
       * exactly. The new rows are appended as Arrow, not SQL: their text lists them (at most
       * PLANNED_ROWS_LISTED) with their values as read by each column's type.
       */
      text: z.string(),
      /** Rows it writes: those named (update, delete), or the new rows (insert). */
      rows: z.number(),
    }),
  ),
  /** Each edit's and deletion's predicate and the one row it names, in the order sent. */
  rows: z.array(
    z.object({
      /** "Edit 1", "Deletion 2": how a refusal names it. */
      what: z.string(),
      predicate: z.string(),
      /** Its `_rowid`, in decimal (a 64-bit id). */
      rowId: z.string(),
    }),
  ),
});
export type RowsPlan = z.infer<typeof RowsPlanSchema>;

/** New rows an insert's text lists; the rest are counted. */
export const PLANNED_ROWS_LISTED = 20;

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
  'rows:commit': procedure(PendingChangesInput, RowsCommitResultSchema, COMMIT_REFUSALS, 'write'),
  /**
   * What `rows:commit` would run for the same changes, planned by the same code and refused the
   * same way (a bad value, a predicate naming no row or two, a gate limit), with nothing written:
   * the review shows the statements and each predicate's row before the person commits. Another
   * writer may still change the rows in between; the commit checks again.
   */
  'rows:plan': procedure(PendingChangesInput, RowsPlanSchema, COMMIT_REFUSALS),
} as const;
