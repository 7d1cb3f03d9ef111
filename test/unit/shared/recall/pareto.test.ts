import { describe, expect, it } from 'vitest';
import { paretoFront } from '../../../../src-shared/recall/pareto';

const p = (recall: number, median: number) => ({ recall, latencyMs: { median, p95: median } });

describe('paretoFront', () => {
  it('keeps the points nothing beats on both axes, fastest first', () => {
    const points = [
      p(0.5, 1), // 0: fastest: on the front
      p(0.4, 2), // 1: slower and worse than 0
      p(0.9, 3), // 2: on the front
      p(0.8, 4), // 3: slower and worse than 2
      p(1.0, 8), // 4: best recall: on the front
    ];
    expect(paretoFront(points)).toEqual([0, 2, 4]);
  });

  it('drops a point tied on one axis and worse on the other', () => {
    // 1 has 0's recall but is slower; 3 is as fast as 2 but finds less.
    expect(paretoFront([p(0.7, 1), p(0.7, 2), p(0.9, 3), p(0.8, 3)])).toEqual([0, 2]);
  });

  it('lists equal points once, by the earliest in the grid', () => {
    expect(paretoFront([p(0.6, 5), p(0.9, 2), p(0.9, 2), p(0.9, 2)])).toEqual([1]);
    expect(paretoFront([p(0.9, 2), p(0.5, 1), p(0.9, 2)])).toEqual([1, 0]);
  });

  it('is empty for no points and the point itself for one', () => {
    expect(paretoFront([])).toEqual([]);
    expect(paretoFront([p(0.3, 9)])).toEqual([0]);
  });
});
