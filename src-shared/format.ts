/** Sizes and byte prefixes as a person reads them. Pure, so the worker and tests share it. */

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

/** 1536 → "1.5 KiB": binary units, three significant digits, whole bytes below 1 KiB. */
export function humanBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${bytes} B`;
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  // Trailing zeros go only after a decimal point: "1.50" → "1.5", but "150" stays.
  const text = value
    .toFixed(digits)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
  return `${text} ${UNITS[unit]}`;
}

/** The first bytes as spaced hex ("89 50 4e 47 …"), with an ellipsis when there are more. */
export function hexPrefix(bytes: Uint8Array, count = 8): string {
  const shown = Array.from(bytes.subarray(0, count), (b) => b.toString(16).padStart(2, '0'));
  return shown.join(' ') + (bytes.length > count ? ' …' : '');
}
