import { describe, expect, it } from 'vitest';
import { fitPca, projectAll, projectOne } from '../../../../src-renderer/vector-map/pca';

describe('PCA', () => {
  it("gives the textbook answer (Lindsay Smith's tutorial: 10 points in 2-D)", () => {
    const points = [
      [2.5, 2.4],
      [0.5, 0.7],
      [2.2, 2.9],
      [1.9, 2.2],
      [3.1, 3.0],
      [2.3, 2.7],
      [2, 1.6],
      [1, 1.1],
      [1.5, 1.6],
      [1.1, 0.9],
    ];
    const model = fitPca(Float32Array.from(points.flat()), 10, 2);
    expect(model.variances[0]).toBeCloseTo(1.28402771, 5);
    expect(model.variances[1]).toBeCloseTo(0.0490833989, 5);
    // The tutorial's eigenvector is (-0.6779, -0.7352); ours is signed so its largest entry is positive.
    expect(model.components[0]![0]).toBeCloseTo(0.677873399, 5);
    expect(model.components[0]![1]).toBeCloseTo(0.735178656, 5);
    // The first point's coordinate on the first component, as the tutorial lists (sign flipped).
    expect(projectOne(model, [2.5, 2.4])[0]).toBeCloseTo(0.827970186, 5);
  });

  it('finds the two planted directions in 5-D and projects each row onto them', () => {
    const u = [1, 1, 0, 0, 0].map((x) => x / Math.SQRT2);
    const v = [0, 0, 1, -1, 1].map((x) => x / Math.sqrt(3));
    const offset = [10, -2, 3, 0.5, 7];
    const rows: number[][] = [];
    const planted: Array<[number, number]> = [];
    for (const a of [-3, -1, 1, 3]) {
      for (const b of [-1, 1]) {
        rows.push(offset.map((m, i) => m + a * u[i]! + b * v[i]!));
        planted.push([a, b]);
      }
    }
    const model = fitPca(Float32Array.from(rows.flat()), rows.length, 5);
    expect(model.variances[0]).toBeCloseTo(40 / 7, 4);
    expect(model.variances[1]).toBeCloseTo(8 / 7, 4);
    const dot = (a: ArrayLike<number>, b: number[]) => b.reduce((s, x, i) => s + x * a[i]!, 0);
    expect(Math.abs(dot(model.components[0]!, u))).toBeCloseTo(1, 5);
    expect(Math.abs(dot(model.components[1]!, v))).toBeCloseTo(1, 5);
    const coords = projectAll(model, Float32Array.from(rows.flat()), rows.length);
    const signA = Math.sign(dot(model.components[0]!, u));
    const signB = Math.sign(dot(model.components[1]!, v));
    planted.forEach(([a, b], r) => {
      expect(coords[r * 2]!).toBeCloseTo(a * signA, 4);
      expect(coords[r * 2 + 1]!).toBeCloseTo(b * signB, 4);
    });
  });

  it('is the same picture for the same rows (a fixed start, a fixed sign)', () => {
    const data = Float32Array.from({ length: 300 * 8 }, (_, i) => Math.sin(i * 0.37) * (i % 8));
    const a = projectAll(fitPca(data, 300, 8), data, 300);
    const b = projectAll(fitPca(data, 300, 8), data, 300);
    expect(Array.from(a)).toEqual(Array.from(b));
  });
});
