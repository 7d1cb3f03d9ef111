/** recall@k and latency summaries: the arithmetic of the recall check, kept free of any runtime. */
import type { LatencySummary } from './recall-schemas';

/**
 * |approx ∩ exact| / min(k, |exact|), both lists cut to their first k ids. The denominator is
 * min(k, |exact|) rather than k so that a table (or filter) with fewer than k rows does not cap
 * recall below 1; with nothing to find (|exact| = 0) every answer is perfect, so recall is 1.
 */
export function recallAtK<T>(exactIds: readonly T[], approxIds: readonly T[], k: number): number {
  const truth = new Set(exactIds.slice(0, k));
  if (truth.size === 0) return 1;
  // A set: an id the index answered twice counts once.
  const found = new Set(approxIds.slice(0, k).filter((id) => truth.has(id)));
  return found.size / Math.min(k, truth.size);
}

export function mean(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

/**
 * Nearest-rank percentile (p in (0, 100]): the smallest sample with at least p% of the samples at
 * or below it. Always one of the measured values, never an interpolation between two.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

/** The median is the mean of the two middle values for an even count, as test/bench/timing.ts. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function summarizeLatency(samplesMs: readonly number[]): LatencySummary {
  return { median: median(samplesMs), p95: percentile(samplesMs, 95) };
}
