/**
 * Exports a query's answer to a file, batch by batch as the query produces them, never holding
 * the whole answer: CSV, JSON (an array of objects), NDJSON, Parquet or an Arrow IPC stream (see
 * text-formats.ts, parquet-output.ts and arrow-output.ts for what each writes). The file appears whole once the export succeeds; a
 * failure or a cancel (the signal) leaves nothing under its name, and only `replace` lets it take
 * the place of a file already there (atomic-output.ts).
 */
import { errors } from '../../../src-shared/vocabulary/errors';
import type { RecordBatch, Schema } from 'apache-arrow';
import { writeAtomically, type AtomicOutput } from './atomic-output';
import { writeParquet } from './parquet-output';
import { writeArrowStream } from './arrow-output';
import type { ExportFormat } from '../../../src-shared/export-formats';
import { csvFormat, jsonArrayFormat, ndjsonFormat, type TextFormat } from './text-formats';

export type { ExportFormat };

export interface ExportResult {
  rows: number;
  /** The size of the file written. */
  bytes: number;
}

export interface ExportOptions {
  /** Cancels the export; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /**
   * The rows the export must hold: a different count fails it, and the file is not kept (a
   * truncated export is never reported as done).
   */
  expectRows?: number;
  /**
   * Replace a file at `path`. Without it, a file that appears there while the export runs is
   * kept, and the export fails naming where its own output went (atomic-output.ts).
   */
  replace?: boolean;
}

export async function exportResult(
  format: ExportFormat,
  batches: AsyncIterable<RecordBatch>,
  schema: Schema,
  path: string,
  options: ExportOptions = {},
): Promise<ExportResult> {
  const { signal, expectRows, replace } = options;
  let rows = 0;
  const bytes = await writeAtomically(
    path,
    signal,
    async (output) => {
      rows =
        format === 'parquet'
          ? await writeParquet(batches, schema, output, signal)
          : format === 'arrow'
            ? await writeArrowStream(batches, schema, output, signal)
            : await writeText(batches, TEXT_FORMATS[format](schema), output, signal);
      if (expectRows !== undefined && rows !== expectRows) {
        throw errors.Internal(
          `The export read ${rows} rows where ${expectRows} were to be written; no file was kept`,
        );
      }
    },
    { replace: replace === true },
  );
  return { rows, bytes };
}

const TEXT_FORMATS: Record<
  Exclude<ExportFormat, 'parquet' | 'arrow'>,
  (schema: Schema) => TextFormat
> = {
  csv: csvFormat,
  json: jsonArrayFormat,
  ndjson: ndjsonFormat,
};

async function writeText(
  batches: AsyncIterable<RecordBatch>,
  format: TextFormat,
  output: AtomicOutput,
  signal: AbortSignal | undefined,
): Promise<number> {
  let rows = 0;
  await output.write(format.start);
  for await (const batch of batches) {
    signal?.throwIfAborted();
    await output.write(format.batch(batch, rows));
    rows += batch.numRows;
  }
  await output.write(format.end(rows));
  return rows;
}
