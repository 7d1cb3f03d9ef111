import { describe, expect, it } from 'vitest';
import { nearestNeighbours } from '../../../../src-renderer/vector-map/knn';
import { fitPca, projectAll } from '../../../../src-renderer/vector-map/pca';
import { refineWithUmap, seededRandom } from '../../../../src-renderer/vector-map/umap-refine';

/** `perCluster` rows around each of `clusters` centres far apart in `d` dimensions. */
function clusters(count: number, perCluster: number, d: number, spread: number) {
  const random = seededRandom(11);
  const data = new Float32Array(count * perCluster * d);
  const label: number[] = [];
  for (let c = 0; c < count; c += 1) {
    for (let p = 0; p < perCluster; p += 1) {
      const r = c * perCluster + p;
      label.push(c);
      for (let i = 0; i < d; i += 1) {
        data[r * d + i] = (i % count === c ? 10 : 0) + (random() - 0.5) * spread;
      }
    }
  }
  return { data, label, n: count * perCluster };
}

describe('neighbours', () => {
  it('finds nearly all of the exact k nearest neighbours', () => {
    const { data, n } = clusters(4, 150, 16, 8);
    const d = 16;
    const k = 10;
    const knn = nearestNeighbours(data, n, d, k, seededRandom(1));
    let found = 0;
    for (let a = 0; a < n; a += 1) {
      const exact = Array.from({ length: n }, (_, b) => b)
        .filter((b) => b !== a)
        .map((b) => {
          let s = 0;
          for (let i = 0; i < d; i += 1) s += (data[a * d + i]! - data[b * d + i]!) ** 2;
          return { b, s };
        })
        .sort((x, y) => x.s - y.s)
        .slice(0, k)
        .map((x) => x.b);
      const got = new Set(knn.indices.subarray(a * k, a * k + k));
      found += exact.filter((b) => got.has(b)).length;
    }
    expect(found / (n * k)).toBeGreaterThan(0.9);
  });
});

describe('UMAP refinement', () => {
  it('keeps separate clusters apart: a point’s nearest points on the map are of its cluster', () => {
    const { data, label, n } = clusters(5, 120, 24, 4);
    const d = 24;
    const start = projectAll(fitPca(data, n, d), data, n);
    const frames: number[] = [];
    const y = refineWithUmap(data, n, d, start, {
      onFrame: (_, epoch) => frames.push(epoch),
      epochs: 200,
    });
    expect(frames.at(-1)).toBe(200);
    expect(frames.length).toBe(8);
    let same = 0;
    for (let a = 0; a < n; a += 1) {
      const near = Array.from({ length: n }, (_, b) => b)
        .filter((b) => b !== a)
        .sort(
          (p, q) =>
            (y[p * 2]! - y[a * 2]!) ** 2 +
            (y[p * 2 + 1]! - y[a * 2 + 1]!) ** 2 -
            ((y[q * 2]! - y[a * 2]!) ** 2 + (y[q * 2 + 1]! - y[a * 2 + 1]!) ** 2),
        )
        .slice(0, 5);
      same += near.filter((b) => label[b] === label[a]).length;
    }
    expect(same / (n * 5)).toBeGreaterThan(0.97);
    expect(y.every(Number.isFinite)).toBe(true);
  });

  it('gives the same layout for the same rows and seed', () => {
    const { data, n } = clusters(3, 40, 8, 4);
    const start = projectAll(fitPca(data, n, 8), data, n);
    const run = () => refineWithUmap(data, n, 8, start, { onFrame: () => undefined, epochs: 50 });
    expect(Array.from(run())).toEqual(Array.from(run()));
  });
});
