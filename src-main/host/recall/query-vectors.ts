/**
 * The query vectors of a recall check: rows of the table itself, taken one at a time at random
 * offsets (a scan with offset and limit 1, projected to the one column), so a large table is never
 * read whole and the queries look like the data the index was built from.
 */
import type { TableHandle } from '../../catalog/client';
import { errors } from '../../../src-shared/vocabulary/errors';
import { sampleOffsets, seededRandom } from '../../../src-shared/recall/sample-offsets';

export interface SampleOptions {
  column: string;
  count: number;
  rowCount: number;
  seed?: number | undefined;
  branch?: string | undefined;
  signal?: AbortSignal | undefined;
}

/** Up to `count` vectors; rows whose vector is null are skipped, so fewer may come back. */
export async function sampleQueryVectors(
  table: TableHandle,
  options: SampleOptions,
): Promise<number[][]> {
  const random = options.seed === undefined ? Math.random : seededRandom(options.seed);
  const offsets = sampleOffsets(options.rowCount, options.count, random);
  const vectors: number[][] = [];
  for (const offset of offsets) {
    throwIfCancelled(options.signal);
    const rows = await table.query({
      offset,
      limit: 1,
      columns: [options.column],
      ...(options.branch === undefined ? {} : { branch: options.branch }),
    });
    const value: unknown = rows.getChildAt(0)?.get(0);
    const vector = toNumbers(value);
    if (vector) vectors.push(vector);
  }
  return vectors;
}

/** A fixed-size-list cell is an Arrow vector (or a typed array); null for a null cell. */
function toNumbers(value: unknown): number[] | undefined {
  if (value === null || value === undefined) return undefined;
  const array =
    typeof (value as { toArray?: unknown }).toArray === 'function'
      ? (value as { toArray(): ArrayLike<number> }).toArray()
      : (value as ArrayLike<number>);
  const numbers = Array.from(array, Number);
  // A vector with a null or NaN element cannot be searched for.
  return numbers.every(Number.isFinite) ? numbers : undefined;
}

export function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw errors.Internal('The recall check was cancelled');
}
