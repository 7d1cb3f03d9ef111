/**
 * A header pressed and dragged onto another: its column moves to that one's place. Pointer
 * events, so Electron and a browser tab behave alike. The press is followed on the window from
 * the moment it happens (not from an effect after the next render, which a quick drag outruns),
 * and the place is the header under the pointer where it is let go (none: nothing moves). A
 * press that does not travel stays a click, and sorts; the click that ends a move does not.
 */
import { useEffect, useRef, useState, type PointerEvent, type RefObject } from 'react';
import { edgeScroller } from './edge-scroll';

/** How far a pressed header travels before the press is a move rather than a click. */
const MOVE_THRESHOLD = 6;

export interface HeaderMove {
  name: string;
  target?: string;
}

export function useHeaderMove(
  row: RefObject<HTMLElement | null>,
  onMoveColumn: ((name: string, target: string) => void) | undefined,
) {
  // What the headers draw: the one moved and the one it would land on.
  const [shown, setShown] = useState<HeaderMove>();
  const swallowClick = useRef(false);
  const stop = useRef<(() => void) | undefined>(undefined);
  useEffect(() => () => stop.current?.(), []);

  const headerAt = (x: number, y: number) => {
    const header = document
      .elementFromPoint(x, y)
      ?.closest<HTMLElement>('[role="columnheader"][data-column]');
    return header && row.current?.contains(header) ? header.dataset.column : undefined;
  };

  const press = (name: string, e: PointerEvent<HTMLElement>) => {
    if (!onMoveColumn || e.button !== 0 || e.pointerType === 'touch') return;
    stop.current?.();
    const pointer = e.pointerId;
    const startX = e.clientX;
    let moving = false;
    let at = { x: e.clientX, y: e.clientY };
    const show = () => setShown({ name, target: headerAt(at.x, at.y) });
    const grid = row.current?.closest<HTMLElement>('[role="grid"]');
    const gutter = row.current?.querySelector('.grid-gutter')?.getBoundingClientRect().width ?? 0;
    // Held at an edge, the grid scrolls, and the header under the pointer changes with it.
    const edge = grid ? edgeScroller(grid, gutter, show) : undefined;
    const onMove = (ev: globalThis.PointerEvent) => {
      if (ev.pointerId !== pointer) return;
      if (!moving && Math.abs(ev.clientX - startX) <= MOVE_THRESHOLD) return;
      moving = true;
      at = { x: ev.clientX, y: ev.clientY };
      show();
      edge?.at(ev.clientX);
    };
    const onUp = (ev: globalThis.PointerEvent) => {
      if (ev.pointerId !== pointer) return;
      stop.current?.();
      if (!moving) return;
      swallowClick.current = true;
      // Cleared after the click that follows this release, if one does.
      setTimeout(() => (swallowClick.current = false), 0);
      // Let go anywhere but on a header (the row numbers, the rows), the column stays.
      const landing = ev.type === 'pointerup' ? headerAt(ev.clientX, ev.clientY) : undefined;
      if (landing && landing !== name) onMoveColumn(name, landing);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onUp);
    stop.current = () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onUp);
      edge?.stop();
      stop.current = undefined;
      setShown(undefined);
    };
  };

  /** For the row's click capture: true (once) for the click that ends a move. */
  const endsMove = () => {
    const swallow = swallowClick.current;
    swallowClick.current = false;
    return swallow;
  };

  return { shown, press, endsMove };
}
