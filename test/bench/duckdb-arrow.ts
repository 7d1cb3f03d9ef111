/**
 * The reader pipelines' first half: a DuckDB query's answer as an Arrow table, by the fastest
 * plain way at hand. `@duckdb/node-api` has no Arrow export (the C API's is not bound), so the
 * chunks are copied into Arrow buffers as bytes by the import's own column sinks, with no check
 * and no conversion: what reading with DuckDB costs, and no more.
 */
import type { Schema, Table as ArrowTable } from 'apache-arrow';
import { arrow } from '../../src-main/catalog/arrow';
import { sinkFor } from '../../src-main/host/imports/duckdb-columns';
import { openDuckSession } from '../../src-main/host/imports/duckdb-reader';

/** Runs `sql` (its $1 is `path`) and answers its rows as one Arrow table of `schema`. */
export async function duckdbToArrow(
  sql: string,
  path: string,
  schema: Schema,
): Promise<ArrowTable> {
  const session = await openDuckSession();
  try {
    const sinks = schema.fields.map((field) => sinkFor(session.bindings, { as: 'native', field }));
    let rows = 0;
    for await (const chunk of session.chunks(sql, path)) {
      sinks.forEach((sink, i) =>
        sink.append(
          session.bindings.data_chunk_get_vector(chunk.chunk, i),
          chunk.rowCount,
          0,
          chunk.rowCount,
        ),
      );
      rows += chunk.rowCount;
    }
    const data = arrow.makeData({
      type: new arrow.Struct(schema.fields),
      length: rows,
      nullCount: 0,
      children: sinks.map((sink) => sink.finish()),
    });
    return new arrow.Table([new arrow.RecordBatch(schema, data)]);
  } finally {
    session.close();
  }
}
