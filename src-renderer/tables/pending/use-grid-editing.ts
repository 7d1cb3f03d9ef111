/**
 * The grid's side of the pending changes: which cells may be edited, the quick check of what is
 * typed, and each kept value added to the table's pending changes. Undefined when the table is
 * not writable, so a reader's grid has no editor at all.
 */
import { useEffect, useMemo } from 'react';
import type { TableRef } from '../../api/query-keys';
import type { JsonArrowField } from '../../../src-shared/vocabulary/json-arrow-types';
import { editText, type GridEditing } from '../../common/grid/grid-editing';
import { inSchemaOrder, rowPredicate } from '../../common/grid/row-predicate';
import { checkEdit, editKindOf, editNotice, inputHint } from './cell-input';
import { isMarkedForDeletion, withCellEdit, type PendingChanges } from './pending-changes';
import { usePendingChanges } from './use-pending-changes';

const NO_VALUES: Readonly<Record<string, string | null>> = {};

export const UNNAMED_ROW =
  'This row has no value that names it exactly (only floats, vectors or nested values), so it cannot be edited';
// Short: it is said on the cell, which may be narrow. (Unmarking is the same button again.)
export const MARKED_ROW = 'Marked for deletion; unmark it to edit it';

export function useGridEditing(
  tableRef: TableRef,
  fields: readonly JsonArrowField[],
  writable: boolean,
): {
  changes: PendingChanges;
  update: (change: (current: PendingChanges) => PendingChanges) => void;
  editing: GridEditing | undefined;
} {
  const [changes, update] = usePendingChanges(tableRef);
  const byName = useMemo(() => new Map(fields.map((f) => [f.name, f])), [fields]);
  const order = useMemo(() => new Map(fields.map((f, i) => [f.name, i])), [fields]);

  // Closing or reloading the window would lose what was not committed: the browser asks first.
  const waiting = changes.edits.length + changes.inserts.length + changes.deletes.length > 0;
  useEffect(() => {
    if (!waiting) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [waiting]);

  const editing = useMemo((): GridEditing | undefined => {
    if (!writable) return undefined;
    const field = (column: string) => byName.get(column);
    return {
      row(row) {
        const predicate = rowPredicate(inSchemaOrder(row.cells, order));
        if (predicate === undefined)
          return { blocked: UNNAMED_ROW, deleted: false, pending: NO_VALUES };
        if (isMarkedForDeletion(changes, predicate))
          return { blocked: MARKED_ROW, deleted: true, pending: NO_VALUES };
        const edit = changes.edits.find((e) => e.predicate === predicate);
        return { deleted: false, pending: edit?.values ?? NO_VALUES };
      },
      editable: (column) => {
        const f = field(column);
        return f !== undefined && editKindOf(f) !== undefined;
      },
      problem: (column, text) => {
        const f = field(column);
        return f ? checkEdit(text, f).problem : 'No such column';
      },
      hint: (column) => {
        const f = field(column);
        return f ? inputHint(f) : '';
      },
      notice: (column) => {
        const f = field(column);
        return f ? editNotice(f) : undefined;
      },
      keep(row, column, text) {
        const f = field(column);
        const predicate = rowPredicate(inSchemaOrder(row.cells, order));
        const cell = row.cells.find((c) => c.column.name === column)?.cell;
        if (!f || predicate === undefined || !cell) return;
        const checked = checkEdit(text, f);
        if (checked.problem !== undefined) return;
        update((current) =>
          // A row marked for deletion takes no edits (the editor does not open on it either).
          isMarkedForDeletion(current, predicate)
            ? current
            : withCellEdit(current, {
                predicate,
                row: row.index,
                column,
                value: checked.value,
                original: editText(cell),
              }),
        );
      },
    };
  }, [writable, byName, order, changes, update]);

  return { changes, update, editing };
}
