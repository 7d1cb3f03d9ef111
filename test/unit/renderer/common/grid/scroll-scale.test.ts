import { describe, expect, it } from 'vitest';
import {
  MAX_REAL_HEIGHT,
  offsetToReveal,
  pagesCovering,
  scrollScale,
  visibleRows,
} from '../../../../../src-renderer/common/grid/scroll-scale';

describe('scrollScale', () => {
  it('is the identity for tables that fit', () => {
    const s = scrollScale(34_000, 600);
    expect(s.realHeight).toBe(34_000);
    expect(s.toVirtual(1234)).toBe(1234);
    expect(s.toReal(1234)).toBe(1234);
  });
  it('maps the scrollable ranges end to end for 10M rows', () => {
    const virtual = 10_000_000 * 34;
    const viewport = 800;
    const s = scrollScale(virtual, viewport);
    expect(s.realHeight).toBe(MAX_REAL_HEIGHT);
    expect(s.toVirtual(0)).toBe(0);
    // The bottom of the scrollbar shows the last row in full.
    expect(s.toVirtual(MAX_REAL_HEIGHT - viewport)).toBeCloseTo(virtual - viewport, 3);
    expect(s.toReal(virtual - viewport)).toBeCloseTo(MAX_REAL_HEIGHT - viewport, 3);
    expect(s.toVirtual(s.toReal(123_456_789))).toBeCloseTo(123_456_789, 3);
    expect(s.toVirtual(MAX_REAL_HEIGHT * 2)).toBe(virtual - viewport);
  });
});

describe('visibleRows', () => {
  it('covers the viewport plus overscan, clamped to the table', () => {
    expect(visibleRows(0, 340, 34, 1000, 2)).toEqual({ first: 0, last: 12 });
    expect(visibleRows(34 * 500, 340, 34, 1000, 2)).toEqual({ first: 498, last: 512 });
    expect(visibleRows(34 * 995, 340, 34, 1000, 2)).toEqual({ first: 993, last: 999 });
    expect(visibleRows(0, 340, 34, 0)).toEqual({ first: 0, last: -1 });
  });
});

describe('offsetToReveal', () => {
  it('moves only as far as needed to show a row', () => {
    expect(offsetToReveal(5, 0, 340, 34)).toBeUndefined();
    expect(offsetToReveal(10, 0, 340, 34)).toBe(34);
    expect(offsetToReveal(2, 340, 340, 34)).toBe(68);
  });
});

describe('pagesCovering', () => {
  it('lists every page that holds a row in the range', () => {
    expect(pagesCovering(0, 199, 200)).toEqual([0]);
    expect(pagesCovering(150, 450, 200)).toEqual([0, 1, 2]);
    expect(pagesCovering(5, 4, 200)).toEqual([]);
  });
});
