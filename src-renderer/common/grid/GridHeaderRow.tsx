/**
 * The grid's header row. Where the grid's owner keeps a column layout, headers have a resize
 * edge and move by a drag onto another (use-header-move). A struct's header opens its field menu
 * on the press itself, so it moves from the column chooser or by Alt+←/→ on its edge.
 */
import type { VirtualItem } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef } from 'react';
import { GridHeaderCell } from './GridHeaderCell';
import './grid-columns.css';
import type { GridColumn } from './grid-model';
import type { GridView } from './use-table-data';
import { useHeaderMove } from './use-header-move';

export function GridHeaderRow({
  columns,
  virtualColumns,
  totalWidth,
  height,
  gutterWidth,
  sort,
  onSort,
  onResizeColumn,
  onMoveColumn,
}: {
  columns: readonly GridColumn[];
  virtualColumns: readonly VirtualItem[];
  totalWidth: number;
  height: number;
  gutterWidth: number;
  sort: GridView['sort'];
  onSort: ((path: string) => void) | undefined;
  onResizeColumn?: (name: string, width: number) => void;
  onMoveColumn?: (name: string, target: string) => void;
}) {
  const row = useRef<HTMLDivElement>(null);
  const move = useHeaderMove(row, onMoveColumn);
  // A column moved by keys keeps the keyboard on its resize edge, wherever its header now is.
  const refocus = useRef<string | undefined>(undefined);

  const indexOf = (name: string) => columns.findIndex((c) => c.name === name);

  useLayoutEffect(() => {
    const name = refocus.current;
    if (name === undefined) return;
    refocus.current = undefined;
    const header = [...(row.current?.querySelectorAll('[data-column]') ?? [])].find(
      (el) => el.getAttribute('data-column') === name,
    );
    header?.querySelector<HTMLElement>('[role="separator"]')?.focus({ preventScroll: true });
  });

  const movingOf = (name: string): 'dragged' | 'before' | 'after' | undefined => {
    const shown = move.shown;
    if (!shown) return undefined;
    if (name === shown.name) return 'dragged';
    if (name !== shown.target) return undefined;
    return indexOf(shown.name) < indexOf(name) ? 'after' : 'before';
  };

  return (
    <div role="rowgroup" className="grid-head" style={{ width: totalWidth, height }}>
      <div
        ref={row}
        role="row"
        aria-rowindex={1}
        className="grid-row"
        style={{ width: totalWidth }}
        onClickCapture={(e) => {
          if (!move.endsMove()) return;
          e.stopPropagation();
          e.preventDefault();
        }}
      >
        <div className="grid-gutter" aria-hidden="true" style={{ width: gutterWidth }}>
          #
        </div>
        {virtualColumns.map((vc) => {
          const column = columns[vc.index]!;
          const moveBy = (delta: -1 | 1) => {
            const target = columns[vc.index + delta];
            if (!target || !onMoveColumn) return;
            refocus.current = column.name;
            onMoveColumn(column.name, target.name);
          };
          return (
            <GridHeaderCell
              key={vc.key}
              column={column}
              index={vc.index}
              left={vc.start}
              width={vc.size}
              sort={sort}
              onSort={onSort}
              onResize={onResizeColumn && ((width) => onResizeColumn(column.name, width))}
              onMoveBy={onMoveColumn && moveBy}
              onMovePress={onMoveColumn && ((e) => move.press(column.name, e))}
              moving={movingOf(column.name)}
            />
          );
        })}
      </div>
    </div>
  );
}
