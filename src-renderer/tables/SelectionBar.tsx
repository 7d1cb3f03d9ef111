/**
 * What can be done with the grid's selected rows: copy them as TSV or JSON, export them to a file
 * (named by the same predicate a delete uses), delete them at once behind the confirmation that
 * shows the generated `delete`, or mark them for deletion among the table's pending changes,
 * written with the next commit (again to unmark them).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TableRef } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { useWorkspace } from '../state/workspace';
import { copyText } from '../common/clipboard';
import type { GridColumn } from '../common/grid/DataGrid';
import {
  rowPredicate,
  rowsAsJson,
  rowsAsTsv,
  rowsPredicate,
  type RowCell,
} from '../common/grid/row-predicate';
import { PAGE_SIZE, pageQuery, type GridView } from '../common/grid/use-table-data';
import { formatNumber } from '../../src-shared/format';
import {
  isMarkedForDeletion,
  withDeletesToggled,
  type PendingChanges,
  type PendingDelete,
} from './pending/pending-changes';

const NO_COLUMNS: readonly GridColumn[] = [];

export function SelectionBar({
  table,
  view,
  columns,
  namingColumns = NO_COLUMNS,
  selected,
  writable,
  pending,
  onClear,
}: {
  table: TableRef;
  view: GridView;
  /** The columns shown, in the schema's order. */
  columns: readonly GridColumn[];
  /** Hidden columns the view still reads because they name rows (DataTab.tsx). */
  namingColumns?: readonly GridColumn[];
  selected: ReadonlySet<number>;
  writable: boolean;
  /** The table's pending changes, which marked rows join (absent for a reader). */
  pending?: {
    changes: PendingChanges;
    update: (change: (current: PendingChanges) => PendingChanges) => void;
  };
  onClear: () => void;
}) {
  const ws = useWorkspace();
  const call = useCall();
  const client = useQueryClient();
  const [status, setStatus] = useState<string>();

  // The rows as the grid has them (its pages, kept a minute after scrolling past), or read with
  // the grid's very query: a predicate then names the rows the person saw and chose.
  // A row's cells with the hidden ones that name it: its predicates are the grid's own.
  const readRows = async (): Promise<RowCell[][]> => (await readIndexedRows()).map((r) => r.cells);
  const readIndexedRows = async (): Promise<Array<{ index: number; cells: RowCell[] }>> => {
    const named = new Map([...columns, ...namingColumns].map((c) => [c.name, c]));
    const out: Array<{ index: number; cells: RowCell[] }> = [];
    const pages = new Map<number, Awaited<ReturnType<typeof fetchPage>>>();
    const fetchPage = (n: number) => client.fetchQuery(pageQuery(call, table, view, n));
    for (const r of [...selected].sort((a, b) => a - b)) {
      const n = Math.floor(r / PAGE_SIZE);
      if (!pages.has(n)) pages.set(n, await fetchPage(n));
      const page = pages.get(n)!;
      const row = page.rows[r % PAGE_SIZE];
      if (!row) continue;
      // In the page's order, the schema's, as the grid's own predicates (use-grid-editing.ts).
      out.push({
        index: r,
        cells: page.columns.flatMap((name, i) => {
          const column = named.get(name);
          return column ? [{ column, cell: row[i]! }] : [];
        }),
      });
    }
    return out;
  };

  const copy = async (as: 'tsv' | 'json') => {
    setStatus('Reading…');
    try {
      // What is copied is what is shown.
      const shown = new Set(columns.map((c) => c.name));
      const rows = (await readRows()).map((cells) => cells.filter((c) => shown.has(c.column.name)));
      const done = await copyText(as === 'tsv' ? rowsAsTsv(rows) : rowsAsJson(rows));
      setStatus(done ? `Copied ${rows.length} rows as ${as.toUpperCase()}` : 'Copy failed');
    } catch (error) {
      setStatus(`Could not read the rows: ${(error as Error).message}`);
    }
  };

  const exportSelected = async () => {
    setStatus('Reading…');
    try {
      const { predicate, why } = rowsPredicate(await readRows());
      if (predicate === undefined) {
        setStatus(`${why}; export the filter instead`);
        return;
      }
      setStatus(undefined);
      ws.openDialog({
        kind: 'export-table',
        table,
        filter: view.filter ?? '',
        selection: { predicate, rows: selected.size },
      });
    } catch (error) {
      setStatus(`Could not read the rows: ${(error as Error).message}`);
    }
  };

  const remove = async () => {
    setStatus('Reading…');
    try {
      const { predicate, why } = rowsPredicate(await readRows());
      if (predicate === undefined) {
        setStatus(`${why}; it cannot be deleted here`);
        return;
      }
      setStatus(undefined);
      ws.openDialog({ kind: 'delete-rows', table, predicate, rows: selected.size });
    } catch (error) {
      setStatus(`Could not read the rows: ${(error as Error).message}`);
    }
  };

  const toggleDeletion = async () => {
    if (!pending) return;
    setStatus('Reading…');
    try {
      const marks: PendingDelete[] = [];
      for (const { index, cells } of await readIndexedRows()) {
        const predicate = rowPredicate(cells);
        if (predicate === undefined) {
          setStatus(
            `Row ${formatNumber(index + 1)} has no value that names it exactly (only floats, vectors or nested values), so it cannot be marked for deletion`,
          );
          return;
        }
        marks.push({ predicate, row: index });
      }
      let unmarking = false;
      pending.update((current) => {
        unmarking =
          marks.length > 0 && marks.every((m) => isMarkedForDeletion(current, m.predicate));
        return withDeletesToggled(current, marks);
      });
      const rows = `${formatNumber(marks.length)} row${marks.length === 1 ? '' : 's'}`;
      setStatus(
        unmarking
          ? `${rows} no longer marked for deletion`
          : `${rows} marked for deletion: Commit deletes ${marks.length === 1 ? 'it' : 'them'}`,
      );
    } catch (error) {
      setStatus(`Could not read the rows: ${(error as Error).message}`);
    }
  };

  return (
    <div className="selection-bar" role="toolbar" aria-label="Selected rows">
      <strong>
        {formatNumber(selected.size)} row{selected.size === 1 ? '' : 's'} selected
      </strong>
      <button type="button" onClick={() => void copy('tsv')}>
        Copy TSV
      </button>
      <button type="button" onClick={() => void copy('json')}>
        Copy JSON
      </button>
      <button type="button" onClick={() => void exportSelected()}>
        Export…
      </button>
      {writable && (
        <button type="button" className="danger" onClick={() => void remove()}>
          Delete…
        </button>
      )}
      {writable && pending && (
        <button
          type="button"
          title="Mark the selected rows for deletion (again: unmark them); Commit deletes them with the other pending changes"
          onClick={() => void toggleDeletion()}
        >
          Mark for deletion
        </button>
      )}
      <button type="button" onClick={onClear}>
        Clear selection
      </button>
      {status && (
        <span className="muted" role="status">
          {status}
        </span>
      )}
    </div>
  );
}
