/**
 * Numbers, shares, sizes, dates and durations as a person reads them: the one place the app
 * formats them, so a screen cannot show "11/27/2026, 5:02:55 AM" beside "27/11/2026, 05:04:21",
 * or "0.0%" for 18 rows. Everything goes through `Intl` in the user's locale (the browser's, or
 * the runtime's in the host); `test/unit/shared/format-only-here.test.ts` and the lint's
 * `no-restricted-syntax` row refuse `toLocale*String(` and `new Intl.` anywhere else.
 * Pure, so the workers and the tests share it.
 */

/** `undefined` is the user's locale; the tests pin one so their expectations hold anywhere. */
let locale: string | undefined;

/** For tests only: format as `tag` would (undefined: the user's locale again). */
export function setFormatLocale(tag: string | undefined): void {
  locale = tag;
  numberFormats.clear();
  dateFormats.clear();
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

export interface NumberDigits {
  /** Exactly this many digits after the decimal point (a recall of 0.950 stays "0.950"). */
  fraction?: number;
  /** At most this many significant digits (a legend's 0.123456789 → "0.123457"). */
  significant?: number;
  /** Short for an axis: 25,000 → "25K", 1,200,000 → "1.2M". */
  compact?: boolean;
}

/** 4934 → "4,934" (en-US); at most three decimals unless `digits` says otherwise. */
export function formatNumber(n: number, digits: NumberDigits = {}): string {
  if (!Number.isFinite(n)) return '—';
  if (digits.fraction !== undefined) {
    return numberFormat({
      minimumFractionDigits: digits.fraction,
      maximumFractionDigits: digits.fraction,
    }).format(n);
  }
  if (digits.compact) {
    return numberFormat({ notation: 'compact', maximumFractionDigits: 1 }).format(n);
  }
  if (digits.significant !== undefined) {
    return numberFormat({ maximumSignificantDigits: digits.significant }).format(n);
  }
  return numberFormat({ maximumFractionDigits: 3 }).format(n);
}

/** (1, 'row') → "1 row", (4934, 'row') → "4,934 rows"; `many` when adding an s is wrong. */
export function formatCount(n: number, one: string, many = `${one}s`): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

/**
 * A share of a whole, 18 of 100,000 → "<0.1%": a part that is not nothing never reads "0%" or
 * "0.0%", and one that is not everything never reads "100%". One decimal, trailing zero dropped.
 */
export function formatShare(part: number, whole: number): string {
  if (!Number.isFinite(part) || !Number.isFinite(whole) || whole <= 0) return '—';
  const fraction = part / whole;
  const percent = numberFormat({ style: 'percent', maximumFractionDigits: 1 });
  if (part > 0 && fraction < 0.001) return `<${percent.format(0.001)}`;
  if (part < whole && fraction > 0.999) return `>${percent.format(0.999)}`;
  return percent.format(fraction);
}

/** A fraction from 0 to 1 as a whole percentage, clamped: progress never reads past 100%. */
export function formatPercent(fraction: number): string {
  if (!Number.isFinite(fraction)) return '—';
  const clamped = Math.min(1, Math.max(0, fraction));
  return numberFormat({ style: 'percent', maximumFractionDigits: 0 }).format(
    // A job 99.6% done is not "100%" until it is.
    clamped < 1 ? Math.min(clamped, 0.99) : 1,
  );
}

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

/** The binary unit a size reads in: 1536 → 1 (KiB). Chart axes share one unit for all ticks. */
export function byteUnit(bytes: number): number {
  let unit = 0;
  let value = Math.abs(bytes);
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit;
}

/** 1536 → "1.5 KiB": binary units, three significant digits, whole bytes below 1 KiB. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  return formatBytesIn(bytes, byteUnit(bytes));
}

/** A size in a given unit (an axis' ticks all in MiB): three significant digits at most. */
export function formatBytesIn(bytes: number, unit: number): string {
  if (unit === 0) return `${formatNumber(Math.round(bytes))} ${UNITS[0]}`;
  const value = bytes / 1024 ** unit;
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return `${numberFormat({ maximumFractionDigits: digits }).format(value)} ${UNITS[unit]}`;
}

type When = number | Date;

/** A moment, with date and time, in the user's locale: "Nov 27, 2026, 5:02:55 AM" (en-US). */
export function formatDateTime(when: When): string {
  return dateFormat({ dateStyle: 'medium', timeStyle: 'medium' }).format(when);
}

/** A day: "Nov 27, 2026" (en-US). */
export function formatDate(when: When): string {
  return dateFormat({ dateStyle: 'medium' }).format(when);
}

/** A time of today: "5:02:55 AM" (en-US). */
export function formatTime(when: When): string {
  return dateFormat({ timeStyle: 'medium' }).format(when);
}

/**
 * How long something took: "0.4 ms", "250 ms", "1.5 s", "42 s", "2 min 5 s", "1 h 3 min".
 * Precise below ten of a unit, whole above, and two units at most.
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  const upTo = (n: number, digits: number) =>
    numberFormat({ maximumFractionDigits: digits }).format(n);
  if (ms < 10) return `${upTo(ms, 1)} ms`;
  if (ms < 1_000) return `${upTo(Math.round(ms), 0)} ms`;
  if (ms < 10_000) return `${upTo(Math.floor(ms / 100) / 10, 1)} s`;
  const seconds = Math.floor(ms / 1_000);
  if (seconds < 60) return `${upTo(seconds, 0)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${upTo(minutes, 0)} min ${upTo(seconds % 60, 0)} s`;
  return `${upTo(Math.floor(minutes / 60), 0)} h ${upTo(minutes % 60, 0)} min`;
}

/** The first bytes as spaced hex ("89 50 4e 47 …"), with an ellipsis when there are more. */
export function hexPrefix(bytes: Uint8Array, count = 8): string {
  const shown = Array.from(bytes.subarray(0, count), (b) => b.toString(16).padStart(2, '0'));
  return shown.join(' ') + (bytes.length > count ? ' …' : '');
}
