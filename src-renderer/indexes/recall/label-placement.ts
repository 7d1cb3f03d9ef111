/**
 * Where the recall plot's point labels go: each beside its point, in the first of a few places
 * (above, below, right, left) that stays inside the plot and overlaps no label placed before;
 * a label with no such place is left out (its point keeps its tooltip, and the settings table
 * lists every setting). Plot's own text mark centred every label above its point, so labels of
 * close settings overlapped and the leftmost were cut at the plot's edge.
 */

export interface LabelPoint {
  /** The point's position in pixels. */
  x: number;
  y: number;
  text: string;
}

export interface PlacedLabel {
  /** Where the text is anchored, in pixels, and how (SVG's text-anchor). */
  x: number;
  y: number;
  anchor: 'start' | 'middle' | 'end';
  text: string;
}

export interface Bounds {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** A 10px sans-serif character's width, about; measured text would need the DOM. */
export const CHAR_WIDTH = 6;
export const LINE_HEIGHT = 12;
const GAP = 8;

function boxOf(label: PlacedLabel): Box {
  const width = label.text.length * CHAR_WIDTH;
  const left =
    label.anchor === 'start'
      ? label.x
      : label.anchor === 'end'
        ? label.x - width
        : label.x - width / 2;
  // y is the text's middle (dominant-baseline: middle).
  return {
    left,
    right: left + width,
    top: label.y - LINE_HEIGHT / 2,
    bottom: label.y + LINE_HEIGHT / 2,
  };
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

const inside = (a: Box, b: Bounds) =>
  a.left >= b.left && a.right <= b.right && a.top >= b.top && a.bottom <= b.bottom;

export function placeLabels(points: readonly LabelPoint[], bounds: Bounds): PlacedLabel[] {
  const placed: PlacedLabel[] = [];
  const boxes: Box[] = [];
  // The points themselves are not covered either: a label over a dot hides it.
  const dots: Box[] = points.map((p) => ({
    left: p.x - 4,
    right: p.x + 4,
    top: p.y - 4,
    bottom: p.y + 4,
  }));
  for (const p of points) {
    const candidates: PlacedLabel[] = [
      { x: p.x, y: p.y - GAP - LINE_HEIGHT / 2, anchor: 'middle', text: p.text },
      { x: p.x, y: p.y + GAP + LINE_HEIGHT / 2, anchor: 'middle', text: p.text },
      { x: p.x + GAP, y: p.y, anchor: 'start', text: p.text },
      { x: p.x - GAP, y: p.y, anchor: 'end', text: p.text },
      { x: p.x - 2, y: p.y - GAP - LINE_HEIGHT / 2, anchor: 'start', text: p.text },
      { x: p.x + 2, y: p.y - GAP - LINE_HEIGHT / 2, anchor: 'end', text: p.text },
      { x: p.x - 2, y: p.y + GAP + LINE_HEIGHT / 2, anchor: 'start', text: p.text },
      { x: p.x + 2, y: p.y + GAP + LINE_HEIGHT / 2, anchor: 'end', text: p.text },
    ];
    const fit = candidates.find((c) => {
      const box = boxOf(c);
      return inside(box, bounds) && ![...boxes, ...dots].some((other) => overlaps(box, other));
    });
    if (fit) {
      placed.push(fit);
      boxes.push(boxOf(fit));
    }
  }
  return placed;
}
