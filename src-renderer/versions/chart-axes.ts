/**
 * The axes of the versions charts, built here rather than by the chart library's number format:
 * its SI format read a 52.9 MiB table as "422806M" and ticked three versions "1 2 2 3 3". Values
 * start at zero (a size or row count read against nothing is no size at all), ticks are round
 * steps up to the data's real top, sizes in one binary unit for the whole axis, and versions are
 * whole numbers, each a version that exists when there are few.
 */
import { byteUnit, formatBytesIn, formatNumber } from '../../src-shared/format';

export interface Axis {
  domain: [number, number];
  ticks: number[];
  format: (value: number) => string;
}

/** The step of 1, 2 or 5 times a power of ten nearest to `span / count`. */
export function roundStep(span: number, count: number): number {
  if (!(span > 0)) return 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const scaled = raw / power;
  return (scaled < 1.5 ? 1 : scaled < 3 ? 2 : scaled < 7 ? 5 : 10) * power;
}

/** From zero to the first round step at or over `max`, in about `count` steps. */
function fromZero(max: number, step: number): { top: number; ticks: number[] } {
  const top = Math.max(step, Math.ceil(max / step - 1e-9) * step);
  const ticks: number[] = [];
  // Multiplied, not added: a sum of 0.1 steps drifts off the round numbers.
  for (let i = 0; i * step <= top + step * 1e-9; i++) ticks.push(i * step);
  return { top, ticks };
}

/** Row counts: whole steps, compact labels ("25K"). */
export function rowsAxis(values: readonly number[], count = 3): Axis {
  const max = Math.max(0, ...values);
  const step = Math.max(1, Math.round(roundStep(max, count)));
  const { top, ticks } = fromZero(max, step);
  return { domain: [0, top], ticks, format: (n) => formatNumber(n, { compact: true }) };
}

/** Sizes: round steps in the unit of the largest value ("0 MiB, 20 MiB, 40 MiB, 60 MiB"). */
export function bytesAxis(values: readonly number[], count = 3): Axis {
  const max = Math.max(0, ...values);
  const unit = byteUnit(max);
  const scale = 1024 ** unit;
  const stepInUnit = roundStep(max / scale, count);
  const step = (unit === 0 ? Math.max(1, Math.round(stepInUnit)) : stepInUnit) * scale;
  const { top, ticks } = fromZero(max, step);
  return { domain: [0, top], ticks, format: (n) => formatBytesIn(n, unit) };
}

/** Versions: every version when there are at most `count`, else whole round steps between. */
export function versionsAxis(versions: readonly number[], count = 6): Axis {
  const sorted = [...new Set(versions)].sort((a, b) => a - b);
  const first = sorted[0] ?? 1;
  const last = sorted[sorted.length - 1] ?? first;
  const format = (n: number) => formatNumber(n);
  // One version sits in the middle of its axis, not on a zero-width one.
  const domain: [number, number] = first === last ? [first - 1, last + 1] : [first, last];
  if (sorted.length <= count) return { domain, ticks: sorted, format };
  const step = Math.max(1, Math.round(roundStep(last - first, count)));
  const ticks: number[] = [];
  for (let v = Math.ceil(first / step) * step; v <= last; v += step) ticks.push(v);
  return { domain, ticks, format };
}
