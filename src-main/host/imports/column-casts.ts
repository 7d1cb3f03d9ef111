/**
 * The schema a person edits before an import: which file columns to keep, their new names, and
 * the type each is cast to. Every value is cast on its way in; one that does not fit fails the
 * import with the row and column that hold it, so a bad file never becomes a half-right table.
 */
import type { DataType, Field, Schema } from 'apache-arrow';
import { arrow } from '../../catalog/arrow';
import { errors } from '../../../src-shared/vocabulary/errors';
import type { ImportColumn, ImportColumnType } from '../../../src-shared/studio-procedures';
import { DATE_FORMAT, DATE_TIME_FORMAT, isoToEpochMs } from './iso-dates';

export const MAX_VECTOR_DIMENSION = 65_536;

/** One output column: where it comes from and, when cast, its new type. */
export interface ColumnPlan {
  source: string;
  field: Field;
  /** Absent: the file's values go in unchanged (only renamed). */
  cast?: ImportColumnType;
  dimension?: number;
}

export function arrowTypeFor(type: ImportColumnType, dimension = 0): DataType {
  const A = arrow;
  switch (type) {
    case 'int32':
      return new A.Int32();
    case 'int64':
      return new A.Int64();
    case 'float32':
      return new A.Float32();
    case 'float64':
      return new A.Float64();
    case 'utf8':
      return new A.Utf8();
    case 'bool':
      return new A.Bool();
    case 'binary':
      return new A.Binary();
    case 'date32':
      return new A.DateDay();
    case 'timestamp':
      return new A.Timestamp(A.TimeUnit.MICROSECOND, 'UTC');
    case 'vector':
      return new A.FixedSizeList(dimension, new A.Field('item', new A.Float32(), true));
  }
}

/** Checks the edited columns against the file's schema, before anything is written. */
export function planColumns(source: Schema, columns: readonly ImportColumn[]): ColumnPlan[] {
  if (columns.length === 0) throw errors.InvalidInput('Keep at least one column of the file');
  const available = source.fields.map((f) => f.name);
  const names = new Set<string>();
  return columns.map((column) => {
    const from = source.fields.find((f) => f.name === column.source);
    if (!from) {
      throw errors.InvalidInput(
        `The file has no column ${JSON.stringify(column.source)}; it has ${available.map((n) => JSON.stringify(n)).join(', ')}`,
      );
    }
    const name = column.name;
    if (name.trim() === '')
      throw errors.InvalidInput(`The column from ${JSON.stringify(column.source)} needs a name`);
    if (names.has(name))
      throw errors.InvalidInput(`Two columns are named ${JSON.stringify(name)}; names must differ`);
    names.add(name);
    if (column.type === undefined) {
      if (column.dimension !== undefined)
        throw errors.InvalidInput(`Column ${JSON.stringify(name)}: a dimension needs type vector`);
      return { source: column.source, field: new arrow.Field(name, from.type, true) };
    }
    let dimension: number | undefined;
    if (column.type === 'vector') {
      dimension = column.dimension;
      if (
        dimension === undefined ||
        !Number.isInteger(dimension) ||
        dimension < 1 ||
        dimension > MAX_VECTOR_DIMENSION
      ) {
        throw errors.InvalidInput(
          `Column ${JSON.stringify(name)}: a vector needs a whole-number dimension from 1 to ${MAX_VECTOR_DIMENSION} (got ${JSON.stringify(column.dimension ?? null)})`,
        );
      }
    } else if (column.dimension !== undefined) {
      throw errors.InvalidInput(`Column ${JSON.stringify(name)}: a dimension needs type vector`);
    }
    return {
      source: column.source,
      field: new arrow.Field(name, arrowTypeFor(column.type, dimension), true),
      cast: column.type,
      ...(dimension === undefined ? {} : { dimension }),
    };
  });
}

const INTEGER_TEXT = /^[-+]?\d+$/;
const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
const TRUE_WORDS = new Set(['true', 't', 'yes', 'y', '1']);
const FALSE_WORDS = new Set(['false', 'f', 'no', 'n', '0']);

/** Why one value does not fit its type; the caller says where it was. */
export class CastFailure extends Error {}
const refuse = (why: string): never => {
  throw new CastFailure(why);
};

function show(value: unknown): string {
  const text =
    typeof value === 'string'
      ? JSON.stringify(value)
      : typeof value === 'bigint'
        ? String(value)
        : ArrayBuffer.isView(value)
          ? `${value.constructor.name}`
          : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** Arrays, typed arrays and Arrow vectors (a list cell from Parquet or Arrow) as plain arrays. */
function asArray(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value as unknown[];
  if (ArrayBuffer.isView(value) && !(value instanceof DataView))
    return Array.from(value as unknown as ArrayLike<unknown>);
  if (value && typeof value === 'object' && 'toArray' in value)
    return Array.from((value as { toArray(): ArrayLike<unknown> }).toArray());
  return undefined;
}

function toWhole(value: unknown, type: 'int32' | 'int64'): number | bigint {
  let whole: bigint;
  if (typeof value === 'bigint') whole = value;
  else if (typeof value === 'number') {
    if (!Number.isInteger(value)) refuse(`${value} is not a whole number`);
    whole = BigInt(value);
  } else if (typeof value === 'string' && INTEGER_TEXT.test(value.trim())) {
    whole = BigInt(value.trim());
  } else return refuse(`cannot read ${show(value)} as a whole number`);
  if (type === 'int64') {
    if (whole < -(2n ** 63n) || whole >= 2n ** 63n) refuse(`${whole} does not fit in int64`);
    return whole;
  }
  if (whole < INT32_MIN || whole > INT32_MAX)
    refuse(`${whole} does not fit in int32; choose int64`);
  return Number(whole);
}

function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    if (!Number.isNaN(n)) return n;
  }
  return refuse(`cannot read ${show(value)} as a number`);
}

/**
 * A number for a float column. Rounding to the nearest float is what choosing a float type asks
 * for; a finite value that becomes Infinity is not, and is refused.
 */
function toFloat(value: unknown, type: 'float32' | 'float64'): number {
  const n = toNumber(value);
  const stored = type === 'float32' ? Math.fround(n) : n;
  const infiniteAlready =
    typeof value === 'number'
      ? !Number.isFinite(value)
      : typeof value === 'string' && /^[-+]?Infinity$/.test(value.trim());
  if (!Number.isFinite(stored) && !Number.isNaN(stored) && !infiniteAlready)
    refuse(`${show(value)} does not fit in ${type}`);
  return n;
}

function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value);
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return new TextDecoder().decode(value);
  const array = asArray(value);
  return JSON.stringify(
    array ?? value,
    (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v) as unknown,
  );
}

function toBool(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  const word = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  const lower = word.trim().toLowerCase();
  if (TRUE_WORDS.has(lower)) return true;
  if (FALSE_WORDS.has(lower)) return false;
  return refuse(`cannot read ${show(value)} as true or false`);
}

function toBytes(value: unknown): Uint8Array {
  if (value instanceof Uint8Array) return value;
  if (typeof value === 'string') return new TextEncoder().encode(value);
  return refuse(`cannot read ${show(value)} as bytes`);
}

/** Milliseconds since the epoch: how Arrow JS takes dates and timestamps. */
function toEpochMs(value: unknown, dateOnly: boolean): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string') {
    const ms = isoToEpochMs(value);
    if (!Number.isNaN(ms)) return ms;
  }
  return refuse(
    `cannot read ${show(value)} as a ${dateOnly ? `date (${DATE_FORMAT})` : `timestamp (${DATE_TIME_FORMAT}, at most milliseconds)`}`,
  );
}

function toVector(value: unknown, dimension: number): number[] {
  let items = asArray(value);
  if (!items && typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        items = asArray(JSON.parse(text));
      } catch {
        refuse(`${show(value)} is not a list of numbers`);
      }
    }
  }
  if (!items) return refuse(`cannot read ${show(value)} as a vector`);
  if (items.length !== dimension)
    refuse(`expected a vector of ${dimension} numbers, got ${items.length}`);
  return items.map((item, i) => {
    const n = typeof item === 'string' ? Number(item) : item;
    if (typeof n !== 'number' || !Number.isFinite(n))
      refuse(`item ${i + 1} of the vector is ${show(item)}, not a number`);
    return n as number;
  });
}

/**
 * One non-null value cast to a type, in the form the batch builder takes, or CastFailure saying
 * why it does not fit. The grid's typed cells (../rows/) are read by the same rules.
 */
export function castTo(value: unknown, cast: ImportColumnType, dimension = 0): unknown {
  switch (cast) {
    case 'int32':
    case 'int64':
      return toWhole(value, cast);
    case 'float32':
    case 'float64':
      return toFloat(value, cast);
    case 'utf8':
      return toText(value);
    case 'bool':
      return toBool(value);
    case 'binary':
      return toBytes(value);
    case 'date32':
      return new Date(toEpochMs(value, true));
    case 'timestamp':
      return toEpochMs(value, false);
    case 'vector':
      return toVector(value, dimension);
  }
}

/** One value cast to its column's type, in the form the batch builder takes; null stays null. */
export function castValue(
  value: unknown,
  plan: ColumnPlan,
  row: number,
  fromText: boolean,
): unknown {
  if (value === null || value === undefined) return null;
  // An empty CSV cell is a missing value, except in a text column where it is the empty string.
  if (fromText && typeof value === 'string' && value.trim() === '' && plan.cast !== 'utf8')
    return null;
  try {
    return plan.cast === undefined ? value : castTo(value, plan.cast, plan.dimension);
  } catch (error) {
    if (!(error instanceof CastFailure)) throw error;
    throw errors.InvalidInput(
      `Row ${row + 1}, column ${JSON.stringify(plan.field.name)} (from ${JSON.stringify(plan.source)}): ${error.message}`,
    );
  }
}

export function outputSchema(plans: readonly ColumnPlan[]): Schema {
  return new arrow.Schema(plans.map((p) => p.field));
}
