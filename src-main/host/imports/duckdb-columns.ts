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
import { Bytes, bitSet, Validity, validityOf, valueBytes } from './duckdb-buffers';
import type { ColumnSink } from './column-sink';
import { StringSink, Utf8ListSink, CellSink } from './duckdb-text-sinks';

export { readStrings } from './duckdb-buffers';

export type { ColumnSink } from './column-sink';

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
