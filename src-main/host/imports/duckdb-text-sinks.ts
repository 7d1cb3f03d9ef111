/**
 * Columns of text: VARCHAR and BLOB as Utf8 and Binary, VARCHAR[] as a list of Utf8, and the JSON
 * cells a person chose a cast for, converted one by one through the import's own rules.
 */
import type { Data, DataType } from 'apache-arrow';
import type { Vector as DuckVector } from '@duckdb/node-bindings';
import { arrow } from '../../catalog/arrow';
import type { DuckBindings } from './duckdb-reader';
import { appendStrings } from './duckdb-strings';
import { Bytes, Offsets, bitSet, Validity, validityOf, readStrings } from './duckdb-buffers';
import type { ColumnSink } from './column-sink';

/** Text (VARCHAR) as Utf8, bytes (BLOB) as Binary: the same offsets and data. */
export class StringSink implements ColumnSink {
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

/** VARCHAR[] (DuckDB's list: an offset and a length per row into a child vector). */
export class Utf8ListSink implements ColumnSink {
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

/**
 * Text cells converted one by one in JS: for a JSON column the person chose a type for, where the
 * import's own cast rules (and their messages) apply. `build` turns the batch's values into Arrow.
 */
export class CellSink implements ColumnSink {
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
