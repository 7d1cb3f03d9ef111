/** Suggested index parameters for a column and a table size, for forms. */

/** A sub-vector count that divides the dimension, aiming at 16 dimensions per sub-vector. */
export function suggestSubVectors(dimension: number): number {
  for (const per of [16, 8, 4, 2, 1]) {
    if (dimension % per === 0 && dimension / per >= 1) return dimension / per;
  }
  return 1;
}

export function suggestPartitions(rows: number): number {
  return Math.max(1, Math.min(rows, Math.round(Math.sqrt(rows))));
}
