/**
 * A cell or header cut short by its column says its whole text on hover: when the pointer enters
 * an element whose text overflows its box, the element gets its text as its title. Measured on
 * hover rather than for every cell drawn, since only the cells a person points at need it, and
 * an uncut cell keeps no tooltip that would only repeat it.
 */
export function titleWhenCut(event: { target: EventTarget | null }): void {
  const target = event.target;
  if (!(target instanceof HTMLElement)) return;
  // From the element pointed at up to its cell: the cell's text may be cut at any level.
  for (let el: HTMLElement | null = target; el; el = el.parentElement) {
    if (el.scrollWidth > el.clientWidth + 1) {
      if (!el.title) el.title = el.textContent ?? '';
      return;
    }
    if (el.classList.contains('grid-cell') || el.classList.contains('grid-header-cell')) return;
  }
}
