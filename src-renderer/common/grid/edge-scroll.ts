/**
 * While a dragged header is held near the grid's left or right edge, the grid scrolls that way,
 * faster nearer the edge, so a column can be taken to a place that is not on screen. One step a
 * frame while the pointer stays there (a pointer held still sends no events), none once the grid
 * can scroll no further.
 */
const EDGE = 48;
const MAX_STEP = 18;

export interface EdgeScroller {
  /** The pointer is at `x`: scroll, or stop scrolling, as its distance from an edge says. */
  at(x: number): void;
  stop(): void;
}

/** `leftInset`: what covers the grid's left edge (the sticky row numbers). */
export function edgeScroller(
  grid: HTMLElement,
  leftInset: number,
  onScroll: () => void,
): EdgeScroller {
  let step = 0;
  let frame = 0;
  const tick = () => {
    frame = 0;
    const before = grid.scrollLeft;
    grid.scrollLeft += step;
    if (grid.scrollLeft === before) return;
    onScroll();
    frame = requestAnimationFrame(tick);
  };
  return {
    at(x) {
      const box = grid.getBoundingClientRect();
      const left = box.left + leftInset + EDGE;
      const right = box.right - EDGE;
      const depth = x < left ? x - left : x > right ? x - right : 0;
      step = Math.max(-MAX_STEP, Math.min(MAX_STEP, Math.round((depth / EDGE) * MAX_STEP)));
      if (step !== 0 && frame === 0) frame = requestAnimationFrame(tick);
      if (step === 0 && frame !== 0) this.stop();
    },
    stop() {
      step = 0;
      if (frame !== 0) cancelAnimationFrame(frame);
      frame = 0;
    },
  };
}
