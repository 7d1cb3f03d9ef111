import { describe, expect, it } from 'vitest';
import { planCompaction } from '../../../../../src-main/catalog/dir/table/compaction-progress';

const BIG = 2_000_000;
const fragment = (name: string, physicalRows: number, deletedRows = 0) => ({
  physicalRows,
  deletedRows,
  dataFiles: [`data/${name}.lance`],
});
const sizes = (entries: Record<string, number>) =>
  new Map(Object.entries(entries).map(([name, size]) => [`data/${name}.lance`, size]));

describe('planCompaction', () => {
  it('merges runs of adjacent small fragments, counting their live share of the bytes', () => {
    const plan = planCompaction(
      [fragment('a', 100), fragment('b', 100, 50), fragment('big', BIG), fragment('c', 10)],
      sizes({ a: 1000, b: 1000, big: 9_000_000, c: 100 }),
    );
    // a and b merge (b at half its bytes); the big one splits them from c, which stays alone.
    expect(plan).toEqual({ fragments: 2, bytes: 1500 });
  });

  it('rewrites a lone fragment only to drop its deleted rows, from a tenth of them on', () => {
    const files = sizes({ big: 1000, tail: 100 });
    expect(planCompaction([fragment('big', BIG, BIG / 4)], files)).toEqual({
      fragments: 1,
      bytes: 750,
    });
    expect(planCompaction([fragment('big', BIG, BIG / 20)], files)).toEqual({
      fragments: 0,
      bytes: 0,
    });
    expect(planCompaction([fragment('tail', 10)], files)).toEqual({ fragments: 0, bytes: 0 });
  });

  it("counts the indexes' files when it rewrites fragments, since their row addresses move", () => {
    const files = new Map([
      ...sizes({ a: 1000, b: 1000 }),
      ['_indices/u1/index.idx', 5000],
      ['_indices/u1/aux.idx', 500],
      // An older index version's folder, which the latest does not read.
      ['_indices/old/index.idx', 7000],
    ]);
    const merged = [fragment('a', 100), fragment('b', 100)];
    expect(planCompaction(merged, files, ['_indices/u1'])).toEqual({ fragments: 2, bytes: 7500 });
    // Nothing to merge: the indexes are not rewritten either.
    expect(planCompaction([fragment('a', 100)], files, ['_indices/u1'])).toEqual({
      fragments: 0,
      bytes: 0,
    });
  });
});
