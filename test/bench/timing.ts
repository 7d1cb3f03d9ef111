/** Timing helpers for benchmarks: alternate the two sides, report medians and their ratio. */
export async function timeOnce(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface Comparison {
  name: string;
  oursMs: number;
  lanceMs: number;
  ratio: number;
}

/**
 * Runs ours and LanceDB's in alternating order `rounds` times, so that drift on a noisy machine
 * hits both sides alike, and compares the medians.
 */
export async function compare(
  name: string,
  rounds: number,
  ours: (round: number) => Promise<unknown>,
  lance: (round: number) => Promise<unknown>,
): Promise<Comparison> {
  const oursTimes: number[] = [];
  const lanceTimes: number[] = [];
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      lanceTimes.push(await timeOnce(() => lance(round)));
      oursTimes.push(await timeOnce(() => ours(round)));
    } else {
      oursTimes.push(await timeOnce(() => ours(round)));
      lanceTimes.push(await timeOnce(() => lance(round)));
    }
  }
  const oursMs = median(oursTimes);
  const lanceMs = median(lanceTimes);
  return { name, oursMs, lanceMs, ratio: oursMs / lanceMs };
}

export function formatComparison(c: Comparison): string {
  return `${c.name.padEnd(46)} ours ${c.oursMs.toFixed(1).padStart(10)} ms   lancedb ${c.lanceMs
    .toFixed(1)
    .padStart(10)} ms   ratio ${c.ratio.toFixed(3)}`;
}
