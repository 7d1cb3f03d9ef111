/**
 * JSON text for export values. Unlike JSON.stringify it writes a 64-bit integer with all its
 * digits (a JSON number has no size limit; a reader that needs them, Python or a BigInt-aware
 * parser, gets them exactly), and NaN and ±Infinity, which JSON cannot hold, as null.
 */
import type { CellValue } from './cell-values';

export function jsonText(value: CellValue): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'bigint':
      return value.toString();
    case 'boolean':
      return value ? 'true' : 'false';
  }
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  const members = Object.entries(value).map(
    ([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`,
  );
  return `{${members.join(',')}}`;
}
