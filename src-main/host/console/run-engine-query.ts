/**
 * An engine query run: each table's LanceDB scan (only its columns, its part of WHERE as the
 * filter, through the engine's CatalogClient, so a folder, an `s3://` root and a REST catalog
 * are read alike) streamed batch by batch into a DuckDB table (arrow-into-duck.ts), then the
 * generated SELECT, its answer as Arrow IPC (duck-into-arrow.ts).
 *
 * Each query gets its own in-memory DuckDB, closed when it ends: a memory limit (beyond which
 * DuckDB spills what its operators can to a private folder, and otherwise fails: the loaded
 * tables stay in memory; measured, 1M rows of text grouped by every value under a 30 MB limit
 * fail with "Out of Memory", said to the user as such), a thread limit, no access to files or
 * extensions, and a deadline after which the scan stops and DuckDB is interrupted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import type * as DuckDBBindings from '@duckdb/node-bindings';
import type { QueryRequest } from '../../../src-shared/catalog-api';
import { errors, isCatalogError } from '../../../src-shared/vocabulary/errors';
import type { TableHandle } from '../../catalog/client';
import { openIpcReader } from '../../catalog/ipc-batches';
import { ArrowIntoDuck } from './arrow-into-duck';
import { duckIntoArrow } from './duck-into-arrow';
import { duckColumn, duckTable, type EngineQuery } from './engine-query';
import type { TableTarget } from './map-from';

export interface EngineLimits {
  /** DuckDB's memory cap, in its syntax ('512MB'); LanceDB's batch in flight comes on top. */
  memoryLimit: string;
  threads: number;
  timeoutMs: number;
}

export const ENGINE_LIMITS: EngineLimits = {
  memoryLimit: '512MB',
  threads: Math.max(1, Math.min(4, availableParallelism())),
  timeoutMs: 120_000,
};

export interface EngineAnswer {
  arrow: Uint8Array;
  rows: number;
  /** Rows each table's scan brought, in the order of the query's tables. */
  scanned: number[];
}

export async function runEngineQuery(
  query: EngineQuery,
  open: (target: TableTarget) => Promise<TableHandle>,
  { limits = ENGINE_LIMITS, signal }: { limits?: EngineLimits; signal?: AbortSignal } = {},
): Promise<EngineAnswer> {
  const [api, bindingsModule] = await Promise.all([
    import('@duckdb/node-api'),
    import('@duckdb/node-bindings'),
  ]);
  // A CommonJS module: its functions are the default export when imported.
  const bindings = ((bindingsModule as { default?: unknown }).default ??
    bindingsModule) as typeof DuckDBBindings;
  const spill = mkdtempSync(join(tmpdir(), 'cs-console-duckdb-'));
  let instance: DuckDBInstance | undefined;
  let connection: DuckDBConnection | undefined;
  let stopped: string | undefined;
  const stop = (why: string) => {
    stopped ??= why;
    connection?.interrupt();
  };
  const timer = setTimeout(
    () => stop(`The query ran longer than ${limits.timeoutMs / 1000} s and was stopped`),
    limits.timeoutMs,
  );
  const onAbort = () => stop('The query was cancelled');
  signal?.addEventListener('abort', onAbort);
  try {
    instance = await api.DuckDBInstance.create(':memory:', {
      threads: String(limits.threads),
      memory_limit: limits.memoryLimit,
      temp_directory: spill,
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
    });
    connection = await instance.connect();
    // Only our SQL runs here; still, it reads no file and loads nothing, whatever it says.
    await connection.run('SET enable_external_access = false');
    // Groups come back in no promised order anyway (ORDER BY is written when wanted); without
    // keeping the insertion order DuckDB needs less memory for large answers.
    await connection.run('SET preserve_insertion_order = false');
    await connection.run('SET lock_configuration = true');
    const scanned: number[] = [];
    for (const [i, table] of query.tables.entries()) {
      const handle = await open(table.target);
      const request: QueryRequest = { columns: table.columns };
      if (table.columns.length === 0) request.withRowId = true; // count(*) alone: rows, no column
      if (table.filter !== undefined) request.filter = table.filter;
      const reader = await openIpcReader(await handle.queryStream(request));
      const names = table.columns.length ? table.columns : ['_rowid'];
      const loader = new ArrowIntoDuck(api, bindings, reader.schema.fields, names);
      await connection.run(`CREATE TABLE ${duckTable(i)} (${loader.columnsSql(duckColumn)})`);
      const appender = await connection.createAppender(duckTable(i));
      try {
        for await (const batch of reader) {
          if (stopped) break;
          loader.append(appender, batch);
        }
      } finally {
        if (stopped) await reader.cancel();
        appender.closeSync();
      }
      if (stopped) throw errors.InvalidInput(stopped);
      scanned.push(loader.rows);
    }
    const result = await connection.runAndReadAll(query.sql);
    return { arrow: duckIntoArrow(api, result), rows: result.currentRowCount, scanned };
  } catch (error) {
    if (isCatalogError(error)) throw error;
    if (stopped) throw errors.InvalidInput(stopped, { cause: error });
    const said = readable(query, error);
    if (/out of memory/i.test(said)) {
      throw errors.InvalidInput(
        `The query needs more memory than the console's DuckDB may take (${limits.memoryLimit}): filter the rows with WHERE, or group by fewer distinct keys. DuckDB said: ${said.split('\n')[0]}`,
        { cause: error },
      );
    }
    throw errors.InvalidInput(`The query failed in DuckDB: ${said}`, { cause: error });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    connection?.closeSync();
    instance?.closeSync();
    rmSync(spill, { recursive: true, force: true });
  }
}

/** DuckDB's message with its loaded names (t0.c2) given back as the query's columns. */
function readable(query: EngineQuery, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/"?t(\d+)"?\."?c(\d+)"?/g, (whole, t: string, c: string) => {
    const path = query.tables[Number(t)]?.columns[Number(c)];
    return path ?? whole;
  });
}
