/**
 * What a comparison says of the data itself, beyond the row count, columns and indexes: the
 * commits between the two versions and the rows they rewrote. An update keeps the row count and
 * the schema (Lance deletes the old rows and writes the new ones in a new fragment), so without
 * this a diff of an update said nothing changed. Read from the timeline's entries: each
 * version's own totals (fragments, deleted rows still stored, data bytes) and its operation.
 */
import type { TimelineEntry } from './version-timeline';

export interface DiffData {
  /** Commits after the older version up to the newer, oldest first. */
  commits: Array<{ version: number; operation: string }>;
  /** Rows updates rewrote: the deleted rows each update added (its new rows went to new files). */
  rowsRewritten: number | undefined;
  fragments: { from: number; to: number } | undefined;
  bytes: { from: number; to: number } | undefined;
}

export function diffData(entries: readonly TimelineEntry[], from: number, to: number): DiffData {
  const byVersion = new Map(entries.map((e) => [e.version, e]));
  const [lo, hi] = from < to ? [from, to] : [to, from];
  const between = [...entries]
    .filter((e) => e.version > lo && e.version <= hi)
    .sort((a, b) => a.version - b.version);
  let rowsRewritten: number | undefined = 0;
  for (const e of between) {
    if (e.operation !== 'Update') continue;
    const before = byVersion.get(e.version - 1);
    if (e.deletedRows === undefined || before?.deletedRows === undefined) {
      rowsRewritten = undefined;
      break;
    }
    rowsRewritten += Math.max(0, e.deletedRows - before.deletedRows);
  }
  const a = byVersion.get(from);
  const b = byVersion.get(to);
  const pair = (x: number | undefined, y: number | undefined) =>
    x !== undefined && y !== undefined ? { from: x, to: y } : undefined;
  return {
    commits: between.map((e) => ({ version: e.version, operation: e.operation ?? '…' })),
    rowsRewritten: between.some((e) => e.operation === 'Update') ? rowsRewritten : 0,
    fragments: pair(a?.fragments, b?.fragments),
    bytes: pair(a?.bytes, b?.bytes),
  };
}
