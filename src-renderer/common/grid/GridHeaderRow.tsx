/**
 * The grid's header row. Where the grid's owner keeps a column layout, a header pressed and
 * dragged onto another moves its column there (pointer events, so Electron and a browser tab
 * behave alike); a press that does not travel stays a click, and sorts. A struct's header opens
 * its field menu on the press itself, so it moves from the column chooser or by Alt+←/→.
 */
import type { VirtualItem } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { GridHeaderCell } from './GridHeaderCell';
import './grid-columns.css';
import type { GridColumn } from './grid-model';
import type { GridView } from './use-table-data';

/** How far a pressed header travels before the press is a move rather than a click. */
const MOVE_THRESHOLD = 6;

interface Move {
  name: string;
  pointer: number;
  x: number;
  moving: boolean;
  target?: string;
}

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
  const [move, setMove] = useState<Move>();
  const row = useRef<HTMLDivElement>(null);
  // The click that ends a move is not a sort.
  const swallowClick = useRef(false);
  // A column moved by keys keeps the keyboard on its resize edge, wherever its header now is.
  const refocus = useRef<string | undefined>(undefined);

  const indexOf = (name: string) => columns.findIndex((c) => c.name === name);

  useEffect(() => {
    if (!move || !onMoveColumn) return;
    const headerAt = (x: number, y: number) => {
      const header = document
        .elementFromPoint(x, y)
        ?.closest<HTMLElement>('[role="columnheader"][data-column]');
      return header && row.current?.contains(header) ? header.dataset.column : undefined;
    };
    const onMove = (e: globalThis.PointerEvent) => {
      if (e.pointerId !== move.pointer) return;
      const moving = move.moving || Math.abs(e.clientX - move.x) > MOVE_THRESHOLD;
      if (!moving) return;
      const target = headerAt(e.clientX, e.clientY) ?? move.target;
      if (moving !== move.moving || target !== move.target) setMove({ ...move, moving, target });
    };
    const onUp = (e: globalThis.PointerEvent) => {
      if (e.pointerId !== move.pointer) return;
      if (move.moving) {
        swallowClick.current = true;
        // Cleared after the click that follows this release, if any does.
        setTimeout(() => (swallowClick.current = false), 0);
        if (move.target && move.target !== move.name) onMoveColumn(move.name, move.target);
      }
      setMove(undefined);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onUp);
    return () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onUp);
    };
  }, [move, onMoveColumn]);

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
    if (!move?.moving) return undefined;
    if (name === move.name) return 'dragged';
    if (name !== move.target) return undefined;
    return indexOf(move.name) < indexOf(name) ? 'after' : 'before';
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
          if (!swallowClick.current) return;
          swallowClick.current = false;
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
              onMovePress={
                onMoveColumn &&
                ((e: PointerEvent<HTMLDivElement>) => {
                  if (e.button !== 0 || e.pointerType === 'touch') return;
                  setMove({ name: column.name, pointer: e.pointerId, x: e.clientX, moving: false });
                })
              }
              moving={movingOf(column.name)}
            />
          );
        })}
      </div>
    </div>
  );
}
