/**
 * What every import source is: a schema and a sequence of Arrow batches. Its own file so the
 * readers (`text-source.ts`, `parquet-source.ts`, `arrow-source.ts`) and the code choosing
 * among them (`sources.ts`) do not import each other.
 */
import type { Schema, Table as ArrowTable } from 'apache-arrow';

export type ImportFormat = 'csv' | 'tsv' | 'json' | 'ndjson' | 'parquet' | 'arrow';

export interface Source {
  format: ImportFormat;
  schema: Schema;
  /** Rows in the file when known before reading it (Parquet, Arrow). */
  totalRows?: number;
  /** The file's size, and how much of it has been read: progress for files of unknown row count. */
  bytesTotal?: number;
  bytesRead?(): number;
  batches(batchSize: number): AsyncIterable<ArrowTable>;
  /** The first rows without reading the whole file, where the source has them at hand. */
  head?(rows: number): ArrowTable;
}
