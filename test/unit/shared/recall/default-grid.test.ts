import { describe, expect, it } from 'vitest';
import { defaultGrid } from '../../../../src-shared/recall/default-grid';

describe('defaultGrid', () => {
  it('is nprobes × refine for IVF types', () => {
    const grid = defaultGrid('IVF_PQ', 10);
    expect(grid).toHaveLength(12);
    expect(grid.slice(0, 3)).toEqual([
      { nprobes: 1 },
      { nprobes: 1, refineFactor: 5 },
      { nprobes: 1, refineFactor: 10 },
    ]);
    expect(new Set(grid.map((s) => s.nprobes))).toEqual(new Set([1, 8, 32, 128]));
  });

  it('is nprobes × ef scaled by k for HNSW types', () => {
    const grid = defaultGrid('IVF_HNSW_SQ', 10);
    expect(grid).toHaveLength(12);
    expect(grid.slice(0, 3)).toEqual([
      { nprobes: 1, ef: 10 },
      { nprobes: 1, ef: 40 },
      { nprobes: 1, ef: 160 },
    ]);
  });
});
