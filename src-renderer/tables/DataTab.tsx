/**
 * The table's rows: a SQL filter, a column chooser, jumps by row number, the virtualized grid
 * and a row inspector. The filter and column choice form the grid's view, which keys its pages.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { TableRef } from '../api/query-keys';
import { useTableDescription } from '../api/catalog-queries';
import { ErrorMessage } from '../common/ErrorMessage';
import type { JsonArrowField } from '../../src-shared/vocabulary/json-arrow-types';
import { ColumnChooser } from './ColumnChooser';
import { columnWidth } from '../common/grid/column-layout';
import {
  DataGrid,
  type GridColumn,
  type GridHandle,
  type OpenedRow,
} from '../common/grid/DataGrid';
import { shownCells } from '../common/grid/grid-model';
import { RowInspector } from '../common/grid/RowInspector';
import { namingColumnNames } from './naming-columns';
import { SelectionBar } from './SelectionBar';
import { PendingBar } from './pending/PendingBar';
import { useGridEditing } from './pending/use-grid-editing';
import { typeLabel } from '../common/schema/schema-tree';
import { useRowCount, type GridView } from '../common/grid/use-table-data';
import { useColumnLayout } from '../common/grid/use-column-layout';
import { arrangeColumns } from '../common/grid/column-prefs';
import { isSortableColumn, sortColumnOf, structSortPaths } from '../common/grid/sortable-fields';
import { useWorkspace } from '../state/workspace';
import { takeFilter, useHandedFilter } from '../state/table-handoffs';
import { formatFieldPath } from '../../src-shared/vocabulary/field-paths';
import { formatNumber } from '../../src-shared/format';

const NO_FIELDS: readonly JsonArrowField[] = [];

/** Types that hold more than one value a row: LanceDB orders rows by single values only. */
export function DataTab({ tableRef, writable }: { tableRef: TableRef; writable: boolean }) {
  const ws = useWorkspace();
  const description = useTableDescription(tableRef);
  // The same empty list while nothing is loaded: a new [] each render would make a new view each
  // render, and the effects keyed on it would never settle.
  const fields = (description.data?.schema.fields ?? NO_FIELDS) as JsonArrowField[];
  const allNames = useMemo(() => fields.map((f) => f.name), [fields]);

  // Order, widths and hidden columns, as last left for this table (kept across sessions).
  const layout = useColumnLayout(tableRef, allNames);
  const hidden = layout.hidden;
  const [draft, setDraft] = useState('');
  const [filter, setFilter] = useState('');
  const [goTo, setGoTo] = useState('');
  const [opened, setOpened] = useState<OpenedRow>();
  const [pageError, setPageError] = useState<unknown>();
  const grid = useRef<GridHandle>(null);
  // Cells edited in place and new rows, pending until committed together (none for a reader).
  const pending = useGridEditing(tableRef, fields, writable);

  const columns: GridColumn[] = useMemo(
    () =>
      fields
        .filter((f) => !hidden.has(f.name))
        .map((f) => ({
          name: f.name,
          typeLabel: typeLabel(f),
          width: columnWidth(f),
          sortable: isSortableColumn(f),
          sortPaths: structSortPaths(f),
        })),
    [fields, hidden],
  );
  // Hidden columns that name rows: read, not shown (naming-columns.ts).
  const naming = useMemo(
    () => namingColumnNames(fields, hidden, writable),
    [fields, hidden, writable],
  );
  const namingColumns: GridColumn[] = useMemo(
    () =>
      fields
        .filter((f) => naming.has(f.name))
        .map((f) => ({ name: f.name, typeLabel: typeLabel(f), width: columnWidth(f) })),
    [fields, naming],
  );
  // In the layout's order for the grid only: the view (the pages read, the sort's tie-breaks)
  // keeps the schema's, so moving or resizing a column reads nothing again.
  const gridColumns = useMemo(() => arrangeColumns(columns, layout), [columns, layout]);
  const [sort, setSort] = useState<GridView['sort']>();
  const view: GridView = useMemo(
    () => ({
      // Every column unless some are hidden and not read; in the schema's order.
      ...(hidden.size > naming.size
        ? {
            columns: fields
              .filter((f) => !hidden.has(f.name) || naming.has(f.name))
              .map((f) => f.name),
          }
        : {}),
      filter,
      // A hidden column no longer orders the rows; the other sortable columns shown break ties.
      ...(sort && !hidden.has(sortColumnOf(sort.column))
        ? {
            sort: {
              ...sort,
              then: columns
                .filter((c) => c.sortable && c.name !== sortColumnOf(sort.column))
                .map((c) => formatFieldPath([c.name])),
            },
          }
        : {}),
    }),
    [fields, hidden, naming, columns, filter, sort],
  );
  /** Ascending, then descending, then the table's own order. */
  const cycleSort = useCallback((column: string) => {
    setSort((current) =>
      current?.column !== column
        ? { column, ascending: true }
        : current.ascending
          ? { column, ascending: false }
          : undefined,
    );
    setOpened(undefined);
    setPageError(undefined);
  }, []);
  const count = useRowCount(tableRef, filter);
  const total = description.data?.rowCount;
  // A new version (an edit, a delete, another writer) makes an opened row's snapshot old news,
  // and row numbers may now name other rows: the selection goes too, as with a new view.
  const version = description.data?.version;
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => setOpened(undefined), [version]);
  // Row numbers name other rows once the order changes (a filter applied or cleared, a sort, a
  // hidden column that ordered or broke ties): the opened row goes, as with a new version. Only
  // columns shown or hidden keep it, and the grid opens it again with them.
  const rowOrder = JSON.stringify([view.filter, view.sort ?? null]);
  useEffect(() => setOpened(undefined), [rowOrder]);
  useEffect(() => setSelected(new Set()), [version, view]);
  const rowCount = count.data;
  const onPageError = useCallback((error: unknown) => setPageError(error), []);
  // A filter handed over by another tab (the map's lasso) replaces the one typed here.
  const handed = useHandedFilter(tableRef);
  useEffect(() => {
    if (!handed) return;
    takeFilter(tableRef);
    setDraft(handed.predicate);
    setFilter(handed.predicate);
    setPageError(undefined);
    setOpened(undefined);
  }, [handed, tableRef]);

  if (description.isPending) return <p className="muted">Loading…</p>;
  if (!description.data) return <ErrorMessage error={description.error} />;

  const applyFilter = (e: FormEvent) => {
    e.preventDefault();
    setFilter(draft.trim());
    setPageError(undefined);
    setOpened(undefined);
  };
  const jump = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(goTo.replaceAll(',', ''));
    if (Number.isInteger(n) && n >= 1) grid.current?.goToRow(n - 1);
  };
  const error = count.error ?? pageError;

  return (
    <div className="data-tab">
      <div className="data-toolbar">
        <form role="search" className="filter-form" onSubmit={applyFilter}>
          <input
            className="mono filter-input"
            aria-label="Filter rows (SQL WHERE)"
            placeholder="SQL filter, e.g. id > 100 AND category = 'c1'"
            value={draft}
            spellCheck={false}
            aria-invalid={Boolean(count.error)}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="primary">
            Apply
          </button>
          {filter && (
            <button
              type="button"
              onClick={() => {
                setDraft('');
                setFilter('');
                setPageError(undefined);
              }}
            >
              Clear
            </button>
          )}
        </form>
        <ColumnChooser
          all={layout.order}
          visible={new Set(layout.order.filter((n) => !hidden.has(n)))}
          onChange={(visible) =>
            layout.setHidden(new Set(layout.order.filter((n) => !visible.has(n))))
          }
          onMove={layout.move}
          onReset={layout.reset}
          customized={layout.customized}
        />
        <div className="row jump">
          <button type="button" disabled={!rowCount} onClick={() => grid.current?.goToRow(0)}>
            First rows
          </button>
          <button
            type="button"
            disabled={!rowCount}
            onClick={() => grid.current?.goToRow((rowCount ?? 1) - 1)}
          >
            Last rows
          </button>
          <button
            type="button"
            disabled={!rowCount}
            onClick={() => ws.openDialog({ kind: 'export-table', table: tableRef, filter })}
          >
            Export…
          </button>
          <form className="row" onSubmit={jump}>
            <input
              className="goto-input"
              aria-label="Go to row number"
              inputMode="numeric"
              placeholder="Row #"
              value={goTo}
              onChange={(e) => setGoTo(e.target.value)}
            />
            <button type="submit" disabled={!rowCount}>
              Go
            </button>
          </form>
        </div>
        <span className="spacer" />
        <span className="muted" data-testid="data-row-count" aria-live="polite">
          {count.isPending
            ? 'Counting…'
            : rowCount === undefined
              ? ''
              : filter && total !== undefined
                ? `${formatNumber(rowCount)} of ${formatNumber(total)} rows match`
                : `${formatNumber(rowCount)} rows`}
        </span>
      </div>
      <ErrorMessage error={error} label={filter ? 'Filter error' : 'Data error'} />
      {writable && (
        <PendingBar
          table={tableRef}
          fields={fields}
          changes={pending.changes}
          update={pending.update}
          duplicable={opened}
        />
      )}
      {selected.size > 0 && (
        <SelectionBar
          table={tableRef}
          view={view}
          columns={columns}
          namingColumns={namingColumns}
          selected={selected}
          writable={writable}
          pending={writable ? pending : undefined}
          onClear={() => setSelected(new Set())}
        />
      )}
      <div className="data-body">
        {rowCount === undefined ? (
          count.isPending && <p className="muted">Loading…</p>
        ) : rowCount === 0 ? (
          <p className="empty-state">
            {filter ? 'No rows match the filter.' : 'This table has no rows.'}
          </p>
        ) : (
          <DataGrid
            handle={grid}
            tableRef={tableRef}
            view={view}
            columns={gridColumns}
            namingColumns={namingColumns}
            onResizeColumn={layout.resize}
            onMoveColumn={layout.move}
            rowCount={rowCount}
            onOpenRow={setOpened}
            openedRow={opened?.index}
            onPageError={onPageError}
            onSort={cycleSort}
            selected={selected}
            onSelect={setSelected}
            editing={pending.editing}
          />
        )}
        {opened && (
          <RowInspector
            row={shownCells(opened, gridColumns)}
            table={tableRef}
            writable={writable}
            edit={
              pending.editing && {
                can: pending.editing.editable,
                start: (column) => grid.current?.editCell(opened.index, column),
              }
            }
            onClose={() => {
              setOpened(undefined);
              // Back to the grid, where the keyboard left off.
              grid.current?.focus();
            }}
          />
        )}
      </div>
    </div>
  );
}
