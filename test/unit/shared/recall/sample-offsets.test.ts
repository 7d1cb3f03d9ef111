import { describe, expect, it } from 'vitest';
import { sampleOffsets, seededRandom } from '../../../../src-shared/recall/sample-offsets';

describe('sampleOffsets', () => {
  it('draws distinct offsets in range, the same for the same seed', () => {
    const a = sampleOffsets(1000, 100, seededRandom(7));
    expect(new Set(a).size).toBe(100);
    expect(a.every((o) => Number.isInteger(o) && o >= 0 && o < 1000)).toBe(true);
    expect(sampleOffsets(1000, 100, seededRandom(7))).toEqual(a);
  });

  it('takes every row, shuffled, when asked for more than half of them', () => {
    const all = sampleOffsets(10, 50, seededRandom(1));
    expect([...all].sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(sampleOffsets(10, 6, seededRandom(1))).toHaveLength(6);
    expect(sampleOffsets(0, 5, seededRandom(1))).toEqual([]);
  });
});
