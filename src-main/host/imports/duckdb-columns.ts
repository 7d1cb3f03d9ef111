/**
 * DuckDB chunks into Arrow columns without a JS value per cell: fixed-width values (numbers,
 * dates, timestamps) and vectors are copied out of DuckDB's buffers as bytes, strings are copied
 * as UTF-8 into one buffer with offsets, and DuckDB's validity words already have Arrow's bit
 * order. Only JSON columns the person chose a cast for are read cell by cell, through the same
 * cast as every other import.
 *
 * A sink collects one column of the batch being built; `finish` hands the column over as Arrow
 * data and starts the next batch. DuckDB's memory is only valid until the next chunk is fetched,
 * so everything is copied on `append`. `patch` replaces one row of the batch with a value the
 * JS rules made, for the rare cell the SQL left to them.
 */
import type { Data, DataType, Field } from 'apache-arrow';
import type { Vector as DuckVector } from '@duckdb/node-bindings';
import { arrow } from '../../catalog/arrow';
import type { DuckBindings } from './duckdb-reader';
import { appendStrings } from './duckdb-strings';

export interface ColumnSink {
  /** Appends rows [from, from + count) of the vector, whose chunk holds `rows` rows. */
  append(vector: DuckVector, rows: number, from: number, count: number): void;
  /** Replaces row `at` of the batch being built with row 0 of `data` (same type). */
  patch(at: number, data: Data): void;
  /** Bytes held for the batch so far, to bound a batch by size as well as rows. */
  readonly bytes: number;
  /**
   * Makes room for a batch of `rows` rows whose text takes about `textBytes`, so that the first
   * batch does not grow by doubling (a copy of everything, and garbage); later batches start
   * with the room the one before took.
   */
  expect?(rows: number, textBytes: number): void;
  finish(): Data;
}

/**
 * A growable byte buffer. A finished batch takes the bytes without a copy, and the next batch
 * starts with room for as many as the last one had, so a steady import does not grow by doubling.
 */
class Bytes {
  buffer = new Uint8Array(1 << 16);
  length = 0;
  reserve(extra: number): void {
    if (this.length + extra <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.length + extra) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }
  push(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }
  take(): Uint8Array {
    const out = this.buffer.subarray(0, this.length);
    this.buffer = new Uint8Array(Math.max(1 << 16, this.length + (this.length >> 4)));
    this.length = 0;
    return out;
  }
}

/** String offsets, grown like Bytes: no JS array of numbers per batch. */
class Offsets {
  private values = new Int32Array(1 << 12);
  length = 1;
  reserve(extra: number): void {
    if (this.length + extra <= this.values.length) return;
    const grown = new Int32Array(this.length + extra);
    grown.set(this.values.subarray(0, this.length));
    this.values = grown;
  }
  push(offset: number): void {
    if (this.length === this.values.length) {
      const grown = new Int32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = offset;
  }
  take(): Int32Array {
    const out = this.values.subarray(0, this.length);
    this.values = new Int32Array(Math.max(1 << 12, this.length + (this.length >> 4)));
    this.length = 1;
    return out;
  }
}

const bitSet = (words: Uint8Array, row: number) => ((words[row >> 3]! >> (row & 7)) & 1) === 1;

/** Arrow's validity bitmap, all set until a null clears a bit. */
class Validity {
  private bits = new Uint8Array(1 << 10).fill(0xff);
  length = 0;
  nulls = 0;

  /** `words` is DuckDB's validity (null when every row is valid); bit i of byte i>>3 is row i. */
  append(words: Uint8Array | null, from: number, rows: number): void {
    const needed = (this.length + rows + 7) >> 3;
    if (needed > this.bits.length) {
      const grown = new Uint8Array(Math.max(needed, this.bits.length * 2)).fill(0xff);
      grown.set(this.bits);
      this.bits = grown;
    }
    if (words) {
      for (let i = 0; i < rows; i++) {
        const bit = from + i;
        // Eight valid rows at once: most bytes of most columns.
        if ((bit & 7) === 0 && i + 8 <= rows && words[bit >> 3] === 0xff) {
          i += 7;
          continue;
        }
        if (bitSet(words, bit)) continue;
        this.set(this.length + i, false);
      }
    }
    this.length += rows;
  }

  set(at: number, valid: boolean): void {
    const was = bitSet(this.bits, at);
    if (was === valid) return;
    if (valid) this.bits[at >> 3]! |= 1 << (at & 7);
    else this.bits[at >> 3]! &= ~(1 << (at & 7));
    this.nulls += valid ? -1 : 1;
  }

  take(): { length: number; nullCount: number; nullBitmap?: Uint8Array } {
    const out = {
      length: this.length,
      nullCount: this.nulls,
      ...(this.nulls > 0 ? { nullBitmap: this.bits.slice(0, (this.length + 7) >> 3) } : {}),
    };
    this.bits.fill(0xff);
    this.length = 0;
    this.nulls = 0;
    return out;
  }
}

const validityOf = (duck: DuckBindings, vector: DuckVector, rows: number) =>
  duck.vector_get_validity(vector, Math.ceil(rows / 64) * 8) ?? null;

/** The bytes of row `row` of a fixed-width Arrow column. */
function valueBytes(data: Data, row: number, width: number): Uint8Array {
  const values = data.values as Uint8Array;
  return new Uint8Array(values.buffer, values.byteOffset + (data.offset + row) * width, width);
}

/**
 * Numbers, dates (days) and timestamps (microseconds) of a fixed width, copied as they lie:
 * DuckDB's INTEGER, BIGINT, FLOAT, DOUBLE, DATE and TIMESTAMPTZ are Arrow's Int32, Int64,
 * Float32, Float64, Date32 and Timestamp[us] byte for byte (both little-endian here).
 */
class FixedWidthSink implements ColumnSink {
  private readonly values = new Bytes();
  private readonly validity = new Validity();
  constructor(
    private readonly duck: DuckBindings,
    private readonly type: DataType,
    private readonly width: number,
  ) {}
  get bytes() {
    return this.values.length;
  }
  expect(rows: number) {
    this.values.reserve(rows * this.width);
  }
  append(vector: DuckVector, rows: number, from: number, count: number) {
    const data = this.duck.vector_get_data(vector, rows * this.width);
    this.values.push(data.subarray(from * this.width, (from + count) * this.width));
    this.validity.append(validityOf(this.duck, vector, rows), from, count);
  }
  patch(at: number, data: Data) {
    this.values.buffer.set(valueBytes(data, 0, this.width), at * this.width);
    this.validity.set(at, data.getValid(0));
  }
  finish() {
    const bytes = this.values.take();
    const ArrayType = (this.type as unknown as { ArrayType: Uint8ArrayConstructor }).ArrayType;
    const data = new ArrayType(bytes.buffer, bytes.byteOffset, bytes.length / this.width);
    return arrow.makeData({ type: this.type, ...this.validity.take(), data } as never) as Data;
  }
}

/** DuckDB keeps a boolean per byte; Arrow, per bit. */
class BoolSink implements ColumnSink {
  private readonly values = new Validity();
  private readonly validity = new Validity();
  constructor(private readonly duck: DuckBindings) {}
  get bytes() {
    return this.values.length >> 3;
  }
  append(vector: DuckVector, rows: number, from: number, count: number) {
    const valid = validityOf(this.duck, vector, rows);
    const bytes = this.duck.vector_get_data(vector, rows);
    // The same bit builder as validity: a false (or a null) clears the row's bit.
    const asBits = new Uint8Array((count + 7) >> 3);
    for (let i = 0; i < count; i++) if (bytes[from + i]) asBits[i >> 3]! |= 1 << (i & 7);
    this.values.append(asBits, 0, count);
    this.validity.append(valid, from, count);
  }
  patch(at: number, data: Data) {
    const valid = data.getValid(0);
    this.values.set(at, valid && bitSet(data.values as Uint8Array, data.offset));
    this.validity.set(at, valid);
  }
  finish() {
    const { length, nullBitmap: data = new Uint8Array((length + 7) >> 3).fill(0xff) } =
      this.values.take();
    return arrow.makeData({
      type: new arrow.Bool(),
      ...this.validity.take(),
      data,
    } as never) as Data;
  }
}

/** A duckdb_string_t: 4 bytes of length, then 12 inline bytes or a 4-byte prefix and a pointer. */
const STRING_T = 16;
const INLINE = 12;

function stringBytes(duck: DuckBindings, view: Uint8Array, dv: DataView, at: number): Uint8Array {
  const length = dv.getUint32(at, true);
  return length <= INLINE
    ? view.subarray(at + 4, at + 4 + length)
    : duck.get_data_from_pointer(view.buffer as ArrayBuffer, view.byteOffset + at + 8, length);
}

/** Text (VARCHAR) as Utf8, bytes (BLOB) as Binary: the same offsets and data. */
class StringSink implements ColumnSink {
  private readonly data = new Bytes();
  private readonly offsets = new Offsets();
  private readonly validity = new Validity();
  constructor(
    private readonly duck: DuckBindings,
    private readonly type: DataType,
  ) {}
  get bytes() {
    return this.data.length + this.offsets.length * 4;
  }
  expect(rows: number, textBytes: number) {
    this.offsets.reserve(rows);
    this.data.reserve(textBytes);
  }
  append(vector: DuckVector, rows: number, from: number, count: number) {
    const words = validityOf(this.duck, vector, rows);
    appendStrings(this.duck, vector, from, count, words, this.offsets, this.data);
    this.validity.append(words, from, count);
  }
  patch(): void {
    // Every text and bytes cell converts in SQL (`castConversion`): nothing is left to patch.
    throw new Error('A text column has no cell to patch');
  }
  finish() {
    return arrow.makeData({
      type: this.type,
      ...this.validity.take(),
      valueOffsets: this.offsets.take(),
      data: this.data.take(),
    } as never) as Data;
  }
}

/** FLOAT[dim] (DuckDB's fixed-size array) as Arrow's fixed-size list of float32. */
class VectorSink implements ColumnSink {
  private readonly values = new Bytes();
  private readonly validity = new Validity();
  constructor(
    private readonly duck: DuckBindings,
    private readonly type: DataType,
    private readonly dim: number,
  ) {}
  get bytes() {
    return this.values.length;
  }
  expect(rows: number) {
    this.values.reserve(rows * this.dim * 4);
  }
  append(vector: DuckVector, rows: number, from: number, count: number) {
    const child = this.duck.array_vector_get_child(vector);
    const data = this.duck.vector_get_data(child, rows * this.dim * 4);
    this.values.push(data.subarray(from * this.dim * 4, (from + count) * this.dim * 4));
    this.validity.append(validityOf(this.duck, vector, rows), from, count);
  }
  patch(at: number, data: Data) {
    const valid = data.getValid(0);
    if (valid) {
      const items = data.children[0]!;
      const values = items.values as Float32Array;
      const start = values.byteOffset + (items.offset + data.offset * this.dim) * 4;
      this.values.buffer.set(new Uint8Array(values.buffer, start, this.dim * 4), at * this.dim * 4);
    }
    this.validity.set(at, valid);
  }
  finish() {
    const bytes = this.values.take();
    const validity = this.validity.take();
    const child = arrow.makeData({
      type: new arrow.Float32(),
      length: validity.length * this.dim,
      nullCount: 0,
      data: new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4),
    });
    return arrow.makeData({ type: this.type, ...validity, child } as never) as Data;
  }
}

/** VARCHAR[] (DuckDB's list: an offset and a length per row into a child vector). */
class Utf8ListSink implements ColumnSink {
  private readonly data = new Bytes();
  private readonly itemOffsets = new Offsets();
  private readonly listOffsets = new Offsets();
  private readonly validity = new Validity();
  constructor(
    private readonly duck: DuckBindings,
    private readonly type: DataType,
  ) {}
  get bytes() {
    return this.data.length + this.itemOffsets.length * 4;
  }
  append(vector: DuckVector, rows: number, from: number, count: number) {
    const words = validityOf(this.duck, vector, rows);
    const entries = this.duck.vector_get_data(vector, rows * 16);
    const dv = new DataView(entries.buffer, entries.byteOffset, entries.byteLength);
    const child = this.duck.list_vector_get_child(vector);
    const size = this.duck.list_vector_get_size(vector);
    const childWords = size > 0 ? validityOf(this.duck, child, size) : null;
    for (let i = from; i < from + count; i++) {
      if (!words || bitSet(words, i)) {
        const offset = Number(dv.getBigUint64(i * 16, true));
        const length = Number(dv.getBigUint64(i * 16 + 8, true));
        appendStrings(this.duck, child, offset, length, childWords, this.itemOffsets, this.data);
      }
      this.listOffsets.push(this.itemOffsets.length - 1);
    }
    this.validity.append(words, from, count);
  }
  patch(): void {
    // Lists are only inferred, never cast: a cell that does not convert fails the import.
    throw new Error('A list column has no cell to patch');
  }
  finish() {
    const valueOffsets = this.itemOffsets.take();
    const child = arrow.makeData({
      type: new arrow.Utf8(),
      length: valueOffsets.length - 1,
      nullCount: 0,
      valueOffsets,
      data: this.data.take(),
    });
    return arrow.makeData({
      type: this.type,
      ...this.validity.take(),
      valueOffsets: this.listOffsets.take(),
      child,
    } as never) as Data;
  }
}

const decoder = new TextDecoder();

/**
 * Text cells converted one by one in JS: for a JSON column the person chose a type for, where the
 * import's own cast rules (and their messages) apply. `build` turns the batch's values into Arrow.
 */
class CellSink implements ColumnSink {
  private values: unknown[] = [];
  private held = 0;
  constructor(
    private readonly duck: DuckBindings,
    private readonly convert: (text: string | null, row: number) => unknown,
    private readonly build: (values: unknown[], firstRow: number) => Data,
    private firstRow: number,
  ) {}
  get bytes() {
    return this.held;
  }
  append(vector: DuckVector, rows: number, from: number, count: number) {
    for (const text of readStrings(this.duck, vector, rows).slice(from, from + count)) {
      this.held += text ? text.length : 0;
      this.values.push(this.convert(text, this.firstRow + this.values.length));
    }
  }
  patch(): void {
    throw new Error('A column cast cell by cell has no cell to patch');
  }
  finish() {
    const data = this.build(this.values, this.firstRow);
    this.firstRow += this.values.length;
    this.values = [];
    this.held = 0;
    return data;
  }
}

/** The cells of a VARCHAR vector as strings (null for a null cell), from `first`. */
export function readStrings(duck: DuckBindings, vector: DuckVector, rows: number, first = 0) {
  const words = validityOf(duck, vector, first + rows);
  const view = duck.vector_get_data(vector, (first + rows) * STRING_T);
  const dv = new DataView(view.buffer, view.byteOffset, view.byteLength);
  const out: Array<string | null> = [];
  for (let i = first; i < first + rows; i++)
    out.push(
      !words || bitSet(words, i) ? decoder.decode(stringBytes(duck, view, dv, i * STRING_T)) : null,
    );
  return out;
}

/** How a column of the query's answer becomes Arrow. */
export type ColumnReading =
  | { as: 'native'; field: Field }
  | {
      as: 'cells';
      field: Field;
      convert: (text: string | null, row: number) => unknown;
      build: (values: unknown[], firstRow: number) => Data;
    };

export function sinkFor(duck: DuckBindings, reading: ColumnReading): ColumnSink {
  if (reading.as === 'cells') return new CellSink(duck, reading.convert, reading.build, 0);
  const type = reading.field.type as DataType;
  const A = arrow;
  if (A.DataType.isBool(type)) return new BoolSink(duck);
  if (A.DataType.isUtf8(type) || A.DataType.isBinary(type)) return new StringSink(duck, type);
  if (A.DataType.isFixedSizeList(type)) return new VectorSink(duck, type, type.listSize);
  if (A.DataType.isList(type)) return new Utf8ListSink(duck, type);
  if (A.DataType.isInt(type)) return new FixedWidthSink(duck, type, type.bitWidth / 8);
  if (A.DataType.isFloat(type))
    return new FixedWidthSink(duck, type, type.precision === A.Precision.DOUBLE ? 8 : 4);
  // DuckDB's DATE is days: Arrow's Date32 (the only date an import makes).
  if (A.DataType.isDate(type) && type.unit === A.DateUnit.DAY)
    return new FixedWidthSink(duck, type, 4);
  if (A.DataType.isTimestamp(type)) return new FixedWidthSink(duck, type, 8);
  throw new Error(`No native reading for ${String(type)}`);
}
