/**
 * Each pending edit's and deletion's predicate resolved to the one row it names, before anything
 * is written. A predicate matching no row or several refuses the commit, saying which one and how
 * many it matched; so do two predicates that name the same row (one row's changes belong in one
 * edit, and a row cannot be both edited and deleted).
 *
 * The rows are kept as their `_rowid`s: the deletions run after the edits and the new rows, which
 * could make a predicate match a new row too (a duplicated row has the original's values), while
 * a row's id stays until that row itself is rewritten. An update rewrites only the rows it
 * changes, and those are never among the deleted ones (checked here). A row id is the row's
 * address (its fragment and offset), and Lance never gives a fragment's id to another: should
 * another writer compact the table meanwhile, an id of ours names no row any more rather than
 * someone else's, and the commit's counts say fewer.
 */
import type { Schema } from 'apache-arrow';
import type { TableHandle } from '../../catalog/client';
import { errors } from '../../../src-shared/vocabulary/errors';

export interface Target {
  /** "Edit 2", "Deletion 1": how the message names it. */
  what: string;
  predicate: string;
}

/** Predicates resolved at once, so a wide review does not wait on one scan after another. */
const CONCURRENT_LOOKUPS = 4;

/** The `_rowid` of the one row each target names, in order. */
export async function resolveRows(
  table: TableHandle,
  schema: Schema,
  targets: readonly Target[],
): Promise<bigint[]> {
  // One plain column beside the ids: a remote catalog answers a query for no columns that
  // matches nothing with a stream without a schema. Without a plain name, every column (of two
  // rows at most).
  const plain = schema.fields.find((f) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(f.name));
  const columns = plain ? [plain.name] : undefined;
  const ids: bigint[] = new Array<bigint>(targets.length);
  // The first target in order that fails is the one told, whichever lookup ends first.
  const failures: unknown[] = new Array<unknown>(targets.length);
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const i = next++;
      try {
        ids[i] = await oneRow(table, targets[i]!, columns);
      } catch (error) {
        failures[i] = error;
        next = targets.length;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_LOOKUPS, targets.length) }, worker));
  const failed = failures.findIndex((f) => f !== undefined);
  if (failed !== -1) throw failures[failed];
  const seen = new Map<bigint, Target>();
  targets.forEach((target, i) => {
    const first = seen.get(ids[i]!);
    if (first) {
      throw errors.InvalidInput(
        `${first.what} and ${target.what.toLowerCase()} name the same row (${first.predicate}; ${target.predicate}): one row's changes go in one edit, and a deleted row is not edited`,
      );
    }
    seen.set(ids[i]!, target);
  });
  return ids;
}

async function oneRow(
  table: TableHandle,
  { what, predicate }: Target,
  columns: string[] | undefined,
): Promise<bigint> {
  // Two rows are enough to know it is not one; the count is read only to say how many.
  const found = await table.query({
    filter: predicate,
    withRowId: true,
    limit: 2,
    ...(columns ? { columns } : {}),
  });
  const ids = found.getChild('_rowid');
  if (found.numRows === 1 && ids) return BigInt(ids.get(0) as bigint);
  const count = found.numRows === 0 ? 0 : await table.countRows({ filter: predicate });
  throw errors.InvalidInput(
    `${what} names ${count === 0 ? 'no row' : `${count} rows`}, not one: ${predicate}. Nothing was written`,
  );
}

/** A filter naming exactly these rows. */
export function rowIdFilter(ids: readonly bigint[]): string {
  return `_rowid IN (${ids.join(', ')})`;
}
