/**
 * The strings of a DuckDB VARCHAR or BLOB vector copied into Arrow's offsets and data.
 *
 * A duckdb_string_t is 16 bytes: a 4-byte length, then either the string itself (up to 12 bytes,
 * most short cells) or a 4-byte prefix and a pointer to the bytes elsewhere. @duckdb/node-api
 * reads a pointed-to string with one native call (`get_data_from_pointer`), which costs about
 * 0.8 µs: 200 ms for the quarter million longer cells of a million-row text column, more than all
 * the rest of its copy. Longer strings of a chunk mostly lie one after the other, a few bytes
 * apart (the CSV's own buffer, or DuckDB's string heap), so strings whose bytes follow each other
 * within a small gap are read in one call, gap included, and cut apart here.
 *
 * Reading the gap is safe because it is small: memory is mapped by whole pages of at least
 * 4 KiB, so every byte of a gap shorter than that shares a page with the end of the string
 * before it or the start of the string after it, both of which are mapped. A run of strings whose
 * next one starts before the run's end, or further than MAX_GAP on, starts a new read.
 */
import type { Vector as DuckVector } from '@duckdb/node-bindings';
import type { DuckBindings } from './duckdb-reader';

const STRING_T = 16;
const INLINE = 12;
/** Well under the smallest page (4 KiB), so a gap never spans an unmapped page. */
const MAX_GAP = 1024;
/** A read at most this long, however many strings it covers. */
const MAX_RUN = 1 << 20;

/** The byte sinks a string column fills; `reserve` grows `buffer`. */
export interface ByteSink {
  buffer: Uint8Array;
  length: number;
  reserve(extra: number): void;
}
export interface OffsetSink {
  push(offset: number): void;
}

// Scratch space for one chunk (DuckDB's chunks hold at most 2,048 rows; grown if ever more).
let addresses = new Float64Array(2048);
let runOf = new Int32Array(2048);

const bitSet = (words: Uint8Array, row: number) => ((words[row >> 3]! >> (row & 7)) & 1) === 1;

/**
 * Appends `rows` strings of the vector from row `first` to `data`, an offset after each to
 * `offsets`; a null (by `words`, DuckDB's validity, null when all are valid) adds an empty value.
 */
export function appendStrings(
  duck: DuckBindings,
  vector: DuckVector,
  first: number,
  rows: number,
  words: Uint8Array | null,
  offsets: OffsetSink,
  data: ByteSink,
): void {
  const view = duck.vector_get_data(vector, (first + rows) * STRING_T);
  const dv = new DataView(view.buffer, view.byteOffset, view.byteLength);
  if (addresses.length < rows) {
    addresses = new Float64Array(rows);
    runOf = new Int32Array(rows);
  }
  // First pass: where each longer string lies, and the runs of them to read at once.
  const runs: Array<{ at: number; start: number; end: number; bytes?: Uint8Array }> = [];
  let total = 0;
  for (let k = 0; k < rows; k++) {
    const i = first + k;
    if (words && !bitSet(words, i)) continue;
    const at = i * STRING_T;
    const length = dv.getUint32(at, true);
    total += length;
    if (length <= INLINE) continue;
    const address = dv.getUint32(at + 8, true) + dv.getUint32(at + 12, true) * 2 ** 32;
    addresses[k] = address;
    const run = runs[runs.length - 1];
    if (
      run &&
      address >= run.end &&
      address - run.end < MAX_GAP &&
      address + length - run.start <= MAX_RUN
    ) {
      run.end = address + length;
    } else {
      runs.push({ at, start: address, end: address + length });
    }
    runOf[k] = runs.length - 1;
  }
  // One call per run: the pointer of its first string, and the length of the whole run.
  const buffer = view.buffer as ArrayBuffer;
  for (const run of runs)
    run.bytes = duck.get_data_from_pointer(
      buffer,
      view.byteOffset + run.at + 8,
      run.end - run.start,
    );
  // Second pass: the bytes in row order.
  data.reserve(total);
  const out = data.buffer;
  let length0 = data.length;
  for (let k = 0; k < rows; k++) {
    const i = first + k;
    if (!words || bitSet(words, i)) {
      const at = i * STRING_T;
      const length = dv.getUint32(at, true);
      if (length <= INLINE) {
        for (let b = 0; b < length; b++) out[length0 + b] = view[at + 4 + b]!;
      } else {
        const run = runs[runOf[k]!]!;
        const from = addresses[k]! - run.start;
        const bytes = run.bytes!;
        // A short copy by hand: a view object per cell costs more than the bytes.
        if (length < 64) for (let b = 0; b < length; b++) out[length0 + b] = bytes[from + b]!;
        else out.set(bytes.subarray(from, from + length), length0);
      }
      length0 += length;
    }
    offsets.push(length0);
  }
  data.length = length0;
}
