/**
 * Rows per fragment as a histogram for the Storage tab: buckets that double (1, 2–3, 4–7, …), so
 * a table of a few huge fragments and many tiny ones shows both, with the live rows (deleted ones
 * not counted) of each fragment.
 */
export interface HistogramBucket {
  /** Fewest live rows a fragment in the bucket has. */
  min: number;
  /** Most, inclusive. */
  max: number;
  fragments: number;
}

export function fragmentHistogram(liveRows: readonly number[]): HistogramBucket[] {
  const counts = new Map<number, number>();
  for (const rows of liveRows) {
    const bucket = rows <= 0 ? -1 : Math.floor(Math.log2(rows));
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  }
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([bucket, fragments]) =>
      bucket < 0
        ? { min: 0, max: 0, fragments }
        : { min: 2 ** bucket, max: 2 ** (bucket + 1) - 1, fragments },
    );
}
