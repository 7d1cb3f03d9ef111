/**
 * What every column sink of a DuckDB read does: take DuckDB's vectors, build one Arrow column per
 * batch. Its own file so the fixed-width sinks and the text sinks both stand on it without
 * importing each other.
 */
import type { Data } from 'apache-arrow';
import type { Vector as DuckVector } from '@duckdb/node-bindings';

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
