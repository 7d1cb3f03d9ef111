import { describe, expect, it } from 'vitest';
import {
  compactText,
  formatNumber,
  prettyText,
} from '../../../../../src-renderer/common/grid/cell-model';
import {
  coveragePercent,
  coverageView,
} from '../../../../../src-renderer/common/index-state/index-coverage';

describe('formatNumber', () => {
  it('keeps integers and bigints exact, and floats to seven significant digits', () => {
    expect(formatNumber(42)).toBe('42');
    expect(formatNumber(2n ** 63n - 1n)).toBe('9223372036854775807');
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber(-0.2596689462661743)).toBe('-0.2596689');
    expect(formatNumber(Number.NaN)).toBe('NaN');
  });
});

describe('compactText', () => {
  it('writes nested values on one line, quoting keys that are not identifiers', () => {
    expect(compactText({ score: 0.25, 'a.b': 'm1' })).toBe('{score: 0.25, "a.b": "m1"}');
    expect(compactText([1, null, [true]])).toBe('[1, null, [true]]');
  });
  it('bounds long lists and long text', () => {
    expect(compactText(Array.from({ length: 20 }, (_, i) => i))).toBe(
      '[0, 1, 2, 3, 4, 5, 6, 7, … +12]',
    );
    const long = compactText({ text: 'x'.repeat(500) }, 50);
    expect(long).toHaveLength(50);
    expect(long.endsWith('…')).toBe(true);
  });
  it('pretty-prints for the inspector', () => {
    expect(prettyText({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(prettyText(undefined)).toBe('null');
  });
});

describe('coveragePercent', () => {
  it('floors, so 100% means every row', () => {
    expect(coveragePercent({ numIndexedRows: 999, numUnindexedRows: 1 })).toBe(99);
    expect(coveragePercent({ numIndexedRows: 1200, numUnindexedRows: 0 })).toBe(100);
    expect(coveragePercent({ numIndexedRows: 0, numUnindexedRows: 10 })).toBe(0);
    expect(coveragePercent({ numIndexedRows: 0, numUnindexedRows: 0 })).toBe(100);
  });
});

describe('coverageView', () => {
  it('gives a ready index a percentage and both counts', () => {
    expect(coverageView({ status: 'ready', numIndexedRows: 1200, numUnindexedRows: 300 })).toEqual({
      percent: 80,
      valueText: '80% of rows indexed',
      words: '1,200 indexed · 300 unindexed',
    });
  });
  it('shows a build in flight as building, not as 0%', () => {
    const view = coverageView({ status: 'building', numIndexedRows: 0, numUnindexedRows: 5000 });
    expect(view.percent).toBeUndefined();
    expect(view.words).toBe('Building…');
  });
});
