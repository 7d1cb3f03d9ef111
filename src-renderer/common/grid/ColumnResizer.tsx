/**
 * A header's right edge, which sizes its column: dragged with the pointer, fitted to what the
 * column shows by a double-click, or, focused, by keys (a window splitter, as ARIA describes
 * it): ←/→ narrow or widen by 10 px (Shift: 50), Enter fits, Alt+←/→ moves the column itself.
 */
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from './column-prefs';
import { fittedWidth } from './fit-width';

const STEP = 10;
const BIG_STEP = 50;

export const RESIZER_HELP =
  'Drag to resize, double-click to fit. Keys: ←/→ resize (Shift: more), Enter fits, Alt+←/→ moves the column';

export function ColumnResizer({
  column,
  width,
  onResize,
  onMoveBy,
}: {
  column: string;
  width: number;
  onResize: (width: number) => void;
  onMoveBy?: (delta: -1 | 1) => void;
}) {
  const drag = useRef<{ pointer: number; x: number; width: number } | undefined>(undefined);
  const header = (el: Element) => el.closest<HTMLElement>('[role="columnheader"]');

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    // The header row would take this for the start of a column move.
    e.stopPropagation();
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { pointer: e.pointerId, x: e.clientX, width };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (d?.pointer === e.pointerId) onResize(d.width + e.clientX - d.x);
  };
  const onPointerEnd = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointer !== e.pointerId) return;
    drag.current = undefined;
    e.currentTarget.releasePointerCapture(e.pointerId);
  };
  const fit = (el: Element) => {
    const h = header(el);
    if (h) onResize(fittedWidth(h));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const direction = e.key === 'ArrowLeft' ? -1 : e.key === 'ArrowRight' ? 1 : 0;
    if (direction && e.altKey) onMoveBy?.(direction);
    else if (direction) onResize(width + direction * (e.shiftKey ? BIG_STEP : STEP));
    else if (e.key === 'Enter') fit(e.currentTarget);
    else return;
    // The grid's own keys (arrows move its focused cell) stay out of it.
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${column}`}
      aria-valuenow={Math.round(width)}
      aria-valuemin={MIN_COLUMN_WIDTH}
      aria-valuemax={MAX_COLUMN_WIDTH}
      title={RESIZER_HELP}
      tabIndex={0}
      className="column-resizer"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onDoubleClick={(e) => fit(e.currentTarget)}
      onKeyDown={onKeyDown}
    />
  );
}
