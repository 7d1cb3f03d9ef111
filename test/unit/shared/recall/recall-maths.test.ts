import { describe, expect, it } from 'vitest';
import {
  mean,
  median,
  percentile,
  recallAtK,
  summarizeLatency,
} from '../../../../src-shared/recall/recall-maths';

describe('recallAtK', () => {
  it('matches a hand-computed case', () => {
    // k = 4. exact top-4 = {1, 2, 3, 4} (5 and 6 are cut off by k).
    // approx top-4 = [4, 9, 2, 8] (7 is cut off by k): ∩ = {4, 2}, |∩| = 2.
    // min(k, |exact|) = min(4, 4) = 4, so recall = 2 / 4 = 0.5.
    expect(recallAtK([1, 2, 3, 4, 5, 6], [4, 9, 2, 8, 7], 4)).toBe(0.5);
  });

  it('divides by the exact answer when it has fewer than k rows', () => {
    // k = 10 but only 3 true neighbours exist: {a, b, c}; approx finds a and c.
    // |∩| = 2, min(10, 3) = 3, recall = 2 / 3.
    expect(recallAtK(['a', 'b', 'c'], ['c', 'x', 'a'], 10)).toBeCloseTo(2 / 3, 12);
  });

  it('counts an id answered twice once, and compares bigints by value', () => {
    // exact {1n, 2n}; approx [1n, 1n]: ∩ = {1n}, recall = 1 / 2.
    expect(recallAtK([1n, 2n], [1n, 1n], 2)).toBe(0.5);
    expect(recallAtK([5n, 6n, 7n], [7n, 6n, 5n], 3)).toBe(1);
  });

  it('is 1 when there is nothing to find, and 0 when nothing is found', () => {
    expect(recallAtK([], [1, 2], 5)).toBe(1);
    expect(recallAtK([1, 2], [], 2)).toBe(0);
  });
});

describe('latency summaries', () => {
  it('takes nearest-rank percentiles and the middle of an even count', () => {
    const samples = [5, 1, 4, 2, 3, 10, 6, 7, 9, 8];
    // Sorted 1…10. Median of an even count: (5 + 6) / 2 = 5.5.
    expect(median(samples)).toBe(5.5);
    // p95: rank ceil(0.95 × 10) = 10 → the 10th value, 10. p50: rank 5 → 5.
    expect(percentile(samples, 95)).toBe(10);
    expect(percentile(samples, 50)).toBe(5);
    expect(summarizeLatency([2])).toEqual({ median: 2, p95: 2 });
    // 20 samples 1…20: p95 rank ceil(19) = 19 → 19.
    expect(
      percentile(
        Array.from({ length: 20 }, (_, i) => i + 1),
        95,
      ),
    ).toBe(19);
  });

  it('answers NaN for no samples rather than inventing a value', () => {
    expect(median([])).toBeNaN();
    expect(percentile([], 95)).toBeNaN();
    expect(mean([])).toBeNaN();
    expect(mean([0.5, 1, 0])).toBe(0.5);
  });
});
