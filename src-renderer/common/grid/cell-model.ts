/**
 * What a decoded cell carries to the grid and the inspector: display-ready text for the grid, the
 * full value for the inspector. Plain data (strings, numbers, typed arrays), so it crosses from
 * the decode worker by structured clone.
 */
import type { ImageMime } from '../decode/image-magic';

export type Cell =
  | { kind: 'null' }
  | { kind: 'bool'; text: string }
  | { kind: 'number'; text: string; full: string }
  | { kind: 'text'; text: string }
  | { kind: 'vector'; dim: number; norm: number; values: Float64Array }
  | { kind: 'image'; mime: ImageMime; bytes: Uint8Array }
  | { kind: 'binary'; hex: string; bytes: Uint8Array }
  | { kind: 'nested'; text: string; pretty: string };

export interface DecodedPage {
  /** Column names in the order of each row's cells. */
  columns: string[];
  rows: Cell[][];
}

const MAX_COMPACT = 200;
const MAX_ITEMS = 8;

/** Floats to seven significant digits for the grid; integers as they are. */
export function formatNumber(value: number | bigint): string {
  if (typeof value === 'bigint') return value.toString();
  if (Number.isInteger(value) || !Number.isFinite(value)) return String(value);
  return String(Number(value.toPrecision(7)));
}

/**
 * A nested value in one line: `{score: 0.1, `a.b`: "m0"}`, `["t0", "t1"]`, at most a few items
 * per level and a bounded length, so a 10,000-item list costs no more than a short one.
 */
export function compactText(value: unknown, max = MAX_COMPACT): string {
  const text = compact(value, 0);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function compact(value: unknown, depth: number): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'bigint') return formatNumber(value);
  if (typeof value === 'boolean') return String(value);
  if (depth > 4) return '…';
  if (Array.isArray(value)) {
    const shown = value.slice(0, MAX_ITEMS).map((v) => compact(v, depth + 1));
    if (value.length > MAX_ITEMS) shown.push(`… +${value.length - MAX_ITEMS}`);
    return `[${shown.join(', ')}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    const shown = entries
      .slice(0, MAX_ITEMS)
      .map(
        ([k, v]) =>
          `${/^[A-Za-z_][A-Za-z0-9_]*$/.test(k) ? k : JSON.stringify(k)}: ${compact(v, depth + 1)}`,
      );
    if (entries.length > MAX_ITEMS) shown.push(`… +${entries.length - MAX_ITEMS}`);
    return `{${shown.join(', ')}}`;
  }
  return String(value);
}

/** Indented JSON for the inspector; bigints (already made plain) never reach JSON.stringify. */
export function prettyText(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? 'null';
}
