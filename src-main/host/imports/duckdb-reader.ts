/**
 * DuckDB as the reader of text files for imports: its CSV and JSON readers are parallel and
 * columnar, and a query over them streams in chunks of about 2,048 rows, so a file of any size
 * is read with memory bounded by DuckDB's limit plus the batch being built.
 *
 * A streamed query that fails after it began to deliver ends like one that is done: DuckDB's C API
 * returns no chunk in both cases, and @duckdb/node-api does not read the error (measured: a
 * malformed row at line 90,000 of a CSV ended the stream at row 83,968 without a word). The one
 * sign it leaves is the result's statement type, which the C API reports as INVALID once the
 * result holds an error; so `chunks` checks it when the stream ends and throws `StreamFailed`,
 * and the caller asks `count`, a query run to completion whose errors do surface, for DuckDB's
 * own words. (A failure before the first chunk is thrown as DuckDB's error.)
 *
 * Each import gets its own in-memory database, closed when the import ends. Only our own SQL
 * runs in it; the file's path is a bound parameter, never spliced into the text. Extensions are
 * never fetched (json and parquet are built in), and DuckDB spills, if ever, to a private folder.
 * Date-times are read as TIMESTAMP, which has no zone, so the machine's zone never enters.
 */
import type { DuckDBConnection, DuckDBDataChunk, DuckDBType } from '@duckdb/node-api';
import type * as DuckNative from '@duckdb/node-bindings';
import { closeInstance, giveBack, takeInstance } from './duckdb-pool';

/** How far DuckDB may read ahead of the import's thread (see openDuckSession). */
const STREAMING_BUFFER = '32MB';

export type DuckBindings = typeof DuckNative;

export interface DuckSession {
  bindings: DuckBindings;
  /**
   * The one number a query answers, run to completion (its errors are thrown), on a connection
   * of its own: it may run while `chunks` streams another query.
   */
  count(sql: string, path: string): Promise<number>;
  /**
   * The query's chunks in order, each valid only until the next is fetched; `StreamFailed` when
   * the query failed part-way (see above).
   */
  chunks(sql: string, path: string): AsyncGenerator<DuckDBDataChunk>;
  /** The names and DuckDB types of a query's columns, without reading its rows. */
  describe(sql: string, path: string): Promise<Array<{ name: string; type: DuckDBType }>>;
  /** How far the running query has read, 0..1, from DuckDB's progress; -1 when unknown. */
  progress(): number;
  close(): void;
  /**
   * `close`, after the current turn of the event loop. Closing an instance that is not kept is
   * synchronous (8–20 ms measured): run where a stream ends, it held back the last batch's write
   * by that much, while after the turn it runs as LanceDB writes on its own threads.
   */
  closeSoon(): void;
}

/** A streamed query failed part-way; DuckDB's message is not at hand (see above). */
export class StreamFailed extends Error {
  constructor() {
    super('DuckDB stopped the query part-way');
  }
}

/** A string literal for DuckDB SQL. */
export const sqlString = (text: string) => `'${text.replaceAll("'", "''")}'`;
/** A quoted identifier for DuckDB SQL. */
export const sqlName = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function openDuckSession(): Promise<DuckSession> {
  const [{ StatementType }, bindingsModule] = await Promise.all([
    import('@duckdb/node-api'),
    import('@duckdb/node-bindings'),
  ]);
  const pooled = await takeInstance();
  let connection: DuckDBConnection | undefined;
  try {
    connection = await pooled.instance.connect();
    // DuckDB's default (976 KiB, a few chunks) stopped its threads whenever the import's thread
    // was busy copying a chunk or handing a batch to LanceDB; with room for a few hundred chunks
    // it reads ahead meanwhile (reading a million-row CSV: 1.03 s → 0.82 s at 16 MB, 0.74 s at
    // 64 MB, medians of 8), at the cost of that much more memory at most.
    await connection.run(`SET streaming_buffer_size = '${STREAMING_BUFFER}'`);
  } catch (error) {
    connection?.closeSync();
    closeInstance(pooled);
    throw error;
  }
  const db = pooled.instance;
  const conn = connection;
  let counter: DuckDBConnection | undefined;
  let closed = false;
  // A stream not read to its end (stopped early, failed, or only described) keeps its buffers in
  // the instance until its result is collected, and a failure may have left the instance in a
  // state we do not know: such an instance is closed, not kept for the next session.
  let unfinished = 0;
  const session: DuckSession = {
    // A CommonJS module: its functions are the default export when imported.
    bindings: ((bindingsModule as { default?: DuckBindings }).default ??
      bindingsModule) as DuckBindings,
    async count(sql, path) {
      // Its own connection, so that it can run beside a stream on the main one.
      counter ??= await db.connect();
      const statement = await counter.prepare(sql);
      try {
        statement.bindVarchar(1, path);
        const reader = await statement.runAndReadAll();
        return Number(reader.getRowsJS()[0]![0]);
      } finally {
        statement.destroySync();
      }
    },
    async *chunks(sql, path) {
      const statement = await conn.prepare(sql);
      try {
        statement.bindVarchar(1, path);
        unfinished += 1;
        const result = await statement.stream();
        for (;;) {
          const chunk = await result.fetchChunk();
          if (!chunk || chunk.rowCount === 0) break;
          yield chunk;
        }
        if (result.statementType === StatementType.INVALID) throw new StreamFailed();
        unfinished -= 1;
      } finally {
        statement.destroySync();
      }
    },
    async describe(sql, path) {
      const statement = await conn.prepare(sql);
      try {
        statement.bindVarchar(1, path);
        unfinished += 1;
        const result = await statement.stream();
        const types = result.columnTypes();
        return result.columnNames().map((name, i) => ({ name, type: types[i]! }));
      } finally {
        statement.destroySync();
      }
    },
    progress() {
      const { percentage } = conn.progress;
      return percentage < 0 ? -1 : Math.min(1, percentage / 100);
    },
    closeSoon() {
      setImmediate(() => session.close());
    },
    close() {
      if (closed) return;
      closed = true;
      counter?.closeSync();
      conn.closeSync();
      if (unfinished > 0) closeInstance(pooled);
      else giveBack(pooled);
    },
  };
  return session;
}
