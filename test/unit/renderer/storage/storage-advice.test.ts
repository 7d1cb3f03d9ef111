import { describe, expect, it } from 'vitest';
import type { IndexInfo, TableStats } from '../../../../src-shared/catalog-api';
import { storageAdvice } from '../../../../src-renderer/storage/storage-advice';

const stats = (numRows: number, numFragments: number, numSmallFragments: number): TableStats => ({
  totalBytes: 1,
  numRows,
  numIndices: 0,
  numFragments,
  numSmallFragments,
  fragmentLengths: { min: 1, max: 1, mean: 1, p25: 1, p50: 1, p75: 1, p99: 1 },
});
const index = (name: string, unindexed: number): IndexInfo => ({
  name,
  indexType: 'BTREE',
  columns: ['id'],
  status: 'ready',
  numIndexedRows: 10,
  numUnindexedRows: unindexed,
});

describe('storageAdvice', () => {
  it('says what compaction would merge, into how many fragments', () => {
    // 3,000,000 rows at about 1,048,576 a fragment: 3 fragments.
    expect(storageAdvice(stats(3_000_000, 412, 412), [], 5)).toEqual([
      "412 small fragments: compaction would merge the table's 412 fragments into about 3.",
    ]);
  });

  it('names indexes that miss rows, and many versions; says nothing of a compact table', () => {
    expect(storageAdvice(stats(10, 1, 1), [index('id_idx', 5), index('x', 0)], 150)).toEqual([
      'Index id_idx misses 5 rows (searched without it); compaction brings it up to date.',
      '150 versions are kept; old ones hold files only they read. Tag what you need, then clean up.',
    ]);
    expect(storageAdvice(stats(10, 1, 1), [index('x', 0)], 3)).toEqual([]);
  });

  it('says how many deleted rows are still stored, from a tenth of the rows on', () => {
    const fragments = (physicalRows: number, deletedRows: number) => ({
      fragments: 2,
      physicalRows,
      deletedRows,
      histogram: [],
    });
    expect(storageAdvice(stats(90, 1, 1), [], 3, fragments(100, 25))).toEqual([
      '25 deleted rows (25%) are still stored and skipped on every read; compaction rewrites their fragments without them.',
    ]);
    expect(storageAdvice(stats(95, 1, 1), [], 3, fragments(100, 5))).toEqual([]);
  });

  it('says what cleanup would free once old versions hold a quarter of the latest and 1 MiB', () => {
    const held = (latest: number, onlyOld: number, onlyTagged = 0) => ({
      fragments: 1,
      physicalRows: 10,
      deletedRows: 0,
      histogram: [],
      versionBytes: { latest, onlyOld, onlyTagged },
    });
    const MiB = 1 << 20;
    expect(storageAdvice(stats(10, 1, 1), [], 150, held(8 * MiB, 3 * MiB, MiB))).toEqual([
      'Old versions hold 3 MiB the latest version does not read (tags keep 1 MiB more); cleaning them up would free it.',
    ]);
    // A tenth of the latest, or under 1 MiB, is not worth saying, however many versions there are.
    expect(storageAdvice(stats(10, 1, 1), [], 150, held(30 * MiB, 3 * MiB))).toEqual([]);
    expect(storageAdvice(stats(10, 1, 1), [], 150, held(1000, MiB - 1))).toEqual([]);
  });
});
