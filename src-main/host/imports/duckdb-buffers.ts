/**
 * The growable buffers a DuckDB-to-Arrow column is built in (bytes, offsets, validity bits), and
 * the reading of DuckDB's vectors they copy from: validity words, fixed-width values, strings.
 */
import type { Data } from 'apache-arrow';
import type { Vector as DuckVector } from '@duckdb/node-bindings';
import type { DuckBindings } from './duckdb-reader';

/**
 * A growable byte buffer. A finished batch takes the bytes without a copy, and the next batch
 * starts with room for as many as the last one had, so a steady import does not grow by doubling.
 */
export class Bytes {
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
export class Offsets {
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

export const bitSet = (words: Uint8Array, row: number) =>
  ((words[row >> 3]! >> (row & 7)) & 1) === 1;

/** Arrow's validity bitmap, all set until a null clears a bit. */
export class Validity {
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

export const validityOf = (duck: DuckBindings, vector: DuckVector, rows: number) =>
  duck.vector_get_validity(vector, Math.ceil(rows / 64) * 8) ?? null;

/** The bytes of row `row` of a fixed-width Arrow column. */
export function valueBytes(data: Data, row: number, width: number): Uint8Array {
  const values = data.values as Uint8Array;
  return new Uint8Array(values.buffer, values.byteOffset + (data.offset + row) * width, width);
}

/** A duckdb_string_t: 4 bytes of length, then 12 inline bytes or a 4-byte prefix and a pointer. */
export const STRING_T = 16;
export const INLINE = 12;

export function stringBytes(
  duck: DuckBindings,
  view: Uint8Array,
  dv: DataView,
  at: number,
): Uint8Array {
  const length = dv.getUint32(at, true);
  return length <= INLINE
    ? view.subarray(at + 4, at + 4 + length)
    : duck.get_data_from_pointer(view.buffer as ArrayBuffer, view.byteOffset + at + 8, length);
}

export const decoder = new TextDecoder();

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
