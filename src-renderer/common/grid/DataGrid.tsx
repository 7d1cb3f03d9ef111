/**
 * The rows of a table of any size, drawn a screenful at a time. Columns are virtualized with
 * react-virtual; rows with fixed-height windowing of our own, because past ~33M px the scrollbar
 * has to be scaled (see scroll-scale) and react-virtual clamps to the element's real height.
 * Pages of PAGE_SIZE rows load as they come into view. Keyboard: arrows, Page Up/Down,
 * Home/End (Ctrl for rows), Enter opens the row. Given `editing`, F2 or a double-click edits the
 * focused cell in place (CellEditor) and pending values are drawn over the stored ones.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type Ref,
} from 'react';
import type { TableRef } from '../../api/query-keys';
import type { Cell, DecodedPage } from './cell-model';
import { CellView } from './CellView';
import { CellEditor } from './CellEditor';
import { editText, type GridEditing, type RowEditState } from './grid-editing';
import type { Highlight } from './highlight';
import { offsetToReveal, pagesCovering, scrollScale, visibleRows } from './scroll-scale';
import { PAGE_SIZE, usePages, type GridView, type PageState } from './use-table-data';
import { GridHeaderRow } from './GridHeaderRow';
import { columnKeys } from './column-keys';
import type { GridColumn, GridHandle, OpenedRow } from './grid-model';
import { useRowSelection } from './use-row-selection';
import { titleWhenCut } from './cut-title';
import { formatNumber } from '../../../src-shared/format';

export type { GridColumn, GridHandle, OpenedRow } from './grid-model';
export { MAX_SELECTED_ROWS } from './use-row-selection';

export const ROW_HEIGHT = 34;
const HEADER_HEIGHT = 32;
const GUTTER_WIDTH = 76;

const NONE_SELECTED: ReadonlySet<number> = new Set();
const NO_PAGES: readonly number[] = [];
const NO_COLUMNS: readonly GridColumn[] = [];

function cellOf(page: DecodedPage | undefined, row: number, column: string): Cell | undefined {
  if (!page) return undefined;
  const c = page.columns.indexOf(column);
  return c === -1 ? undefined : page.rows[row % PAGE_SIZE]?.[c];
}

export function DataGrid({
  tableRef,
  view,
  columns,
  rowCount,
  onOpenRow,
  openedRow,
  onPageError,
  onSort,
  selected = NONE_SELECTED,
  onSelect,
  handle,
  pageSource,
  highlight,
  editing,
  namingColumns = NO_COLUMNS,
  onResizeColumn,
  onMoveColumn,
}: {
  tableRef: TableRef;
  view: GridView;
  columns: GridColumn[];
  rowCount: number;
  onOpenRow: (row: OpenedRow) => void;
  /**
   * The row open beside the grid (the inspector's), if any: it is opened again whenever the
   * columns shown change, so that it shows what the grid shows.
   */
  openedRow?: number;
  onPageError: (error: unknown) => void;
  /**
   * A sortable column's header was clicked, or a struct's field chosen: the order by that path
   * (a column's name as a path, quoted where it must be) moves on (ascending, descending, none).
   */
  onSort?: (path: string) => void;
  /** The selected rows (Ctrl/Cmd+click, Shift+click for a range, Space on the focused row). */
  selected?: ReadonlySet<number>;
  onSelect?: (rows: ReadonlySet<number>) => void;
  handle?: Ref<GridHandle>;
  /**
   * Rows already in hand (a search's answer) instead of the table's pages: given the page
   * numbers in view, the pages it has.
   */
  pageSource?: (pageNumbers: readonly number[]) => Map<number, PageState>;
  /** Words to mark in text cells: a full-text search's. */
  highlight?: Highlight;
  /** Cells may be edited in place, their new values kept as pending (absent: read only). */
  editing?: GridEditing;
  /**
   * Columns the view reads but the grid does not show (hidden ones that name rows): their cells
   * join a row's for editing, so that its predicate is the one it had while they were shown.
   */
  namingColumns?: readonly GridColumn[];
  /** A column's header was resized (absent: headers have no resize edge). */
  onResizeColumn?: (name: string, width: number) => void;
  /** A column's header was moved onto another's place (absent: headers do not move). */
  onMoveColumn?: (name: string, target: string) => void;
}) {
  const id = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(600);
  const [focus, setFocus] = useState({ row: 0, col: 0 });
  // The cell being edited, and a cell that was asked to be and cannot, with the reason.
  const [editor, setEditor] = useState<{ row: number; col: number }>();
  const [refusal, setRefusal] = useState<{ row: number; col: number; why: string }>();
  // A programmatic jump remembers its exact virtual offset: the real scrollTop is rounded, and
  // on a scaled scrollbar one real pixel is many rows' worth of virtual pixels.
  const pin = useRef<{ real: number; virtual: number } | undefined>(undefined);

  const bodyViewport = Math.max(0, viewport - HEADER_HEIGHT);
  const scale = useMemo(
    () => scrollScale(rowCount * ROW_HEIGHT, bodyViewport),
    [rowCount, bodyViewport],
  );
  const virtualTop =
    pin.current && pin.current.real === scrollTop
      ? pin.current.virtual
      : scale.toVirtual(scrollTop);
  const { first, last } = visibleRows(virtualTop, bodyViewport, ROW_HEIGHT, rowCount);

  const pageNumbers = useMemo(() => pagesCovering(first, last, PAGE_SIZE), [first, last]);
  const tablePages = usePages(tableRef, view, pageSource ? NO_PAGES : pageNumbers);
  const pages = pageSource ? pageSource(pageNumbers) : tablePages;
  const firstError = [...pages.values()].find((p) => p.error)?.error;
  useEffect(() => onPageError(firstError), [firstError, onPageError]);

  const columnKey = useMemo(() => columnKeys(columns), [columns]);
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => columns[i]?.width ?? 120,
    getItemKey: columnKey,
    paddingStart: GUTTER_WIDTH,
    overscan: 3,
  });
  const virtualColumns = columnVirtualizer.getVirtualItems();
  const totalWidth = columnVirtualizer.getTotalSize();

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setViewport(el.clientHeight));
    observer.observe(el);
    setViewport(el.clientHeight);
    return () => observer.disconnect();
  }, []);

  const scrollToVirtual = useCallback(
    (target: number) => {
      const el = scrollRef.current;
      if (!el) return;
      el.scrollTop = scale.toReal(target);
      pin.current = { real: el.scrollTop, virtual: target };
      setScrollTop(el.scrollTop);
    },
    [scale],
  );

  const focusCell = useCallback(
    (row: number, col: number) => {
      const r = Math.max(0, Math.min(rowCount - 1, row));
      const c = Math.max(0, Math.min(columns.length - 1, col));
      setFocus({ row: r, col: c });
      const offset = offsetToReveal(r, virtualTop, bodyViewport, ROW_HEIGHT);
      if (offset !== undefined) scrollToVirtual(offset);
      columnVirtualizer.scrollToIndex(c);
    },
    [rowCount, columns.length, virtualTop, bodyViewport, scrollToVirtual, columnVirtualizer],
  );

  useImperativeHandle(
    handle,
    () => ({
      goToRow(row: number) {
        const r = Math.max(0, Math.min(rowCount - 1, row));
        const maxTop = Math.max(0, rowCount * ROW_HEIGHT - bodyViewport);
        scrollToVirtual(Math.min(r * ROW_HEIGHT, maxTop));
        setFocus((f) => ({ row: r, col: f.col }));
        scrollRef.current?.focus({ preventScroll: true });
      },
      focus() {
        scrollRef.current?.focus({ preventScroll: true });
      },
      editCell(row: number, column: string) {
        const col = columns.findIndex((c) => c.name === column);
        if (col !== -1) startEditRef.current(row, col);
      },
    }),
    [rowCount, bodyViewport, scrollToVirtual, columns],
  );

  // A new filter or column set starts at the top; the count may also shrink under the focus.
  // Keyed by content: a refetched schema must not throw the reader back to row 1.
  const viewKey = JSON.stringify(view);
  useEffect(() => {
    pin.current = undefined;
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
    setScrollTop(0);
    setFocus({ row: 0, col: 0 });
    setEditor(undefined);
    setRefusal(undefined);
  }, [viewKey]);

  const rowCells = (row: number, among: readonly GridColumn[] = columns): OpenedRow => {
    const page = pages.get(Math.floor(row / PAGE_SIZE))?.page;
    return {
      index: row,
      cells: among.flatMap((column) => {
        const cell = cellOf(page, row, column.name);
        return cell ? [{ column, cell }] : [];
      }),
    };
  };
  /** A row as its editing names it: the cells shown and the hidden ones that name it. */
  const namedColumns = useMemo(
    () => (namingColumns.length > 0 ? [...columns, ...namingColumns] : columns),
    [columns, namingColumns],
  );
  const namedRow = (row: number): OpenedRow => rowCells(row, namedColumns);

  /** Opens the editor on a cell, or says on it why it cannot be edited. */
  const startEdit = (row: number, col: number) => {
    const column = columns[col];
    if (!editing || !column || !editing.editable(column.name)) return;
    const opened = namedRow(row);
    if (!opened.cells.some((c) => c.column.name === column.name)) return;
    const why = editing.row(opened).blocked;
    setFocus({ row, col });
    if (why !== undefined) {
      setRefusal({ row, col, why });
      return;
    }
    setRefusal(undefined);
    setEditor({ row, col });
  };
  const startEditRef = useRef(startEdit);
  startEditRef.current = startEdit;

  const open = (row: number) => {
    const opened = rowCells(row);
    if (opened.cells.length === 0) return;
    onOpenRow(
      namingColumns.length > 0 ? { ...opened, naming: rowCells(row, namingColumns).cells } : opened,
    );
  };

  // A column hidden, shown or moved while a row is open changes the open row too, once its page
  // holds the columns now read (a column shown again may need the page read again).
  const openRef = useRef(open);
  openRef.current = open;
  const openedIndex = useRef(openedRow);
  openedIndex.current = openedRow;
  const openedPage =
    openedRow === undefined ? undefined : pages.get(Math.floor(openedRow / PAGE_SIZE))?.page;
  useEffect(() => {
    if (openedIndex.current !== undefined) openRef.current(openedIndex.current);
  }, [columns, namingColumns, openedPage]);

  const { toggleRow, selectRange } = useRowSelection(selected, onSelect);
  const onRowClick = (event: MouseEvent, row: number) => {
    if (onSelect && event.shiftKey) selectRange(row);
    else if (onSelect && (event.ctrlKey || event.metaKey)) toggleRow(row);
    else open(row);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const rowsPerScreen = Math.max(1, Math.floor(bodyViewport / ROW_HEIGHT) - 1);
    const { row, col } = focus;
    const moves: Record<string, () => void> = {
      ArrowDown: () => focusCell(row + 1, col),
      ArrowUp: () => focusCell(row - 1, col),
      ArrowRight: () => focusCell(row, col + 1),
      ArrowLeft: () => focusCell(row, col - 1),
      PageDown: () => focusCell(row + rowsPerScreen, col),
      PageUp: () => focusCell(row - rowsPerScreen, col),
      Home: () => (event.ctrlKey || event.metaKey ? focusCell(0, col) : focusCell(row, 0)),
      End: () =>
        event.ctrlKey || event.metaKey
          ? focusCell(rowCount - 1, col)
          : focusCell(row, columns.length - 1),
      Enter: () => open(row),
      F2: () => startEdit(row, col),
      ' ': () => toggleRow(row),
    };
    if (event.key !== 'F2') setRefusal(undefined);
    const move = moves[event.key];
    if (!move || rowCount === 0) return;
    event.preventDefault();
    move();
  };

  const cellId = (row: number, col: number) => `${id}-r${row}-c${col}`;
  /** The stored value behind a cell element, for its whole text on hover (not an edited one). */
  const hoveredValue = (el: HTMLElement): Cell | undefined => {
    const row = Number(el.closest('[role="row"]')?.getAttribute('aria-rowindex')) - 2;
    const column = columns[Number(el.getAttribute('aria-colindex')) - 1];
    if (!column || !(row >= 0) || el.classList.contains('pending-cell')) return undefined;
    return cellOf(pages.get(Math.floor(row / PAGE_SIZE))?.page, row, column.name);
  };
  const focusVisible = focus.row >= first && focus.row <= last;

  /** A kept value: the editor goes and the focus moves on as the key said. */
  const keepEdit = (row: number, col: number, text: string, move: -1 | 0 | 1 | undefined) => {
    const column = columns[col];
    if (editing && column) editing.keep(namedRow(row), column.name, text);
    setEditor(undefined);
    if (move === undefined) return;
    focusCell(row, col + move);
    scrollRef.current?.focus({ preventScroll: true });
  };

  const rows = [];
  for (let r = first; r <= last; r += 1) {
    const state: PageState | undefined = pages.get(Math.floor(r / PAGE_SIZE));
    const top = scrollTop + (r * ROW_HEIGHT - virtualTop);
    const edits: RowEditState | undefined =
      editing && state?.page ? editing.row(namedRow(r)) : undefined;
    rows.push(
      <div
        key={r}
        role="row"
        aria-rowindex={r + 2}
        aria-selected={onSelect ? selected.has(r) : undefined}
        className={[
          'grid-row',
          r === focus.row ? 'focused-row' : '',
          selected.has(r) ? 'selected-row' : '',
          edits?.deleted ? 'deleted-row' : '',
        ]
          .filter(Boolean)
          .join(' ')}
        style={{ top, height: ROW_HEIGHT, width: totalWidth }}
        onClick={(event) => onRowClick(event, r)}
      >
        <div className="grid-gutter" aria-hidden="true" style={{ width: GUTTER_WIDTH }}>
          {edits?.deleted ? '✕ ' : ''}
          {selected.has(r) ? '✓ ' : ''}
          {formatNumber(r + 1)}
        </div>
        {virtualColumns.map((vc) => {
          const column = columns[vc.index]!;
          const cell = cellOf(state?.page, r, column.name);
          const focused = r === focus.row && vc.index === focus.col;
          const pending =
            edits && Object.hasOwn(edits.pending, column.name)
              ? { value: edits.pending[column.name]! }
              : undefined;
          const inEditor = editor?.row === r && editor.col === vc.index && cell && editing;
          const refused = refusal?.row === r && refusal.col === vc.index ? refusal.why : undefined;
          return (
            <div
              key={vc.key}
              id={cellId(r, vc.index)}
              role="gridcell"
              aria-colindex={vc.index + 1}
              aria-selected={focused}
              // Said without colour too: the mark, and this for a screen reader.
              aria-description={pending ? 'edited, not committed yet' : undefined}
              className={[
                'grid-cell',
                focused ? 'focused' : '',
                pending ? 'pending-cell' : '',
                inEditor || refused ? 'editing-cell' : '',
              ]
                .filter(Boolean)
                .join(' ')}
              style={{ left: vc.start, width: vc.size }}
              onMouseDown={() => setFocus({ row: r, col: vc.index })}
              onDoubleClick={() => startEdit(r, vc.index)}
            >
              {inEditor ? (
                <CellEditor
                  initial={(pending ? pending.value : editText(cell)) ?? ''}
                  label={`${column.name} of row ${formatNumber(r + 1)}`}
                  hint={editing.hint(column.name)}
                  notice={editing.notice(column.name)}
                  problem={(text) => editing.problem(column.name, text)}
                  onKeep={(text, move) => keepEdit(r, vc.index, text, move)}
                  onCancel={() => {
                    setEditor(undefined);
                    scrollRef.current?.focus({ preventScroll: true });
                  }}
                />
              ) : pending ? (
                <>
                  <span className="pending-mark" aria-hidden="true">
                    ✎
                  </span>
                  {pending.value === null ? (
                    <span className="cell-null">null</span>
                  ) : (
                    // A number stays on the right, where the column's numbers are.
                    <span className={cell?.kind === 'number' ? 'cell-number' : 'cell-text'}>
                      {pending.value}
                    </span>
                  )}
                </>
              ) : cell ? (
                <CellView cell={cell} highlight={highlight} />
              ) : (
                <span className="cell-loading" aria-label="Loading" />
              )}
              {refused !== undefined && (
                <span className="cell-editor-problem" role="status">
                  {refused}
                </span>
              )}
            </div>
          );
        })}
      </div>,
    );
  }

  return (
    <div
      ref={scrollRef}
      className="grid"
      role="grid"
      aria-label={`Rows of ${tableRef.table}`}
      aria-rowcount={rowCount + 1}
      aria-colcount={columns.length}
      aria-activedescendant={focusVisible ? cellId(focus.row, focus.col) : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      onMouseOver={(event) => titleWhenCut(event, hoveredValue)}
    >
      <GridHeaderRow
        columns={columns}
        virtualColumns={virtualColumns}
        totalWidth={totalWidth}
        height={HEADER_HEIGHT}
        gutterWidth={GUTTER_WIDTH}
        sort={view.sort}
        onSort={onSort}
        onResizeColumn={onResizeColumn}
        onMoveColumn={onMoveColumn}
      />
      <div
        role="rowgroup"
        className="grid-body"
        style={{ height: scale.realHeight, width: totalWidth }}
      >
        {rows}
      </div>
    </div>
  );
}
