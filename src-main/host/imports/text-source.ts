/**
 * CSV, TSV, JSON and NDJSON imports, read in columns. The first rows are read one by one, to
 * infer the schema by the import's rules (`inferSchema`); the whole file is then read by DuckDB
 * and converted in SQL by the same rules (`import-query.ts`), and its chunks become Arrow batches
 * without a JS object per row. Memory stays at DuckDB's limit plus the batch being built.
 *
 * A cell that does not fit its column fails the import, worded by the JS rules that inferred the
 * column (row, column, and the type to choose instead). A file DuckDB cannot parse (a short row,
 * an open quote, broken JSON) fails naming the line DuckDB reports.
 */
import { statSync } from 'node:fs';
import type { DuckDBDataChunk } from '@duckdb/node-api';
import type { Data, DataType, Field, Schema, Table as ArrowTable } from 'apache-arrow';
import { arrow } from '../../catalog/arrow';
import { errors, isCatalogError } from '../../../src-shared/vocabulary/errors';
import type { ImportColumn } from '../../../src-shared/studio-procedures';
import { castValue, outputSchema, planColumns, type ColumnPlan } from './column-casts';
import { readStrings, sinkFor, type ColumnReading, type ColumnSink } from './duckdb-columns';
import { flaggedCells, type CellRule } from './flagged-cells';
import { openDuckSession, StreamFailed, type DuckSession } from './duckdb-reader';
import { importQuery, type QueryColumn, type TextFormat } from './import-query';
import { inferSchema, parseCell, rowsToTable, type RowsToTableOptions } from './infer-schema';
import { csvRecords, ndjsonRows, parseJson } from './row-readers';
import { sampleSizes } from './sample-sizes';
import type { Source } from './source';

export const SAMPLE_ROWS = 1000;
/**
 * A batch is also cut at this size, so that wide rows cannot make one batch huge. Two batches are
 * alive at once (one read ahead) and LanceDB copies the one it writes: measured on a 1.1 GB CSV,
 * the import's peak RSS was 845 MB with 64 MiB batches and 679 MB with 32 MiB.
 */
const MAX_BATCH_BYTES = 32 * 1024 * 1024;

interface Sample {
  names: string[];
  /** The first rows as parseCell reads them (CSV) or as parsed (JSON), for inference. */
  rows: Array<Record<string, unknown>>;
  /** The same rows as written: a CSV text column shows its cells unchanged. */
  raw: Array<Record<string, unknown>>;
}

async function csvSample(path: string, delimiter: string): Promise<Sample> {
  let names: string[] | undefined;
  const rows: Array<Record<string, unknown>> = [];
  const raw: Array<Record<string, unknown>> = [];
  for await (const record of csvRecords(path, delimiter)) {
    if (!names) {
      names = record;
      continue;
    }
    raw.push(Object.fromEntries(names.map((name, i) => [name, record[i]])));
    rows.push(Object.fromEntries(names.map((name, i) => [name, parseCell(record[i], true)])));
    if (rows.length >= SAMPLE_ROWS) break;
  }
  return { names: names ?? [], rows, raw };
}

async function jsonSample(objects: AsyncIterable<Record<string, unknown>>): Promise<Sample> {
  const names: string[] = [];
  const rows: Array<Record<string, unknown>> = [];
  for await (const row of objects) {
    for (const key of Object.keys(row)) if (!names.includes(key)) names.push(key);
    rows.push(row);
    if (rows.length >= SAMPLE_ROWS) break;
  }
  return { names, rows, raw: rows };
}

/** The first objects of a JSON array, read by DuckDB so that a large file is never loaded whole. */
async function* jsonArrayObjects(path: string): AsyncGenerator<Record<string, unknown>> {
  const session = await openDuckSession();
  try {
    const from = `read_json_objects($1, format = 'array')`;
    let item = 0;
    const chunks = readQuery(session, `SELECT json::VARCHAR FROM ${from}`, path, {
      countSql: `SELECT count(*) FROM ${from}`,
      read: () => item,
    });
    for await (const chunk of chunks) {
      const vector = session.bindings.data_chunk_get_vector(chunk.chunk, 0);
      for (const text of readStrings(session.bindings, vector, chunk.rowCount)) {
        item += 1;
        const value = text === null ? null : parseJson(text);
        if (!value || typeof value !== 'object' || Array.isArray(value))
          throw errors.InvalidInput(`Item ${item} is not an object`);
        yield value as Record<string, unknown>;
      }
    }
  } finally {
    session.close();
  }
}

/**
 * A query's chunks, with DuckDB's errors as the file's: InvalidInput naming the line it gives.
 * When DuckDB stops the stream part-way, the file's rows are counted by a query whose errors
 * surface (`countSql`), for DuckDB's own words (a short row, broken JSON, with its line); a file
 * it counts whole was cut short by something else, said as such. `read` is the rows taken.
 */
async function* readQuery(
  session: DuckSession,
  sql: string,
  path: string,
  { countSql, read }: { countSql: string; read: () => number },
): AsyncGenerator<DuckDBDataChunk> {
  try {
    yield* session.chunks(sql, path);
  } catch (error) {
    if (!(error instanceof StreamFailed)) throw fileError(error);
    const rows = await session.count(countSql, path).catch((cause: unknown) => {
      throw fileError(cause);
    });
    throw errors.InvalidInput(
      `The file could not be read to its end: it has ${rows} rows and reading stopped after ${read()} (it may have changed while being read, or DuckDB ran out of memory)`,
    );
  }
}

function fileError(error: unknown): Error {
  if (!(error instanceof Error) || (error as { code?: unknown }).code !== undefined)
    return error as Error;
  const message = error.message;
  const line = /Line: (\d+)/.exec(message)?.[1];
  // DuckDB's first line says what is wrong; the rest repeats the file's text and its options.
  const what = message
    .split('\n')[0]!
    .replace(/^[A-Za-z ]+Error: /, '')
    .replace(/^CSV Error on Line: \d+/, '')
    .trim();
  const detail = message
    .split('\n')
    .slice(1)
    .find((l) => /Expected Number of Columns|unterminated|Malformed JSON|quote/i.test(l));
  const said = [what, detail]
    .filter((part): part is string => Boolean(part))
    .map((part) => part.replace(/\.+$/, ''));
  return errors.InvalidInput(
    `The file cannot be read${line ? ` at line ${line}` : ''}: ${said.join('. ')}`,
    { cause: error },
  );
}

type CellCast = (text: string | null, row: number) => unknown;

/** The Arrow data of one column from cast values, by the batch builder's checks. */
function builtColumn(field: Field, values: unknown[], firstRow: number): Data {
  const rows = values.map((value) => ({ [field.name]: value }));
  return rowsToTable(new arrow.Schema([field]), rows, firstRow).getChildAt(0)!.data[0] as Data;
}

/**
 * The JS cast of one cell of a chosen column (`castValue`), for the cells the SQL leaves to it
 * and for JSON columns. A date column the import chose itself says so, and the way out.
 */
function castFor(plan: ColumnPlan, json: boolean, inferredFrom: number | undefined) {
  return (text: string | null, row: number): unknown => {
    try {
      return castValue(json && text !== null ? parseJson(text) : text, plan, row, !json);
    } catch (error) {
      if (inferredFrom === undefined || !isCatalogError(error)) throw error;
      throw errors.InvalidInput(
        `${error.message}; ${plan.cast} was inferred from the first ${inferredFrom} rows, so import this column as utf8`,
      );
    }
  };
}

function readingFor(column: QueryColumn, cast: CellCast | undefined): ColumnReading {
  if (column.convert !== 'text' || !cast) return { as: 'native', field: column.field };
  return {
    as: 'cells',
    field: column.field,
    convert: cast,
    build: (values, firstRow) => builtColumn(column.field, values, firstRow),
  };
}

/**
 * One cast value as a row of Arrow data, checked by the batch builder as every value is. A
 * timestamp is made from its milliseconds as a bigint: Arrow JS multiplies them by 1,000 as a
 * double, which is inexact after the year 2255, where DuckDB's microseconds are exact.
 */
function patchData(field: Field, value: unknown, row: number): Data {
  const data = builtColumn(field, [value], row);
  if (!arrow.DataType.isTimestamp(field.type) || typeof value !== 'number') return data;
  return arrow.makeData({
    type: field.type,
    length: 1,
    nullCount: 0,
    data: BigInt64Array.of(BigInt(value) * 1000n),
  }) as Data;
}

/**
 * Columns of dates and date-times are read by the JS rules (iso-dates.ts) rather than DuckDB's
 * own, which take more spellings: as if the person had chosen date or timestamp for them, in an
 * import without edits and for the columns an edit left at their inferred type.
 */
function withDateCasts(
  inferred: Schema,
  columns: readonly ImportColumn[] | undefined,
): ImportColumn[] | undefined {
  const dated = (source: string): 'date32' | 'timestamp' | undefined => {
    const type = inferred.fields.find((f) => f.name === source)?.type as DataType | undefined;
    if (!type) return undefined;
    return arrow.DataType.isDate(type)
      ? 'date32'
      : arrow.DataType.isTimestamp(type)
        ? 'timestamp'
        : undefined;
  };
  if (!inferred.fields.some((f) => dated(f.name))) return columns && [...columns];
  const all: readonly ImportColumn[] =
    columns ?? inferred.fields.map((f) => ({ source: f.name, name: f.name }));
  return all.map((column) => {
    const type = column.type === undefined ? dated(column.source) : undefined;
    return type ? { ...column, type } : column;
  });
}

export async function textSource(
  path: string,
  format: TextFormat,
  columns: readonly ImportColumn[] | undefined,
): Promise<Source> {
  const json = format === 'json' || format === 'ndjson';
  const sample =
    format === 'csv' || format === 'tsv'
      ? await csvSample(path, format === 'tsv' ? '\t' : ',')
      : await jsonSample(format === 'ndjson' ? ndjsonRows(path) : jsonArrayObjects(path));
  if (sample.names.length === 0) throw errors.InvalidInput('The file has no columns');
  const inferred = inferSchema(sample.names, sample.rows);
  const chosen = withDateCasts(inferred, columns);
  const plans = chosen ? planColumns(inferred, chosen) : undefined;
  /** Columns whose type the import chose (not the person), read by the JS rules: the dates. */
  const autoCast = new Set(
    (chosen ?? []).filter((c, i) => c.type && !columns?.[i]?.type).map((c) => c.name),
  );
  const schema = plans ? outputSchema(plans) : inferred;
  // A chosen type is cast in SQL from CSV; from JSON, whose values the cast takes as parsed
  // (a number, a string, an array), by castValue cell by cell.
  const queryColumns: QueryColumn[] = plans
    ? plans.map((p): QueryColumn => {
        if (!p.cast) return { source: p.source, field: p.field, convert: 'sql' };
        return {
          source: p.source,
          field: p.field,
          convert: json ? 'text' : 'cast',
          cast: p.cast,
          ...(p.dimension === undefined ? {} : { dimension: p.dimension }),
        };
      })
    : inferred.fields.map((field) => ({ source: field.name, field, convert: 'sql' }));
  const query = importQuery(format, sample.names, queryColumns);
  // Types not chosen by the person were inferred from the sample; a later row may not fit them.
  const options: RowsToTableOptions = {
    inferred: {
      columns: new Set(queryColumns.filter((c) => c.convert === 'sql').map((c) => c.field.name)),
      fromRows: sample.rows.length,
    },
  };

  /** The JS rules' own words for a cell the SQL refused (they throw); a generic refusal if not. */
  const refuse = (row: number, column: QueryColumn, text: string): never => {
    const value = json ? parseJson(text) : parseCell(text, true);
    rowsToTable(new arrow.Schema([column.field]), [{ [column.field.name]: value }], row, options);
    throw errors.InvalidInput(
      `Row ${row + 1}, column ${JSON.stringify(column.field.name)}: ${text.slice(0, 60)} cannot be read as ${String(column.field.type)}; choose this column's type in the import's columns`,
    );
  };

  /** A sample row as the import would write it (a CSV text cell as written, blank as null). */
  const headRow = (index: number) =>
    Object.fromEntries(
      inferred.fields.map((field) => {
        const written = sample.raw[index]![field.name];
        const plan = plans?.find((p) => p.source === field.name && p.cast);
        const value =
          !json && typeof written === 'string' && arrow.DataType.isUtf8(field.type)
            ? written.trim() === ''
              ? null
              : written
            : plan
              ? castValue(sample.rows[index]![field.name], plan, index, !json)
              : sample.rows[index]![field.name];
        return [field.name, value];
      }),
    );

  const bytesTotal = statSync(path).size;
  let progress = () => 0;
  const source: Source = {
    format,
    schema,
    bytesTotal,
    bytesRead: () => Math.round(progress() * bytesTotal),
    // Without edits only: the preview shows the file as inferred.
    ...(columns
      ? {}
      : {
          head: (rows: number) =>
            rowsToTable(
              inferred,
              Array.from({ length: Math.min(rows, sample.rows.length) }, (_, i) => headRow(i)),
              0,
              options,
            ),
        }),
    async *batches(batchSize: number): AsyncGenerator<ArrowTable> {
      const session = await openDuckSession();
      progress = () => Math.max(0, session.progress());
      try {
        const casts = query.columns.map((c) => {
          const plan = plans?.find((p) => p.field === c.field);
          if (c.convert === 'sql' || !plan) return undefined;
          return castFor(plan, json, autoCast.has(c.field.name) ? sample.rows.length : undefined);
        });
        const sinks: ColumnSink[] = query.columns.map((c, i) =>
          sinkFor(session.bindings, readingFor(c, casts[i])),
        );
        // What the JS rules make of a cell the SQL did not convert.
        const rules = query.columns.map((c, i): CellRule | undefined => {
          if (c.convert === 'sql') return (text, row) => refuse(row, c, text);
          const cast = casts[i];
          return cast && ((text, row) => patchData(c.field, cast(text, row), row));
        });
        // Room for the first batch at once, by the sample's sizes: a tenth more than the file's
        // rows, and no more than the batch's bytes would take as text.
        const sizes = sampleSizes(sample.raw, sample.names, bytesTotal);
        const firstRows = Math.min(
          batchSize,
          Math.ceil(sizes.rows * 1.1),
          Math.ceil(MAX_BATCH_BYTES / Math.max(1, sizes.lineBytes)),
        );
        query.columns.forEach((c, i) =>
          sinks[i]!.expect?.(firstRows, Math.ceil(firstRows * sizes.cellBytes(c.source) * 1.1)),
        );
        let rows = 0;
        let done = 0;
        const take = () => {
          const children = sinks.map((sink) => sink.finish());
          const data = arrow.makeData({
            type: new arrow.Struct(schema.fields),
            length: rows,
            nullCount: 0,
            children,
          });
          done += rows;
          rows = 0;
          return new arrow.Table([new arrow.RecordBatch(schema as Schema, data)]);
        };
        const chunks = readQuery(session, query.sql, path, {
          countSql: query.countSql,
          read: () => done + rows,
        });
        for await (const chunk of chunks) {
          // Every flagged cell of the chunk is read (or refused) before any of it is kept.
          const patches = flaggedCells(
            session.bindings,
            chunk,
            query.columns.length,
            done + rows,
            rules,
          );
          const vectors = sinks.map((_, i) =>
            session.bindings.data_chunk_get_vector(chunk.chunk, i),
          );
          // A batch ends at exactly batchSize rows (or earlier, at MAX_BATCH_BYTES).
          for (let from = 0; from < chunk.rowCount;) {
            const count = Math.min(chunk.rowCount - from, batchSize - rows);
            sinks.forEach((sink, i) => sink.append(vectors[i]!, chunk.rowCount, from, count));
            for (const p of patches)
              if (p.row >= from && p.row < from + count)
                sinks[p.column]!.patch(rows + p.row - from, p.data);
            rows += count;
            from += count;
            if (rows >= batchSize || sinks.reduce((n, s) => n + s.bytes, 0) >= MAX_BATCH_BYTES)
              yield take();
          }
        }
        if (rows > 0) yield take();
        source.totalRows = done;
      } finally {
        progress = () => 1;
        session.closeSoon();
      }
    },
  };
  return source;
}
