/**
 * Which rows a recall check takes its query vectors from: distinct row offsets drawn uniformly,
 * so the sample is read row by row and the table is never read whole.
 */

/** A small seeded generator (an LCG), so a check with a seed samples the same rows every time. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * `count` distinct offsets in [0, rowCount), in the order drawn (min(count, rowCount) of them).
 * Rejection sampling: a repeat is drawn again, which stays cheap because a check samples far
 * fewer rows than the table holds; when it asks for most of them, a shuffle's prefix is used.
 */
export function sampleOffsets(rowCount: number, count: number, random: () => number): number[] {
  const n = Math.min(count, rowCount);
  if (n <= 0) return [];
  if (n * 2 > rowCount) {
    const all = Array.from({ length: rowCount }, (_, i) => i);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(random() * (rowCount - i));
      [all[i], all[j]] = [all[j]!, all[i]!];
    }
    return all.slice(0, n);
  }
  const seen = new Set<number>();
  const offsets: number[] = [];
  while (offsets.length < n) {
    const offset = Math.floor(random() * rowCount);
    if (seen.has(offset)) continue;
    seen.add(offset);
    offsets.push(offset);
  }
  return offsets;
}
