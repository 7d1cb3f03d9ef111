/**
 * The first two principal components of n rows of d values, for the map's first picture. The
 * covariance is accumulated once (n·d²/2 multiply-adds, well under a second for 50,000 × 128),
 * then power iteration finds its two leading eigenvectors on the small d × d matrix, so the cost
 * does not grow with the iterations. No DOM: it runs in the projection worker and in tests.
 */

export interface PcaModel {
  dim: number;
  mean: Float64Array;
  /** Unit vectors of `dim` values, the first explaining the most variance (at least two). */
  components: Float64Array[];
  /** The variance along each component. */
  variances: number[];
}

/** Mean and covariance (upper triangle filled, then mirrored) of row-major `data`. */
function covariance(data: Float32Array, n: number, d: number) {
  const mean = new Float64Array(d);
  for (let r = 0; r < n; r += 1) {
    const base = r * d;
    for (let i = 0; i < d; i += 1) mean[i]! += data[base + i]!;
  }
  for (let i = 0; i < d; i += 1) mean[i]! /= Math.max(n, 1);
  const cov = new Float64Array(d * d);
  const row = new Float64Array(d);
  for (let r = 0; r < n; r += 1) {
    const base = r * d;
    for (let i = 0; i < d; i += 1) row[i] = data[base + i]! - mean[i]!;
    for (let i = 0; i < d; i += 1) {
      const ri = row[i]!;
      if (ri === 0) continue;
      const at = i * d;
      for (let j = i; j < d; j += 1) cov[at + j]! += ri * row[j]!;
    }
  }
  const scale = 1 / Math.max(n - 1, 1);
  for (let i = 0; i < d; i += 1) {
    for (let j = i; j < d; j += 1) {
      const v = cov[i * d + j]! * scale;
      cov[i * d + j] = v;
      cov[j * d + i] = v;
    }
  }
  return { mean, cov };
}

function normalize(v: Float64Array): number {
  let s = 0;
  for (const x of v) s += x * x;
  const norm = Math.sqrt(s);
  if (norm > 0) for (let i = 0; i < v.length; i += 1) v[i]! /= norm;
  return norm;
}

/**
 * The leading eigenvector of symmetric `m` by power iteration, from a fixed start so the same
 * rows always give the same picture; its sign is chosen so its largest entry is positive.
 */
function leadingEigen(m: Float64Array, d: number, iterations: number) {
  let v = new Float64Array(d);
  // Not all ones: a start orthogonal to the answer would never leave it.
  for (let i = 0; i < d; i += 1) v[i] = 1 + ((i * 7919) % 13) / 13;
  normalize(v);
  let next = new Float64Array(d);
  let value = 0;
  for (let it = 0; it < iterations; it += 1) {
    for (let i = 0; i < d; i += 1) {
      let s = 0;
      const at = i * d;
      for (let j = 0; j < d; j += 1) s += m[at + j]! * v[j]!;
      next[i] = s;
    }
    value = normalize(next);
    let change = 0;
    for (let i = 0; i < d; i += 1) change += Math.abs(next[i]! - v[i]!);
    [v, next] = [next, v];
    if (value === 0 || change < 1e-10) break;
  }
  let largest = 0;
  for (let i = 0; i < d; i += 1) if (Math.abs(v[i]!) > Math.abs(v[largest]!)) largest = i;
  if (v[largest]! < 0) for (let i = 0; i < d; i += 1) v[i] = -v[i]!;
  return { vector: v, value };
}

/**
 * The `count` leading components (two for the picture), each found after removing the ones
 * before it (deflation).
 */
export function fitPca(
  data: Float32Array,
  n: number,
  d: number,
  count = 2,
  iterations = 500,
): PcaModel {
  const { mean, cov } = covariance(data, n, d);
  const components: Float64Array[] = [];
  const variances: number[] = [];
  for (let c = 0; c < Math.min(Math.max(count, 2), d); c += 1) {
    const found = leadingEigen(cov, d, iterations);
    components.push(found.vector);
    variances.push(found.value);
    for (let i = 0; i < d; i += 1) {
      for (let j = 0; j < d; j += 1) {
        cov[i * d + j]! -= found.value * found.vector[i]! * found.vector[j]!;
      }
    }
  }
  return { dim: d, mean, components, variances };
}

/** One vector's coordinates on the model's two components. */
export function projectOne(model: PcaModel, vector: ArrayLike<number>): [number, number] {
  let x = 0;
  let y = 0;
  const a = model.components[0]!;
  const b = model.components[1]!;
  for (let i = 0; i < model.dim; i += 1) {
    const c = (vector[i] ?? 0) - model.mean[i]!;
    x += c * a[i]!;
    y += c * b[i]!;
  }
  return [x, y];
}

/** Every row's coordinates, interleaved x, y. */
export function projectAll(model: PcaModel, data: Float32Array, n: number): Float32Array {
  const out = new Float32Array(n * 2);
  const d = model.dim;
  const a = model.components[0]!;
  const b = model.components[1]!;
  for (let r = 0; r < n; r += 1) {
    let x = 0;
    let y = 0;
    const base = r * d;
    for (let i = 0; i < d; i += 1) {
      const c = data[base + i]! - model.mean[i]!;
      x += c * a[i]!;
      y += c * b[i]!;
    }
    out[r * 2] = x;
    out[r * 2 + 1] = y;
  }
  return out;
}
