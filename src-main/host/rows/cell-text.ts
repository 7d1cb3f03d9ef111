/**
 * A grid cell as the person typed it, read by its column's Arrow type into an exact value: the
 * same text means the same value in an edit and in a new row. Numbers, text, booleans and vectors
 * follow the import's cast rules (../imports/column-casts.ts), so a cell and a CSV field are read
 * alike; the widths and units an import never makes (int8, uint64, float16, date-only columns,
 * timestamps in any unit and zone) are read here, exactly. A value that does not fit is refused
 * (CastFailure with the reason), never wrapped, rounded past its type or cut.
 */
import type { DataType, Field } from 'apache-arrow';
import { arrow } from '../../catalog/arrow';
import { castTo, CastFailure } from '../imports/column-casts';
import { ISO_DATE, isoToEpochMs } from '../imports/iso-dates';

/** A cell's value, exact: whole numbers and timestamps as bigint, never through a JS number. */
export type CellValue =
  | { kind: 'null' }
  | { kind: 'int'; value: bigint }
  | { kind: 'float'; value: number }
  | { kind: 'text'; value: string }
  | { kind: 'bool'; value: boolean }
  /** Days since 1970-01-01, and the day as typed (YYYY-MM-DD). */
  | { kind: 'date'; days: number; day: string }
  /** In the column's unit since the epoch, UTC. */
  | { kind: 'timestamp'; value: bigint }
  | { kind: 'vector'; value: number[] };

export type CellKind = Exclude<CellValue['kind'], 'null'>;

const NULL: CellValue = { kind: 'null' };
const WHOLE = /^[-+]?\d+$/;
const FLOAT16_MAX = 65504;
/**
 * A date-time with up to nine decimals (nanoseconds); a date alone is its midnight. Without a
 * zone it is UTC, as an import reads it, whatever zone the column is shown in.
 */
const TIMESTAMP =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;
/** Units per second of each Arrow time unit, and the decimals a value of it can hold. */
const UNITS = [
  { perSecond: 1n, decimals: 0, name: 'seconds' },
  { perSecond: 1_000n, decimals: 3, name: 'milliseconds' },
  { perSecond: 1_000_000n, decimals: 6, name: 'microseconds' },
  { perSecond: 1_000_000_000n, decimals: 9, name: 'nanoseconds' },
] as const;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** What a value of the type is, or undefined for a type a cell cannot be typed into. */
export function cellKind(type: DataType): CellKind | undefined {
  if (arrow.DataType.isInt(type)) return 'int';
  if (arrow.DataType.isFloat(type)) return 'float';
  if (arrow.DataType.isUtf8(type) || arrow.DataType.isLargeUtf8(type)) return 'text';
  if (arrow.DataType.isBool(type)) return 'bool';
  if (arrow.DataType.isDate(type) && type.unit === arrow.DateUnit.DAY) return 'date';
  if (arrow.DataType.isTimestamp(type)) return 'timestamp';
  if (arrow.DataType.isFixedSizeList(type) && arrow.DataType.isFloat(type.children[0]!.type)) {
    return 'vector';
  }
  return undefined;
}

/**
 * The cell's value for its column; null (SQL NULL) stays null, and so does empty text outside a
 * text column, as an empty CSV field does in an import. Throws CastFailure when it does not fit.
 */
export function readCell(text: string | null, field: Field): CellValue {
  if (text === null) return NULL;
  const type = field.type as DataType;
  const kind = cellKind(type);
  if (kind !== 'text' && text.trim() === '') return NULL;
  switch (kind) {
    case 'int':
      return { kind, value: readWhole(text, type as InstanceType<typeof arrow.Int>) };
    case 'float':
      return { kind, value: readFloat(text, type as InstanceType<typeof arrow.Float>) };
    case 'text':
      return { kind, value: castTo(text, 'utf8') as string };
    case 'bool':
      return { kind, value: castTo(text, 'bool') as boolean };
    case 'date':
      return readDate(text);
    case 'timestamp':
      return {
        kind,
        value: readTimestamp(text, type as InstanceType<typeof arrow.Timestamp>),
      };
    case 'vector':
      return {
        kind,
        value: readVector(text, type as InstanceType<typeof arrow.FixedSizeList>),
      };
    case undefined:
      throw new CastFailure(`a value of type ${String(type)} cannot be typed into a cell`);
  }
}

function readWhole(text: string, type: InstanceType<typeof arrow.Int>): bigint {
  const { bitWidth, isSigned } = type;
  // int64 is read by the import's rule (exact, as bigint); the other widths by their ranges.
  if (isSigned && bitWidth === 64) return castTo(text, 'int64') as bigint;
  const trimmed = text.trim();
  if (!WHOLE.test(trimmed)) throw new CastFailure(`cannot read ${show(text)} as a whole number`);
  const value = BigInt(trimmed);
  const bits = BigInt(bitWidth);
  const [min, max] = isSigned
    ? [-(2n ** (bits - 1n)), 2n ** (bits - 1n) - 1n]
    : [0n, 2n ** bits - 1n];
  if (value < min || value > max) {
    throw new CastFailure(
      `${value} does not fit in ${isSigned ? '' : 'u'}int${bitWidth} (${min} to ${max})`,
    );
  }
  return value;
}

/** A number rounded to the column's float (what a float column asks for), never to Infinity. */
function readFloat(text: string, type: InstanceType<typeof arrow.Float>): number {
  const half = type.precision === arrow.Precision.HALF;
  const value = castTo(
    text,
    type.precision === arrow.Precision.DOUBLE ? 'float64' : 'float32',
  ) as number;
  // SQL has no literal for them, and a cell that shows one can be left as it is.
  if (!Number.isFinite(value)) throw new CastFailure(`${show(text)} is not a finite number`);
  if (half && Math.abs(value) > FLOAT16_MAX) {
    throw new CastFailure(`${show(text)} does not fit in float16 (at most ${FLOAT16_MAX})`);
  }
  return value;
}

function readDate(text: string): CellValue {
  const day = text.trim();
  const ms = ISO_DATE.test(day) ? isoToEpochMs(day) : NaN;
  if (Number.isNaN(ms)) throw new CastFailure(`cannot read ${show(text)} as a date (YYYY-MM-DD)`);
  return { kind: 'date', days: ms / 86_400_000, day };
}

function readTimestamp(text: string, type: InstanceType<typeof arrow.Timestamp>): bigint {
  const unit = UNITS[type.unit]!;
  const match = TIMESTAMP.exec(text.trim());
  const [, day, minutes, seconds, fraction = '', zone] = match ?? [];
  const ms = match
    ? isoToEpochMs(`${day}T${minutes ?? '00:00'}:${seconds ?? '00'}${zone ?? 'Z'}`)
    : NaN;
  if (Number.isNaN(ms)) {
    throw new CastFailure(
      `cannot read ${show(text)} as a timestamp (YYYY-MM-DDTHH:MM:SS, decimals and a zone optional; without one it is UTC)`,
    );
  }
  if (fraction.replace(/0+$/, '').length > unit.decimals) {
    throw new CastFailure(`${show(text)} is finer than the column's ${unit.name}`);
  }
  const sub = BigInt((fraction + '000000000').slice(0, unit.decimals) || '0');
  const value = (BigInt(ms) / 1000n) * unit.perSecond + sub;
  if (value < INT64_MIN || value > INT64_MAX) {
    throw new CastFailure(`${show(text)} is out of the range of a timestamp in ${unit.name}`);
  }
  return value;
}

function readVector(text: string, type: InstanceType<typeof arrow.FixedSizeList>): number[] {
  const items = castTo(text, 'vector', type.listSize) as number[];
  const item = type.children[0]!.type as InstanceType<typeof arrow.Float>;
  const single = item.precision !== arrow.Precision.DOUBLE;
  const limit = item.precision === arrow.Precision.HALF ? FLOAT16_MAX : Infinity;
  items.forEach((n, i) => {
    if (!Number.isFinite(single ? Math.fround(n) : n) || Math.abs(n) > limit) {
      throw new CastFailure(`item ${i + 1} of the vector, ${n}, does not fit in ${String(item)}`);
    }
  });
  return items;
}

function show(text: string): string {
  const quoted = JSON.stringify(text);
  return quoted.length > 60 ? `${quoted.slice(0, 57)}…` : quoted;
}
