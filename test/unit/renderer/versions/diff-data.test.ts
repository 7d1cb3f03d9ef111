import { describe, expect, it } from 'vitest';
import { diffData } from '../../../../src-renderer/versions/diff-data';
import type { TimelineEntry } from '../../../../src-renderer/versions/version-timeline';

const entry = (version: number, operation: string, deletedRows: number, fragments: number) =>
  ({
    version,
    timestampMillis: version,
    operation,
    detail: undefined,
    schemaChange: false,
    rows: 10,
    rowsDelta: 0,
    bytes: 1000 * fragments,
    deletedRows,
    fragments,
  }) satisfies TimelineEntry;

const entries = [
  entry(1, 'Create', 0, 1),
  entry(2, 'Update', 3, 2),
  entry(3, 'Update', 5, 3),
  entry(4, 'Index', 5, 3),
];

describe('diffData', () => {
  it('counts the rows updates rewrote, which keep the row count and the schema', () => {
    expect(diffData(entries, 1, 2)).toEqual({
      commits: [{ version: 2, operation: 'Update' }],
      rowsRewritten: 3,
      fragments: { from: 1, to: 2 },
      bytes: { from: 1000, to: 2000 },
    });
    expect(diffData(entries, 1, 4).rowsRewritten).toBe(5);
  });
  it('lists the commits between, oldest first, whichever end is older', () => {
    expect(diffData(entries, 4, 2).commits.map((c) => c.version)).toEqual([3, 4]);
    expect(diffData(entries, 3, 4)).toMatchObject({ rowsRewritten: 0 });
  });
});
