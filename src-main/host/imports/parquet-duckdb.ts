/**
 * Parquet files that parquet-wasm cannot read: it runs in 32-bit WebAssembly, and a file of 4 GiB
 * or more fails there with "Corrupt footer". DuckDB reads them instead, row group by row group
 * in parallel with bounded memory, and its chunks are copied into Arrow by the same column sinks
 * as a CSV's; a batch is cut at the import's rows or 32 MiB. Columns of a type those sinks cannot
 * copy (decimals, structs, lists other than of strings…) are refused by name before anything is
 * read.
 */
import type { Schema, Table as ArrowTable } from 'apache-arrow';
import { arrow } from '../../catalog/arrow';
import { errors } from '../../../src-shared/vocabulary/errors';
import type { ImportColumn } from '../../../src-shared/studio-procedures';
import { tableSource } from './arrow-source';
import { sinkFor } from './duckdb-columns';
import { openDuckSession, StreamFailed } from './duckdb-reader';
import { arrowFieldOf } from './duckdb-types';
import type { Source } from './source';

/** As a text import's batches: two are alive at once, and LanceDB copies the one it writes. */
const MAX_BATCH_BYTES = 32 * 1024 * 1024;
const FROM = 'read_parquet($1)';

/** A Parquet file neither reader can read, in the words of the reader that tried. */
export const unreadable = (cause: unknown) =>
  errors.InvalidInput(
    `The Parquet file cannot be read: ${(cause as Error).message ?? String(cause)}`,
  );

export async function duckdbParquetSource(
  path: string,
  columns: readonly ImportColumn[] | undefined,
): Promise<Source> {
  let schema: Schema;
  let totalRows: number;
  const session = await openDuckSession();
  try {
    const described = await session.describe(`SELECT * FROM ${FROM}`, path);
    const fields = described.map(({ name, type }) => {
      const field = arrowFieldOf(name, type);
      if (!field)
        throw errors.InvalidInput(
          `Column ${JSON.stringify(name)} of this Parquet file is ${type.toString()}, which a file of 4 GiB or more cannot be imported with; import a smaller file, or leave the column out of it`,
        );
      return field;
    });
    schema = new arrow.Schema(fields);
    // From the footer: no row is read.
    totalRows = await session.count(`SELECT count(*) FROM ${FROM}`, path);
  } catch (error) {
    throw (error as { code?: unknown }).code === undefined ? unreadable(error) : error;
  } finally {
    session.close();
  }
  return tableSource('parquet', schema, totalRows, (size) => batches(path, schema, size), columns);
}

async function* batches(path: string, schema: Schema, size: number): AsyncGenerator<ArrowTable> {
  const session = await openDuckSession();
  try {
    const sinks = schema.fields.map((field) => sinkFor(session.bindings, { as: 'native', field }));
    let rows = 0;
    const take = () => {
      const data = arrow.makeData({
        type: new arrow.Struct(schema.fields),
        length: rows,
        nullCount: 0,
        children: sinks.map((sink) => sink.finish()),
      });
      rows = 0;
      return new arrow.Table([new arrow.RecordBatch(schema, data)]);
    };
    try {
      for await (const chunk of session.chunks(`SELECT * FROM ${FROM}`, path)) {
        for (let from = 0; from < chunk.rowCount;) {
          const count = Math.min(chunk.rowCount - from, size - rows);
          sinks.forEach((sink, i) =>
            sink.append(
              session.bindings.data_chunk_get_vector(chunk.chunk, i),
              chunk.rowCount,
              from,
              count,
            ),
          );
          rows += count;
          from += count;
          if (rows >= size || sinks.reduce((n, s) => n + s.bytes, 0) >= MAX_BATCH_BYTES)
            yield take();
        }
      }
    } catch (error) {
      throw error instanceof StreamFailed
        ? errors.InvalidInput('The Parquet file could not be read to its end')
        : unreadable(error);
    }
    if (rows > 0) yield take();
  } finally {
    session.closeSoon();
  }
}
