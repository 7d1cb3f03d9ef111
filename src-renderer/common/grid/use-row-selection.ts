/**
 * The grid's row selection: Ctrl/Cmd+click or Space toggles a row, Shift+click selects the range
 * from the last toggled row. The owner keeps the set; this only computes the next one.
 */
import { useRef } from 'react';

/** A selection is for copying or changing rows by hand: a range is capped at this many. */
export const MAX_SELECTED_ROWS = 1_000;

export function useRowSelection(
  selected: ReadonlySet<number>,
  onSelect: ((rows: ReadonlySet<number>) => void) | undefined,
) {
  const anchor = useRef<number | undefined>(undefined);
  const toggleRow = (row: number) => {
    if (!onSelect) return;
    const next = new Set(selected);
    if (next.has(row)) next.delete(row);
    else if (next.size < MAX_SELECTED_ROWS) next.add(row);
    anchor.current = row;
    onSelect(next);
  };
  const selectRange = (row: number) => {
    if (!onSelect) return;
    const from = anchor.current ?? row;
    const [low, high] = from < row ? [from, row] : [row, from];
    const next = new Set<number>();
    for (let r = low; r <= high && next.size < MAX_SELECTED_ROWS; r += 1) next.add(r);
    onSelect(next);
  };
  return { toggleRow, selectRange };
}
