/**
 * Where a vector that is not one of the map's rows (a search's query) goes on the map: at the
 * mean position of its nearest rows by L2 distance. The same rule holds for the PCA picture and
 * the UMAP one, which cannot place a new point by itself without refitting.
 */

/** Indexes of the `k` rows nearest to `query`, nearest first (a full scan: n·d, a few ms). */
export function nearestRows(
  data: Float32Array,
  n: number,
  d: number,
  query: ArrayLike<number>,
  k: number,
): number[] {
  const best: Array<{ row: number; dist: number }> = [];
  for (let r = 0; r < n; r += 1) {
    let s = 0;
    const base = r * d;
    for (let i = 0; i < d; i += 1) {
      const diff = data[base + i]! - (query[i] ?? 0);
      s += diff * diff;
    }
    if (best.length < k || s < best[best.length - 1]!.dist) {
      best.push({ row: r, dist: s });
      best.sort((a, b) => a.dist - b.dist);
      if (best.length > k) best.pop();
    }
  }
  return best.map((b) => b.row);
}

/** The mean of these rows' positions in `coords` (interleaved x, y). */
export function meanPosition(coords: Float32Array, rows: readonly number[]): [number, number] {
  let x = 0;
  let y = 0;
  for (const r of rows) {
    x += coords[r * 2]!;
    y += coords[r * 2 + 1]!;
  }
  return rows.length ? [x / rows.length, y / rows.length] : [0, 0];
}
