/**
 * A cell or header cut short by its column says its whole text on hover: when the pointer enters
 * an element whose text overflows its box, the element gets its text as its title. Measured on
 * hover rather than for every cell drawn, since only the cells a person points at need it, and
 * an uncut cell keeps no tooltip that would only repeat it.
 *
 * Where the grid can name the value behind a cell (`valueOf`), the title is that value's whole
 * text (cell-hover.ts), not the text drawn: a struct's cell draws a few of its items and a
 * vector's its dimension, so "cut" then also means abbreviated. That title is worked out again at
 * each hover, since a row's element shows another row's value after a filter or a new page.
 */
import type { Cell } from './cell-model';
import { hoverText } from './cell-hover';

/** Titles this module set, as opposed to the ones the components render. */
const OURS = 'data-hover-title';

function isCut(from: HTMLElement, to: HTMLElement): boolean {
  for (let el: HTMLElement | null = from; el; el = el.parentElement) {
    if (el.scrollWidth > el.clientWidth + 1) return true;
    if (el === to) return false;
  }
  return false;
}

export function titleWhenCut(
  event: { target: EventTarget | null },
  valueOf?: (cell: HTMLElement) => Cell | undefined,
): void {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const cell = target.closest<HTMLElement>('.grid-cell');
  const value = cell && valueOf ? valueOf(cell) : undefined;
  const hover = value ? hoverText(value) : undefined;
  if (cell && hover) {
    // The element pointed at (an SVG's nearest HTML one): a title there wins over any above it.
    const at = target instanceof HTMLElement ? target : target.parentElement;
    if (!at || !cell.contains(at)) return;
    if (hover.abbreviated || isCut(at, cell)) {
      at.title = hover.text;
      at.setAttribute(OURS, '');
    } else if (at.hasAttribute(OURS)) {
      at.removeAttribute('title');
      at.removeAttribute(OURS);
    }
    return;
  }
  // Only within a cell or header: the grid itself overflows too (it scrolls), and the space
  // between cells once took all of the grid's text as its title.
  const box = target.closest<HTMLElement>('.grid-cell, .grid-header-cell');
  if (!box || !(target instanceof HTMLElement)) return;
  // From the element pointed at up to its cell: the cell's text may be cut at any level.
  for (let el: HTMLElement | null = target; el; el = el.parentElement) {
    if (el.scrollWidth > el.clientWidth + 1) {
      if (!el.title) el.title = el.textContent ?? '';
      return;
    }
    if (el === box) return;
  }
}
