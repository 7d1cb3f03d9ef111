import { describe, expect, it } from 'vitest';
import {
  CHAR_WIDTH,
  LINE_HEIGHT,
  placeLabels,
  type PlacedLabel,
} from '../../../../../src-renderer/indexes/recall/label-placement';

const bounds = { left: 40, right: 560, top: 0, bottom: 300 };

function box(l: PlacedLabel) {
  const w = l.text.length * CHAR_WIDTH;
  const left = l.anchor === 'start' ? l.x : l.anchor === 'end' ? l.x - w : l.x - w / 2;
  return { left, right: left + w, top: l.y - LINE_HEIGHT / 2, bottom: l.y + LINE_HEIGHT / 2 };
}

describe('placeLabels', () => {
  it('keeps a label near the left edge inside the plot', () => {
    const [label] = placeLabels([{ x: 45, y: 100, text: 'nprobes 1, no refine' }], bounds);
    expect(box(label!).left).toBeGreaterThanOrEqual(bounds.left);
  });

  it('places labels of close points so that none overlap', () => {
    const points = Array.from({ length: 6 }, (_, i) => ({
      x: 200 + i * 6,
      y: 150 - i * 3,
      text: `nprobes ${2 ** i}, refine ×5`,
    }));
    const placed = placeLabels(points, bounds);
    expect(placed.length).toBeGreaterThan(1);
    const boxes = placed.map(box);
    for (let i = 0; i < boxes.length; i++) {
      const a = boxes[i]!;
      expect(a.left).toBeGreaterThanOrEqual(bounds.left);
      expect(a.right).toBeLessThanOrEqual(bounds.right);
      for (const b of boxes.slice(i + 1)) {
        const overlap =
          a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        expect(overlap).toBe(false);
      }
    }
  });
});
