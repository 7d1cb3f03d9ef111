/**
 * Schema inference for row-shaped sources (CSV cells, JSON values) and the batch builder that
 * turns rows into Arrow with that schema. Vector columns, written as arrays of numbers (or, in
 * CSV, as "[0.1, 0.2, …]"), become fixed-size lists of float32 when every row has one length.
 */
import type { DataType, Field, Schema, Table as ArrowTable } from 'apache-arrow';
import { arrow } from '../../catalog/arrow';
import { errors } from '../../../src-shared/vocabulary/errors';
import { arrowTypeFor } from './column-casts';
import { ISO_DATE, isoToEpochMs } from './iso-dates';

export type ColumnKind =
  | { kind: 'int' }
  | { kind: 'int64' }
  | { kind: 'float' }
  | { kind: 'bool' }
  | { kind: 'string' }
  | { kind: 'vector'; dim: number }
  | { kind: 'string-list' }
  | { kind: 'date' }
  | { kind: 'timestamp' };

const INT_PATTERN = /^-?\d+$/;
const FLOAT_PATTERN = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * A CSV cell, or a JSON value, as what it looks like. An integer beyond 2^53 becomes a bigint,
 * since a number would round it; a float beyond float64 stays text, since a number would make it
 * Infinity.
 */
export function parseCell(value: unknown, fromText: boolean): unknown {
  if (!fromText || typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return null;
  if (text.startsWith('[') && text.endsWith(']')) {
    try {
      return JSON.parse(text);
    } catch {
      return value;
    }
  }
  if (INT_PATTERN.test(text)) {
    const n = Number(text);
    return Number.isSafeInteger(n) ? n : BigInt(text);
  }
  if (FLOAT_PATTERN.test(text)) {
    const n = Number(text);
    return Number.isFinite(n) ? n : value;
  }
  if (/^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
  return value;
}

/** Whether float64 holds this integer exactly (2^53 + 1 is the first it does not). */
function exactInFloat64(value: bigint): boolean {
  const n = Number(value);
  return Number.isFinite(n) && BigInt(n) === value;
}

/**
 * The narrowest type that holds every number without changing it: int32, then int64 for whole
 * numbers, then float64. Whole numbers that float64 would round, mixed with fractions or beyond
 * int64, stay text rather than lose digits.
 */
function numberKind(values: ReadonlyArray<number | bigint>): ColumnKind {
  let int32 = true;
  let int64 = true;
  let float64 = true;
  for (const v of values) {
    if (typeof v === 'bigint') {
      int32 = false;
      if (v < INT64_MIN || v > INT64_MAX) int64 = false;
      if (!exactInFloat64(v)) float64 = false;
    } else if (Number.isSafeInteger(v)) {
      if (v < INT32_MIN || v > INT32_MAX) int32 = false;
    } else {
      // A fraction, or a whole number written as a float (1e20): float64 either way.
      int32 = false;
      int64 = false;
    }
  }
  if (int32) return { kind: 'int' };
  if (int64) return { kind: 'int64' };
  if (float64) return { kind: 'float' };
  return { kind: 'string' };
}

function kindOf(values: unknown[]): ColumnKind {
  const present = values.filter((v) => v !== null && v !== undefined);
  if (present.length === 0) return { kind: 'string' };
  if (present.every((v) => typeof v === 'boolean')) return { kind: 'bool' };
  if (present.every((v) => typeof v === 'number' || typeof v === 'bigint'))
    return numberKind(present as Array<number | bigint>);
  if (present.every((v) => Array.isArray(v))) {
    const arrays = present as unknown[][];
    if (arrays.every((a) => a.every((x) => typeof x === 'number'))) {
      const dim = arrays[0]!.length;
      if (dim > 0 && arrays.every((a) => a.length === dim)) return { kind: 'vector', dim };
    }
    if (arrays.every((a) => a.every((x) => typeof x === 'string'))) return { kind: 'string-list' };
  }
  if (present.every((v) => typeof v === 'string')) {
    const texts = present as string[];
    if (texts.every((t) => ISO_DATE.test(t.trim()) && !Number.isNaN(isoToEpochMs(t))))
      return { kind: 'date' };
    // Date-times, and plain dates among them (midnight UTC).
    if (texts.every((t) => !Number.isNaN(isoToEpochMs(t)))) return { kind: 'timestamp' };
  }
  return { kind: 'string' };
}

export function fieldFor(name: string, kind: ColumnKind): Field {
  const A = arrow;
  switch (kind.kind) {
    case 'int':
      return new A.Field(name, new A.Int32(), true);
    case 'int64':
      return new A.Field(name, new A.Int64(), true);
    case 'float':
      return new A.Field(name, new A.Float64(), true);
    case 'bool':
      return new A.Field(name, new A.Bool(), true);
    case 'vector':
      return new A.Field(
        name,
        new A.FixedSizeList(kind.dim, new A.Field('item', new A.Float32(), true)),
        true,
      );
    case 'string-list':
      return new A.Field(name, new A.List(new A.Field('item', new A.Utf8(), true)), true);
    // The same types as a column the person sets to date or timestamp (column-casts.ts).
    case 'date':
      return new A.Field(name, arrowTypeFor('date32'), true);
    case 'timestamp':
      return new A.Field(name, arrowTypeFor('timestamp'), true);
    default:
      return new A.Field(name, new A.Utf8(), true);
  }
}

export function inferSchema(columns: string[], rows: Array<Record<string, unknown>>): Schema {
  const seen = new Set<string>();
  for (const name of columns) {
    if (name.trim() === '') throw errors.InvalidInput('A column has an empty name');
    if (seen.has(name))
      throw errors.InvalidInput(`The column name ${JSON.stringify(name)} appears twice`);
    seen.add(name);
  }
  return new arrow.Schema(columns.map((name) => fieldFor(name, kindOf(rows.map((r) => r[name])))));
}

function fail(column: string, row: number, why: string): never {
  throw errors.InvalidInput(`Row ${row + 1}, column ${JSON.stringify(column)}: ${why}`);
}

/** A value for a message: short, and bigints as their digits. */
function show(value: unknown): string {
  const text =
    typeof value === 'bigint' || typeof value === 'number' ? String(value) : jsonText(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** JSON text of a value that may hold bigints (from a lossless JSON parse), digits unquoted. */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
  }
  if (typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return `[${value.map((item) => jsonText(item ?? null)).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(',')}}`;
  }
  return String(value);
}

function typeName(type: DataType): string {
  const A = arrow;
  if (A.DataType.isInt(type)) return `${type.isSigned ? 'int' : 'uint'}${type.bitWidth}`;
  if (A.DataType.isFloat(type)) return ['float16', 'float32', 'float64'][type.precision]!;
  return String(type);
}

function intRange(type: DataType & { bitWidth: number; isSigned: boolean }): [bigint, bigint] {
  const bits = BigInt(type.bitWidth);
  return type.isSigned ? [-(2n ** (bits - 1n)), 2n ** (bits - 1n) - 1n] : [0n, 2n ** bits - 1n];
}

const FLOAT32_OVERFLOWS = (n: number) => Number.isFinite(n) && !Number.isFinite(Math.fround(n));

/**
 * How rowsToTable words a failure: `inferred` names the columns whose type came from the first
 * rows, so that a later value that does not fit says why the type was chosen.
 */
export interface RowsToTableOptions {
  inferred?: { columns: ReadonlySet<string>; fromRows: number };
}

/**
 * Rows (already parsed with parseCell) as one Arrow table with the schema. A value the column's
 * type cannot hold as it is (out of range, rounded, not a number) is InvalidInput naming the row
 * and column: Arrow JS would otherwise wrap or round it without a word.
 */
export function rowsToTable(
  schema: Schema,
  rows: Array<Record<string, unknown>>,
  firstRow = 0,
  options: RowsToTableOptions = {},
): ArrowTable {
  const A = arrow;
  const n = rows.length;
  const columns: Record<string, unknown> = {};
  for (const field of schema.fields) {
    const name = field.name;
    const type = field.type as DataType;
    // For an inferred type, the way out: the type the value needs, set in the import's columns.
    const why = (text: string, needs: string) =>
      options.inferred?.columns.has(name)
        ? `${text}; ${typeName(type)} was inferred from the first ${options.inferred.fromRows} rows, so import this column as ${needs}`
        : text;
    if (A.DataType.isFixedSizeList(type)) {
      const dim = type.listSize;
      const values = new Float32Array(n * dim);
      const valid = new Uint8Array(Math.ceil(n / 8));
      let nulls = 0;
      rows.forEach((row, i) => {
        const v = row[name];
        if (v === null || v === undefined) {
          nulls += 1;
          return;
        }
        if (!Array.isArray(v) || v.length !== dim)
          fail(name, firstRow + i, `expected a vector of ${dim} numbers`);
        for (let j = 0; j < dim; j++) {
          const x: unknown = v[j];
          if (typeof x !== 'number') fail(name, firstRow + i, 'a vector holds numbers only');
          if (FLOAT32_OVERFLOWS(x))
            fail(name, firstRow + i, `item ${j + 1} of the vector, ${x}, does not fit in float32`);
          values[i * dim + j] = x;
        }
        valid[i >> 3]! |= 1 << (i & 7);
      });
      const child = A.makeData({
        type: new A.Float32(),
        length: n * dim,
        nullCount: 0,
        data: values,
      });
      columns[name] = A.makeVector(
        A.makeData({
          type,
          length: n,
          nullCount: nulls,
          nullBitmap: nulls ? valid : undefined,
          child,
        } as never),
      );
      continue;
    }
    const [min, max] = A.DataType.isInt(type) ? intRange(type) : [0n, 0n];
    const wide = A.DataType.isInt(type) && type.bitWidth === 64;
    const [low, high] = [Number(min), Number(max)];
    const values = rows.map((row, i) => {
      const v = row[name];
      if (v === null || v === undefined) return null;
      if (A.DataType.isInt(type)) {
        let whole: bigint;
        if (typeof v === 'bigint') whole = v;
        else if (typeof v === 'number' && Number.isInteger(v)) {
          // The common case, without a bigint per value.
          if (!wide && v >= low && v <= high) return v;
          whole = BigInt(v);
        } else if (typeof v === 'number' && Number.isFinite(v))
          return fail(name, firstRow + i, why(`expected a whole number, got ${v}`, 'float64'));
        else
          return fail(name, firstRow + i, why(`expected a whole number, got ${show(v)}`, 'utf8'));
        if (whole < min || whole > max)
          fail(
            name,
            firstRow + i,
            why(
              `${whole} does not fit in ${typeName(type)}`,
              whole >= INT64_MIN && whole <= INT64_MAX ? 'int64' : 'utf8',
            ),
          );
        // Arrow JS takes 64-bit integers as bigints only.
        return wide ? whole : Number(whole);
      }
      if (A.DataType.isFloat(type)) {
        if (typeof v === 'bigint') {
          if (!exactInFloat64(v))
            fail(
              name,
              firstRow + i,
              why(
                `${v} cannot be held exactly in ${typeName(type)}`,
                v >= INT64_MIN && v <= INT64_MAX ? 'int64 or utf8' : 'utf8',
              ),
            );
          const x = Number(v);
          if (type.precision !== A.Precision.DOUBLE && FLOAT32_OVERFLOWS(x))
            fail(name, firstRow + i, why(`${v} does not fit in ${typeName(type)}`, 'float64'));
          return x;
        }
        if (typeof v !== 'number' || Number.isNaN(v))
          fail(name, firstRow + i, why(`expected a number, got ${show(v)}`, 'utf8'));
        if (type.precision === A.Precision.SINGLE && FLOAT32_OVERFLOWS(v))
          fail(name, firstRow + i, why(`${v} does not fit in float32`, 'float64'));
        return v;
      }
      if (A.DataType.isBinary(type)) {
        if (!(v instanceof Uint8Array)) fail(name, firstRow + i, 'expected bytes');
        return v;
      }
      if (A.DataType.isDate(type) || A.DataType.isTimestamp(type)) {
        if (!(v instanceof Date) && typeof v !== 'number')
          fail(name, firstRow + i, `expected a date, got ${show(v)}`);
        return v;
      }
      if (A.DataType.isBool(type)) {
        if (typeof v !== 'boolean')
          fail(name, firstRow + i, why(`expected true or false, got ${show(v)}`, 'utf8'));
        return v;
      }
      if (A.DataType.isList(type)) {
        if (!Array.isArray(v)) fail(name, firstRow + i, 'expected a list');
        return v.map(String);
      }
      return typeof v === 'string' ? v : jsonText(v);
    });
    columns[name] = A.vectorFromArray(values as never, type as never);
  }
  return new A.Table(schema, columns as never);
}
