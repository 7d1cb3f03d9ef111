/**
 * What can be done with the grid's selected rows: copy them as TSV or JSON, or delete them behind
 * the confirmation that shows the generated `delete`. The rows are read again for it (a selection
 * may reach rows scrolled out of the grid's pages), in the grid's own view and order.
 */
import { useState } from 'react';
import type { TableRef } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { tableInput } from '../api/table-input';
import { useWorkspace } from '../state/workspace';
import { copyText } from './clipboard';
import type { GridColumn } from './DataGrid';
import { decodeArrowPage } from './decode-client';
import { rowsAsJson, rowsAsTsv, rowsPredicate, type RowCell } from './row-predicate';
import { readColumns, type GridView } from './use-table-data';

/** Runs of consecutive row numbers: [start, length] each. */
function runsOf(rows: ReadonlySet<number>): Array<[number, number]> {
  const sorted = [...rows].sort((a, b) => a - b);
  const runs: Array<[number, number]> = [];
  for (const r of sorted) {
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === r) last[1] += 1;
    else runs.push([r, 1]);
  }
  return runs;
}

export function SelectionBar({
  table,
  view,
  columns,
  selected,
  writable,
  onClear,
}: {
  table: TableRef;
  view: GridView;
  columns: readonly GridColumn[];
  selected: ReadonlySet<number>;
  writable: boolean;
  onClear: () => void;
}) {
  const ws = useWorkspace();
  const call = useCall();
  const [status, setStatus] = useState<string>();

  const readRows = async (): Promise<RowCell[][]> => {
    const shown = new Map(columns.map((c) => [c.name, c]));
    const out: RowCell[][] = [];
    for (const [offset, limit] of runsOf(selected)) {
      const wanted = readColumns(view);
      const page = await decodeArrowPage(
        await call('tables:page', {
          ...tableInput(table),
          offset,
          limit,
          ...(wanted ? { columns: wanted } : {}),
          ...(view.filter ? { filter: view.filter } : {}),
          ...(view.sort
            ? { orderBy: [{ column: view.sort.column, ascending: view.sort.ascending }] }
            : {}),
        }),
      );
      for (const row of page.rows) {
        out.push(
          page.columns.flatMap((name, i) => {
            const column = shown.get(name);
            return column ? [{ column, cell: row[i]! }] : [];
          }),
        );
      }
    }
    return out;
  };

  const copy = async (as: 'tsv' | 'json') => {
    setStatus('Reading…');
    try {
      const rows = await readRows();
      const done = await copyText(as === 'tsv' ? rowsAsTsv(rows) : rowsAsJson(rows));
      setStatus(done ? `Copied ${rows.length} rows as ${as.toUpperCase()}` : 'Copy failed');
    } catch (error) {
      setStatus(`Could not read the rows: ${(error as Error).message}`);
    }
  };

  const remove = async () => {
    setStatus('Reading…');
    try {
      const predicate = rowsPredicate(await readRows());
      if (!predicate) {
        setStatus('A selected row has no value that names it exactly; it cannot be deleted here');
        return;
      }
      setStatus(undefined);
      ws.openDialog({ kind: 'delete-rows', table, predicate, rows: selected.size });
    } catch (error) {
      setStatus(`Could not read the rows: ${(error as Error).message}`);
    }
  };

  return (
    <div className="selection-bar" role="toolbar" aria-label="Selected rows">
      <strong>
        {selected.size.toLocaleString('en-US')} row{selected.size === 1 ? '' : 's'} selected
      </strong>
      <button type="button" onClick={() => void copy('tsv')}>
        Copy TSV
      </button>
      <button type="button" onClick={() => void copy('json')}>
        Copy JSON
      </button>
      {writable && (
        <button type="button" className="danger" onClick={() => void remove()}>
          Delete…
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
