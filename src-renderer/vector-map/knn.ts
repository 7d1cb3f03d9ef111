/**
 * Approximate k nearest neighbours of every row (L2), for UMAP's graph: candidates from the
 * leaves of a few random-projection trees, then rounds of "a neighbour's neighbour is likely a
 * neighbour" (the NN-descent idea), all on typed arrays. For 10,000 × 128 this is about a second,
 * where umap-js's own search took 7 s here (docs/decisions.md).
 */

export interface Knn {
  k: number;
  /** Row r's neighbours at [r·k, r·k + k), nearest first; -1 where fewer were found. */
  indices: Int32Array;
  /** Their squared L2 distances, in the same places. */
  distances: Float32Array;
}

function squaredDistance(data: Float32Array, d: number, a: number, b: number): number {
  let s = 0;
  const ia = a * d;
  const ib = b * d;
  for (let i = 0; i < d; i += 1) {
    const diff = data[ia + i]! - data[ib + i]!;
    s += diff * diff;
  }
  return s;
}

/** Offers `b` as a neighbour of `a`; keeps each row's list sorted. True if it was taken. */
function offer(knn: Knn, a: number, b: number, dist: number): boolean {
  const { k, indices, distances } = knn;
  const base = a * k;
  if (dist >= distances[base + k - 1]!) return false;
  for (let i = 0; i < k; i += 1) if (indices[base + i] === b) return false;
  let at = k - 1;
  while (at > 0 && distances[base + at - 1]! > dist) {
    distances[base + at] = distances[base + at - 1]!;
    indices[base + at] = indices[base + at - 1]!;
    at -= 1;
  }
  distances[base + at] = dist;
  indices[base + at] = b;
  return true;
}

/** Splits rows by a random hyperplane between two of them, down to leaves of `leafSize`. */
function leaves(
  data: Float32Array,
  d: number,
  rows: Int32Array,
  leafSize: number,
  random: () => number,
  out: Int32Array[],
): void {
  if (rows.length <= leafSize) {
    out.push(rows);
    return;
  }
  const a = rows[Math.floor(random() * rows.length)]!;
  let b = rows[Math.floor(random() * rows.length)]!;
  if (a === b) b = rows[(rows.indexOf(a) + 1) % rows.length]!;
  // The hyperplane halfway between a and b: side by the sign of (x - mid) · (a - b).
  const normal = new Float64Array(d);
  let offset = 0;
  for (let i = 0; i < d; i += 1) {
    const ai = data[a * d + i]!;
    const bi = data[b * d + i]!;
    normal[i] = ai - bi;
    offset += (ai - bi) * ((ai + bi) / 2);
  }
  const left: number[] = [];
  const right: number[] = [];
  for (const r of rows) {
    let s = -offset;
    for (let i = 0; i < d; i += 1) s += data[r * d + i]! * normal[i]!;
    // Ties (equal rows) alternate, so a leaf of duplicates still splits.
    (s > 0 || (s === 0 && random() < 0.5) ? left : right).push(r);
  }
  if (left.length === 0 || right.length === 0) {
    const half = rows.length >> 1;
    out.push(rows.slice(0, half), rows.slice(half));
    return;
  }
  leaves(data, d, Int32Array.from(left), leafSize, random, out);
  leaves(data, d, Int32Array.from(right), leafSize, random, out);
}

export function nearestNeighbours(
  data: Float32Array,
  n: number,
  d: number,
  k: number,
  random: () => number,
  { trees = 4, leafSize = Math.max(k * 3, 40), rounds = 2 } = {},
): Knn {
  const knn: Knn = {
    k,
    indices: new Int32Array(n * k).fill(-1),
    distances: new Float32Array(n * k).fill(Infinity),
  };
  const all = new Int32Array(n);
  for (let i = 0; i < n; i += 1) all[i] = i;
  for (let t = 0; t < trees; t += 1) {
    const found: Int32Array[] = [];
    leaves(data, d, all, leafSize, random, found);
    for (const leaf of found) {
      for (let i = 0; i < leaf.length; i += 1) {
        for (let j = i + 1; j < leaf.length; j += 1) {
          const a = leaf[i]!;
          const b = leaf[j]!;
          const dist = squaredDistance(data, d, a, b);
          offer(knn, a, b, dist);
          offer(knn, b, a, dist);
        }
      }
    }
  }
  for (let round = 0; round < rounds; round += 1) {
    let changes = 0;
    for (let a = 0; a < n; a += 1) {
      for (let i = 0; i < k; i += 1) {
        const b = knn.indices[a * k + i]!;
        if (b < 0) continue;
        for (let j = 0; j < k; j += 1) {
          const c = knn.indices[b * k + j]!;
          if (c < 0 || c === a) continue;
          const dist = squaredDistance(data, d, a, c);
          if (offer(knn, a, c, dist)) changes += 1;
          if (offer(knn, c, a, dist)) changes += 1;
        }
      }
    }
    // Converged: almost nothing moved in this round.
    if (changes < n * k * 0.001) break;
  }
  return knn;
}
