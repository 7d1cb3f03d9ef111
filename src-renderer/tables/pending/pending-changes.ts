/**
 * The grid's pending changes to one table, as TablePlus and DBeaver keep them: cell edits by the
 * row they name, new rows, rows marked for deletion, held until they are committed together
 * (`rows:commit`: the edits as one version, the new rows one more, the deletions one more) or
 * discarded. Plain immutable values, so each change is a new state and the logic is testable
 * without a browser.
 */
import type { CellText } from './cell-input';

export interface PendingEdit {
  /** The row's predicate (row-predicate.ts): the commit refuses one that names no row or many. */
  predicate: string;
  /** The row's number in the grid when it was edited (from 0), for what is said about it. */
  row: number;
  /** New values by column, as typed. */
  values: Readonly<Record<string, CellText>>;
}

export interface PendingInsert {
  /** Names the new row in the list, which has no predicate for it yet. */
  id: number;
  values: Readonly<Record<string, CellText>>;
}

export interface PendingDelete {
  predicate: string;
  row: number;
}

export interface PendingChanges {
  edits: readonly PendingEdit[];
  inserts: readonly PendingInsert[];
  deletes: readonly PendingDelete[];
}

export const NO_CHANGES: PendingChanges = { edits: [], inserts: [], deletes: [] };

/** Each edited cell, new row and deleted row counts once. */
export function pendingCount(changes: PendingChanges): number {
  return (
    changes.edits.reduce((n, e) => n + Object.keys(e.values).length, 0) +
    changes.inserts.length +
    changes.deletes.length
  );
}

/** The pending value of one cell, or undefined when it has none. */
export function pendingValue(
  changes: PendingChanges,
  predicate: string,
  column: string,
): { value: CellText } | undefined {
  const edit = changes.edits.find((e) => e.predicate === predicate);
  return edit && Object.hasOwn(edit.values, column) ? { value: edit.values[column]! } : undefined;
}

/**
 * A cell edited to `value`. Typed back to what the table holds (`original`), the cell is no
 * longer pending; a row left with no edited cell leaves the list.
 */
export function withCellEdit(
  changes: PendingChanges,
  edit: { predicate: string; row: number; column: string; value: CellText; original: CellText },
): PendingChanges {
  const current = changes.edits.find((e) => e.predicate === edit.predicate);
  const values = { ...current?.values };
  if (edit.value === edit.original) delete values[edit.column];
  else values[edit.column] = edit.value;
  const others = changes.edits.filter((e) => e.predicate !== edit.predicate);
  const edits =
    Object.keys(values).length === 0
      ? others
      : current
        ? changes.edits.map((e) => (e === current ? { ...e, values } : e))
        : [...others, { predicate: edit.predicate, row: edit.row, values }];
  return { ...changes, edits };
}

export function withInsert(
  changes: PendingChanges,
  values: Readonly<Record<string, CellText>>,
): PendingChanges {
  const id = Math.max(0, ...changes.inserts.map((i) => i.id)) + 1;
  return { ...changes, inserts: [...changes.inserts, { id, values }] };
}

export function withoutInsert(changes: PendingChanges, id: number): PendingChanges {
  return { ...changes, inserts: changes.inserts.filter((i) => i.id !== id) };
}

/**
 * Rows marked for deletion, or unmarked when every one of them already was. A row marked for
 * deletion loses its pending edits, as in TablePlus: the row goes, and an edit to a column its
 * deletion's predicate reads would leave that predicate naming no row by the time it runs.
 */
export function withDeletesToggled(
  changes: PendingChanges,
  rows: readonly PendingDelete[],
): PendingChanges {
  const marked = new Set(changes.deletes.map((d) => d.predicate));
  const unmark = rows.length > 0 && rows.every((r) => marked.has(r.predicate));
  const named = new Set(rows.map((r) => r.predicate));
  if (unmark)
    return { ...changes, deletes: changes.deletes.filter((d) => !named.has(d.predicate)) };
  // Each row once, however often it was given.
  const added = new Map<string, PendingDelete>();
  for (const r of rows)
    if (!marked.has(r.predicate) && !added.has(r.predicate)) added.set(r.predicate, r);
  return {
    ...changes,
    edits: changes.edits.filter((e) => !named.has(e.predicate)),
    deletes: [...changes.deletes, ...added.values()],
  };
}

export function isMarkedForDeletion(changes: PendingChanges, predicate: string): boolean {
  return changes.deletes.some((d) => d.predicate === predicate);
}

/** What `rows:commit` takes, beside the table. */
export function commitInput(changes: PendingChanges) {
  return {
    edits: changes.edits.map((e) => ({ predicate: e.predicate, values: { ...e.values } })),
    inserts: changes.inserts.map((i) => ({ ...i.values })),
    deletes: changes.deletes.map((d) => d.predicate),
  };
}

/**
 * What is left once `sent` is written: a change made while the commit ran (another cell, or the
 * same cell typed again) stays pending; everything that went is gone.
 */
export function withoutCommitted(current: PendingChanges, sent: PendingChanges): PendingChanges {
  const edits = current.edits.flatMap((edit) => {
    const was = sent.edits.find((e) => e.predicate === edit.predicate);
    if (!was) return [edit];
    const values = Object.fromEntries(
      Object.entries(edit.values).filter(
        ([column, value]) => !Object.hasOwn(was.values, column) || was.values[column] !== value,
      ),
    );
    return Object.keys(values).length === 0 ? [] : [{ ...edit, values }];
  });
  const insertsSent = new Set(sent.inserts.map((i) => i.id));
  const deletesSent = new Set(sent.deletes.map((d) => d.predicate));
  return {
    edits,
    inserts: current.inserts.filter((i) => !insertsSent.has(i.id)),
    deletes: current.deletes.filter((d) => !deletesSent.has(d.predicate)),
  };
}

/**
 * The grid's row behind the host's refusal of a commit, which names the change by its place in
 * what was sent ("Edit 2, column …", "Deletion 1 names 3 rows…"): that row as the grid numbers
 * it, and its predicate, so the person finds the cell to fix.
 */
export function refusedRow(message: string, sent: PendingChanges): string | undefined {
  const found = /\b(Edit|Deletion|New row) (\d+)\b/.exec(message);
  if (!found) return undefined;
  const i = Number(found[2]) - 1;
  if (found[1] === 'New row') {
    return sent.inserts[i]
      ? `New row ${i + 1} is the ${ordinal(i + 1)} of the new rows listed`
      : undefined;
  }
  const change = found[1] === 'Edit' ? sent.edits[i] : sent.deletes[i];
  return change
    ? `${found[1]} ${i + 1} is row ${change.row + 1} of the grid (${change.predicate})`
    : undefined;
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}
