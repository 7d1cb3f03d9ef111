import { describe, expect, it } from 'vitest';
import { insidePolygon, rowsInLasso } from '../../../../src-renderer/vector-map/lasso';
import { buildGrid, nearestPoint } from '../../../../src-renderer/vector-map/spatial-grid';

describe('lasso hit test', () => {
  // A "C" shape: the notch (x 1..3, y 1..3) is outside although inside the bounding box.
  const c = [0, 0, 4, 0, 4, 1, 1, 1, 1, 3, 4, 3, 4, 4, 0, 4];

  it('uses the even-odd rule, so a concave lasso leaves its notch out', () => {
    expect(insidePolygon(0.5, 2, c)).toBe(true);
    expect(insidePolygon(2, 0.5, c)).toBe(true);
    expect(insidePolygon(2, 2, c)).toBe(false);
    expect(insidePolygon(5, 2, c)).toBe(false);
  });

  it('returns the rows inside, in row order', () => {
    const coords = Float32Array.from([2, 2, 0.5, 2, 2, 0.5, 9, 9, 3.5, 3.5, -1, 2]);
    expect(rowsInLasso(coords, c)).toEqual([1, 2, 4]);
  });

  it('picks nothing with fewer than three vertices', () => {
    expect(rowsInLasso(Float32Array.from([0, 0]), [0, 0, 1, 1])).toEqual([]);
  });
});

describe('spatial grid', () => {
  it('finds the same nearest point as a full scan, within the radius only', () => {
    let s = 7;
    const random = () => (s = (s * 16807) % 2147483647) / 2147483647;
    const n = 5000;
    const coords = Float32Array.from({ length: n * 2 }, () => random() * 100);
    const grid = buildGrid(coords);
    for (let t = 0; t < 200; t += 1) {
      const x = random() * 110 - 5;
      const y = random() * 110 - 5;
      let best = -1;
      let bestDist = 1.5 * 1.5;
      for (let r = 0; r < n; r += 1) {
        const d = (coords[r * 2]! - x) ** 2 + (coords[r * 2 + 1]! - y) ** 2;
        if (d <= bestDist) [best, bestDist] = [r, d];
      }
      const found = nearestPoint(grid, x, y, 1.5);
      if (best === -1) expect(found).toBe(-1);
      else expect((coords[found * 2]! - x) ** 2 + (coords[found * 2 + 1]! - y) ** 2).toBe(bestDist);
    }
  });

  it('holds points that all sit on one spot', () => {
    const grid = buildGrid(Float32Array.from([1, 1, 1, 1, 1, 1]));
    expect(nearestPoint(grid, 1, 1, 0.1)).toBeGreaterThanOrEqual(0);
    expect(nearestPoint(grid, 2, 2, 0.1)).toBe(-1);
  });
});
