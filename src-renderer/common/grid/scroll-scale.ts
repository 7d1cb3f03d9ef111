/**
 * Browsers cap an element's height (Chromium near 33.5M px), so 10M rows of 34 px cannot be laid
 * out one pixel per pixel. Above a safe height the scrollbar is mapped linearly onto the virtual
 * height: the scrollable ranges match end to end, so the top shows row 0 and the bottom the last.
 */
export const MAX_REAL_HEIGHT = 10_000_000;

export interface ScrollScale {
  /** The height the scroll container's content is given. */
  realHeight: number;
  toVirtual(realOffset: number): number;
  toReal(virtualOffset: number): number;
}

export function scrollScale(virtualHeight: number, viewportHeight: number): ScrollScale {
  if (virtualHeight <= MAX_REAL_HEIGHT) {
    return { realHeight: virtualHeight, toVirtual: (o) => o, toReal: (o) => o };
  }
  const realRange = Math.max(1, MAX_REAL_HEIGHT - viewportHeight);
  const virtualRange = Math.max(1, virtualHeight - viewportHeight);
  const ratio = virtualRange / realRange;
  return {
    realHeight: MAX_REAL_HEIGHT,
    toVirtual: (o) => Math.min(virtualRange, Math.max(0, o * ratio)),
    toReal: (o) => Math.min(realRange, Math.max(0, o / ratio)),
  };
}

/** The page numbers (offset / pageSize) that cover rows first..last inclusive. */
export function pagesCovering(first: number, last: number, pageSize: number): number[] {
  if (last < first || last < 0) return [];
  const pages: number[] = [];
  for (
    let p = Math.floor(Math.max(0, first) / pageSize);
    p <= Math.floor(last / pageSize);
    p += 1
  ) {
    pages.push(p);
  }
  return pages;
}

/** Rows first..last (inclusive) drawn for a viewport at `virtualTop`, with `overscan` either side. */
export function visibleRows(
  virtualTop: number,
  viewportHeight: number,
  rowHeight: number,
  rowCount: number,
  overscan = 4,
): { first: number; last: number } {
  if (rowCount === 0) return { first: 0, last: -1 };
  const first = Math.max(0, Math.floor(virtualTop / rowHeight) - overscan);
  const last = Math.min(
    rowCount - 1,
    Math.floor((virtualTop + Math.max(0, viewportHeight)) / rowHeight) + overscan,
  );
  return { first, last };
}

/** Where the viewport must move (virtual px) so row `index` is fully visible; undefined if it is. */
export function offsetToReveal(
  index: number,
  virtualTop: number,
  viewportHeight: number,
  rowHeight: number,
): number | undefined {
  const top = index * rowHeight;
  if (top < virtualTop) return top;
  if (top + rowHeight > virtualTop + viewportHeight) return top + rowHeight - viewportHeight;
  return undefined;
}
