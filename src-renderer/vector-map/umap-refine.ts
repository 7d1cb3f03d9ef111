/**
 * UMAP refining the PCA picture, on typed arrays: the neighbour graph (knn.ts), its fuzzy
 * weights, and the layout by stochastic gradient descent with negative sampling, as umap-learn
 * does (McInnes et al.; `optimize_layout_euclidean`). The layout starts from the PCA coordinates
 * rather than random ones, so the points move from the first picture to the clusters instead of
 * jumping, and the same rows give the same map. Our own code rather than umap-js: umap-js took
 * 35 s for 10,000 × 128 here, against a goal of 15 s (docs/decisions.md). No DOM: it runs in the
 * projection worker, the tests and the bench.
 */
import { nearestNeighbours } from './knn';

export interface RefineOptions {
  /** Called every `every` epochs with the layout so far (interleaved x, y) and the epoch. */
  onFrame: (coords: Float32Array, epoch: number, epochs: number) => void;
  every?: number;
  nNeighbors?: number;
  /** Layout epochs; by default umap-js's schedule: 500 up to 2,500 rows, down to 200 above 7,500. */
  epochs?: number;
  /** When the neighbour graph is done and the layout begins. */
  onPhase?: (phase: 'neighbours' | 'layout') => void;
  seed?: number;
}

/** A small seeded generator (xorshift32), so a layout can be reproduced. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/** umap-learn's curve parameters for min_dist 0.1 and spread 1 (its defaults). */
const A = 1.5769434603113077;
const B = 0.8950608779109733;
const NEGATIVE_SAMPLE_RATE = 5;
const CLIP = 4;

interface Graph {
  head: Int32Array;
  tail: Int32Array;
  weight: Float32Array;
}

/**
 * Each row's neighbours weighted by exp(-(dist - rho) / sigma), with rho the nearest distance and
 * sigma chosen so the weights sum to log2(k); then made symmetric as a fuzzy union
 * (a + b - a·b).
 */
export function fuzzyGraph(
  indices: Int32Array,
  squared: Float32Array,
  n: number,
  k: number,
): Graph {
  const target = Math.log2(k);
  const directed = new Map<number, number>();
  let meanAll = 0;
  for (let i = 0; i < squared.length; i += 1)
    if (Number.isFinite(squared[i])) meanAll += Math.sqrt(squared[i]!);
  meanAll /= Math.max(squared.length, 1);
  const dist = new Float64Array(k);
  for (let r = 0; r < n; r += 1) {
    let count = 0;
    let rho = 0;
    let sum = 0;
    for (let j = 0; j < k; j += 1) {
      if (indices[r * k + j]! < 0) break;
      dist[count] = Math.sqrt(squared[r * k + j]!);
      if (rho === 0 && dist[count]! > 0) rho = dist[count]!;
      sum += dist[count]!;
      count += 1;
    }
    let lo = 0;
    let hi = Infinity;
    let sigma = 1;
    for (let it = 0; it < 64; it += 1) {
      let psum = 0;
      for (let j = 0; j < count; j += 1) {
        const gap = dist[j]! - rho;
        psum += gap > 0 ? Math.exp(-gap / sigma) : 1;
      }
      if (Math.abs(psum - target) < 1e-5) break;
      if (psum > target) {
        hi = sigma;
        sigma = (lo + hi) / 2;
      } else {
        lo = sigma;
        sigma = hi === Infinity ? sigma * 2 : (lo + hi) / 2;
      }
    }
    const floor = 1e-3 * (rho > 0 ? sum / Math.max(count, 1) : meanAll);
    sigma = Math.max(sigma, floor);
    for (let j = 0; j < count; j += 1) {
      const gap = dist[j]! - rho;
      directed.set(r * n + indices[r * k + j]!, gap > 0 ? Math.exp(-gap / sigma) : 1);
    }
  }
  const head: number[] = [];
  const tail: number[] = [];
  const weight: number[] = [];
  const both = (i: number, j: number, w: number) => {
    head.push(i);
    tail.push(j);
    weight.push(w);
  };
  for (const [key, a] of directed) {
    const i = Math.floor(key / n);
    const j = key - i * n;
    const b = directed.get(j * n + i);
    if (b === undefined) {
      // Only i saw j: both directions carry the union's weight, which is a.
      both(i, j, a);
      both(j, i, a);
    } else if (i < j) {
      const w = a + b - a * b;
      both(i, j, w);
      both(j, i, w);
    }
  }
  return {
    head: Int32Array.from(head),
    tail: Int32Array.from(tail),
    weight: Float32Array.from(weight),
  };
}

/**
 * The UMAP layout of `n` rows of `d` values, started from `start` (interleaved x, y) rescaled
 * to ±10, as umap-learn scales its own starting layout.
 */
export function refineWithUmap(
  data: Float32Array,
  n: number,
  d: number,
  start: Float32Array,
  options: RefineOptions,
): Float32Array {
  const random = seededRandom(options.seed ?? 42);
  const k = Math.max(2, Math.min(options.nNeighbors ?? 15, n - 1));
  options.onPhase?.('neighbours');
  const knn = nearestNeighbours(data, n, d, k, random);
  const graph = fuzzyGraph(knn.indices, knn.distances, n, k);
  options.onPhase?.('layout');

  const epochs = options.epochs ?? (n <= 2_500 ? 500 : n <= 5_000 ? 400 : n <= 7_500 ? 300 : 200);
  let maxWeight = 0;
  for (const w of graph.weight) maxWeight = Math.max(maxWeight, w);
  // Edges too weak to be sampled once in the whole run are dropped, as umap-learn does.
  const keep: number[] = [];
  for (let e = 0; e < graph.weight.length; e += 1) {
    if (graph.weight[e]! >= maxWeight / epochs) keep.push(e);
  }
  const m = keep.length;
  const head = new Int32Array(m);
  const tail = new Int32Array(m);
  const perSample = new Float64Array(m);
  keep.forEach((e, i) => {
    head[i] = graph.head[e]!;
    tail[i] = graph.tail[e]!;
    perSample[i] = maxWeight / graph.weight[e]!;
  });
  const nextSample = Float64Array.from(perSample);
  const perNegative = perSample.map((p) => p / NEGATIVE_SAMPLE_RATE);
  const nextNegative = Float64Array.from(perNegative);

  // Float64 while it moves: the small late steps are not lost to rounding.
  const y = new Float64Array(n * 2);
  let extent = 0;
  for (const v of start) extent = Math.max(extent, Math.abs(v));
  const scale = extent > 0 ? 10 / extent : 1;
  // A little noise, so rows with the same vector do not sit on one point for ever.
  for (let i = 0; i < n * 2; i += 1) y[i] = start[i]! * scale + (random() - 0.5) * 1e-3;

  const every = options.every ?? 25;
  const attract = -2 * A * B;
  const repel = 2 * B;
  for (let epoch = 0; epoch < epochs; epoch += 1) {
    const alpha = 1 - epoch / epochs;
    for (let e = 0; e < m; e += 1) {
      if (nextSample[e]! > epoch) continue;
      const j = head[e]! * 2;
      const t = tail[e]! * 2;
      let dx = y[j]! - y[t]!;
      let dy = y[j + 1]! - y[t + 1]!;
      let dsq = dx * dx + dy * dy;
      if (dsq > 0) {
        // One pow: d^(2b) / d² is d^(2(b - 1)).
        const pb = Math.pow(dsq, B);
        const coeff = (attract * pb) / dsq / (A * pb + 1);
        let gx = coeff * dx;
        let gy = coeff * dy;
        gx = (gx > CLIP ? CLIP : gx < -CLIP ? -CLIP : gx) * alpha;
        gy = (gy > CLIP ? CLIP : gy < -CLIP ? -CLIP : gy) * alpha;
        y[j]! += gx;
        y[j + 1]! += gy;
        y[t]! -= gx;
        y[t + 1]! -= gy;
      }
      nextSample[e]! += perSample[e]!;
      const negatives = Math.floor((epoch - nextNegative[e]!) / perNegative[e]!);
      for (let p = 0; p < negatives; p += 1) {
        const o = Math.floor(random() * n) * 2;
        if (o === j) continue;
        dx = y[j]! - y[o]!;
        dy = y[j + 1]! - y[o + 1]!;
        dsq = dx * dx + dy * dy;
        if (dsq > 0) {
          const coeff = repel / ((0.001 + dsq) * (A * Math.pow(dsq, B) + 1));
          const gx = coeff * dx;
          const gy = coeff * dy;
          y[j]! += (gx > CLIP ? CLIP : gx < -CLIP ? -CLIP : gx) * alpha;
          y[j + 1]! += (gy > CLIP ? CLIP : gy < -CLIP ? -CLIP : gy) * alpha;
        } else {
          y[j]! += CLIP * alpha;
          y[j + 1]! += CLIP * alpha;
        }
      }
      nextNegative[e]! += negatives * perNegative[e]!;
    }
    if ((epoch + 1) % every === 0 || epoch + 1 === epochs) {
      options.onFrame(Float32Array.from(y), epoch + 1, epochs);
    }
  }
  return Float32Array.from(y);
}
