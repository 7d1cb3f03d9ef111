/**
 * The width a column needs for what it shows now: its header and the cells drawn on screen (the
 * grid draws a screenful, so those are the ones a person is looking at when they ask for a fit).
 * Text is measured with a Range, whose box is the laid-out text itself: a cell's own box is as
 * wide as the column, and a cut child reports the width it was given, not the one it wants.
 */
import { clampWidth } from './column-prefs';

/** The width of `parts`' laid-out content, plus the padding of `cell` they sit in. */
function contentWidth(cell: Element, parts: Iterable<Element>): number {
  let width = 0;
  for (const part of parts) {
    const range = document.createRange();
    range.selectNodeContents(part);
    width = Math.max(width, range.getBoundingClientRect().width);
  }
  const style = getComputedStyle(cell);
  return width + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
}

/** The fitted width of the column whose header is `header` (a `columnheader` in a `grid`). */
export function fittedWidth(header: HTMLElement): number {
  const grid = header.closest('[role="grid"]');
  const index = header.getAttribute('aria-colindex');
  const cells =
    grid && index ? grid.querySelectorAll(`[role="gridcell"][aria-colindex="${index}"]`) : [];
  // The header's name and type lines, not the header itself: its resize handle sits at its edge.
  let widest = contentWidth(header, header.querySelectorAll('.header-name, .header-type'));
  for (const cell of cells) widest = Math.max(widest, contentWidth(cell, [cell]));
  // A pixel or two of slack: a width that is exactly the text's still cuts at a subpixel.
  return clampWidth(Math.ceil(widest) + 2);
}
