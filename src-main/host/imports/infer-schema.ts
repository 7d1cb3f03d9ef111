/**
 * Schema inference for row-shaped sources (CSV cells, JSON values) and the batch builder that
 * turns rows into Arrow with that schema. Vector columns, written as arrays of numbers (or, in
 * CSV, as "[0.1, 0.2, …]"), become fixed-size lists of float32 when every row has one length.
 */
import type { Field, Schema, Table as ArrowTable } from 'apache-arrow';
import { arrow } from '../../catalog/arrow';
import { errors } from '../../catalog/errors';

export type ColumnKind =
  | { kind: 'int' }
  | { kind: 'float' }
  | { kind: 'bool' }
  | { kind: 'string' }
  | { kind: 'vector'; dim: number }
  | { kind: 'string-list' };

const INT_PATTERN = /^-?\d{1,9}$/;
const FLOAT_PATTERN = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** A CSV cell, or a JSON value, as what it looks like. */
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
  if (INT_PATTERN.test(text)) return Number(text);
  if (FLOAT_PATTERN.test(text)) return Number(text);
  if (/^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
  return value;
}

function kindOf(values: unknown[]): ColumnKind {
  const present = values.filter((v) => v !== null && v !== undefined);
  if (present.length === 0) return { kind: 'string' };
  if (present.every((v) => typeof v === 'boolean')) return { kind: 'bool' };
  if (present.every((v) => typeof v === 'number')) {
    return present.every((v) => Number.isInteger(v) && Math.abs(v as number) < 2 ** 31)
      ? { kind: 'int' }
      : { kind: 'float' };
  }
  if (present.every((v) => Array.isArray(v))) {
    const arrays = present as unknown[][];
    if (arrays.every((a) => a.every((x) => typeof x === 'number'))) {
      const dim = arrays[0]!.length;
      if (dim > 0 && arrays.every((a) => a.length === dim)) return { kind: 'vector', dim };
    }
    if (arrays.every((a) => a.every((x) => typeof x === 'string'))) return { kind: 'string-list' };
  }
  return { kind: 'string' };
}

export function fieldFor(name: string, kind: ColumnKind): Field {
  const A = arrow;
  switch (kind.kind) {
    case 'int':
      return new A.Field(name, new A.Int32(), true);
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

/** Rows (already parsed with parseCell) as one Arrow table with the schema; a bad value is InvalidInput naming row and column. */
export function rowsToTable(
  schema: Schema,
  rows: Array<Record<string, unknown>>,
  firstRow = 0,
): ArrowTable {
  const A = arrow;
  const n = rows.length;
  const columns: Record<string, unknown> = {};
  for (const field of schema.fields) {
    const name = field.name;
    const type = field.type;
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
          const x = v[j];
          if (typeof x !== 'number') fail(name, firstRow + i, 'a vector holds numbers only');
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
    const values = rows.map((row, i) => {
      const v = row[name];
      if (v === null || v === undefined) return null;
      if (A.DataType.isInt(type) && typeof v === 'bigint')
        return type.bitWidth === 64 ? v : Number(v);
      if (A.DataType.isInt(type) || A.DataType.isFloat(type)) {
        if (typeof v !== 'number' || Number.isNaN(v))
          fail(name, firstRow + i, `expected a number, got ${JSON.stringify(v)}`);
        if (A.DataType.isInt(type) && !Number.isInteger(v))
          fail(name, firstRow + i, `expected a whole number, got ${v}`);
        // Arrow JS takes 64-bit integers as bigints only.
        return A.DataType.isInt(type) && type.bitWidth === 64 ? BigInt(v) : v;
      }
      if (A.DataType.isBinary(type)) {
        if (!(v instanceof Uint8Array)) fail(name, firstRow + i, 'expected bytes');
        return v;
      }
      if (A.DataType.isDate(type) || A.DataType.isTimestamp(type)) {
        if (!(v instanceof Date) && typeof v !== 'number')
          fail(name, firstRow + i, `expected a date, got ${JSON.stringify(v)}`);
        return v;
      }
      if (A.DataType.isBool(type)) {
        if (typeof v !== 'boolean')
          fail(name, firstRow + i, `expected true or false, got ${JSON.stringify(v)}`);
        return v;
      }
      if (A.DataType.isList(type)) {
        if (!Array.isArray(v)) fail(name, firstRow + i, 'expected a list');
        return v.map(String);
      }
      return typeof v === 'string' ? v : JSON.stringify(v);
    });
    columns[name] = A.vectorFromArray(values as never, type as never);
  }
  return new A.Table(schema, columns as never);
}
