/** Numbers behind a vector cell: its length and a sparkline small enough for a grid row. */

export function l2Norm(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i += 1) {
    const v = values[i]!;
    if (Number.isFinite(v)) sum += v * v;
  }
  return Math.sqrt(sum);
}

/**
 * SVG polyline points for a sparkline of `width` × `height`: long vectors are averaged into at
 * most `maxPoints` buckets so a 1536-dim embedding draws as fast as a 16-dim one. A flat vector
 * draws a line through the middle; non-finite values count as zero.
 */
export function sparklinePoints(
  values: ArrayLike<number>,
  width: number,
  height: number,
  maxPoints = 48,
): string {
  const n = values.length;
  if (n === 0) return '';
  const buckets = Math.min(n, maxPoints);
  const means: number[] = [];
  for (let b = 0; b < buckets; b += 1) {
    const from = Math.floor((b * n) / buckets);
    const to = Math.max(from + 1, Math.floor(((b + 1) * n) / buckets));
    let sum = 0;
    for (let i = from; i < to; i += 1) {
      const v = values[i]!;
      sum += Number.isFinite(v) ? v : 0;
    }
    means.push(sum / (to - from));
  }
  const min = Math.min(...means);
  const max = Math.max(...means);
  const span = max - min;
  const step = buckets > 1 ? width / (buckets - 1) : 0;
  return means
    .map((m, i) => {
      const x = buckets > 1 ? i * step : width / 2;
      const y = span === 0 ? height / 2 : height - ((m - min) / span) * height;
      return `${round(x)},${round(y)}`;
    })
    .join(' ');
}

const round = (v: number) => Math.round(v * 10) / 10;
