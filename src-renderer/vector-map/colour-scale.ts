/**
 * Point colours: a palette for categories (the most frequent first, the rest as "other") and a
 * gradient for numbers. Both are mid-light colours that read on the light and the dark
 * background alike, since the points are drawn as pixels without a theme of their own. Colours
 * are packed as the 32-bit pixels of an ImageData (little-endian RGBA, so 0xAABBGGRR).
 */

/** Tableau 10: distinct at a glance and kind to colour-blind readers. */
export const PALETTE = [
  '#4e79a7',
  '#f28e2b',
  '#e15759',
  '#76b7b2',
  '#59a14f',
  '#edc948',
  '#b07aa1',
  '#ff9da7',
  '#9c755f',
  '#bab0ac',
] as const;
export const OTHER = '#7f7f7f';
export const MISSING = '#a0a0a0';
/** Blue, teal, orange, red: low to high. */
export const GRADIENT = ['#2166ac', '#1b9e77', '#e08214', '#b2182b'] as const;

export type ColourValues =
  | { kind: 'none' }
  /** `codes[r]`: an index into `labels`, or `labels.length` for other values and null. */
  | { kind: 'category'; codes: Uint16Array; labels: string[]; others: number; nulls: number }
  | { kind: 'number'; values: Float64Array; min: number; max: number };

export function rgbOf(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

export function hexOf([r, g, b]: readonly number[]): string {
  return `#${[r, g, b].map((c) => Math.round(c!).toString(16).padStart(2, '0')).join('')}`;
}

/** A pixel of this colour, opaque. */
export function packed(hex: string): number {
  const [r, g, b] = rgbOf(hex);
  return ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

/** The gradient's colour at `t` in [0, 1] (clamped), blended linearly between its stops. */
export function gradientAt(t: number): string {
  const clamped = Number.isFinite(t) ? Math.min(1, Math.max(0, t)) : 0;
  const at = clamped * (GRADIENT.length - 1);
  const i = Math.min(Math.floor(at), GRADIENT.length - 2);
  const f = at - i;
  const a = rgbOf(GRADIENT[i]!);
  const b = rgbOf(GRADIENT[i + 1]!);
  return hexOf(a.map((c, k) => c + (b[k]! - c) * f));
}

/** Most frequent first; beyond the palette's size, values are "other". */
export function categoryCodes(values: ReadonlyArray<string | null>): ColourValues {
  const counts = new Map<string, number>();
  for (const v of values) if (v !== null) counts.set(v, (counts.get(v) ?? 0) + 1);
  const labels = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, PALETTE.length)
    .map(([label]) => label);
  const index = new Map(labels.map((l, i) => [l, i]));
  const codes = new Uint16Array(values.length);
  let others = 0;
  let nulls = 0;
  values.forEach((v, r) => {
    const code = v === null ? undefined : index.get(v);
    if (code === undefined) {
      if (v === null) nulls += 1;
      else others += 1;
    }
    codes[r] = code ?? labels.length;
  });
  return { kind: 'category', codes, labels, others, nulls };
}

export function numberValues(values: Float64Array): ColourValues {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (Number.isNaN(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { kind: 'number', values, min, max };
}

/** Every row's pixel colour. NaN stands for a missing number. */
export function pointColours(colour: ColourValues, n: number, plain: string): Uint32Array {
  const out = new Uint32Array(n);
  if (colour.kind === 'none') return out.fill(packed(plain));
  if (colour.kind === 'category') {
    const table = [...colour.labels.map((_, i) => packed(PALETTE[i]!)), packed(OTHER)];
    for (let r = 0; r < n; r += 1) out[r] = table[colour.codes[r]!]!;
    return out;
  }
  // 64 steps of the gradient: finer than the eye sees on a point.
  const steps = Array.from({ length: 64 }, (_, i) => packed(gradientAt(i / 63)));
  const span = colour.max - colour.min;
  const missing = packed(MISSING);
  for (let r = 0; r < n; r += 1) {
    const v = colour.values[r]!;
    out[r] = Number.isNaN(v)
      ? missing
      : steps[span > 0 ? Math.round(((v - colour.min) / span) * 63) : 0]!;
  }
  return out;
}
