/**
 * Import sources: CSV (and TSV), JSON arrays and NDJSON, Parquet and Arrow IPC files, each read
 * as a schema plus a sequence of Arrow batches. Row-shaped formats are sampled to infer the
 * schema; Parquet and Arrow carry theirs. With edited columns, the source yields the edited schema:
 * row formats cast each raw cell (so a text column keeps "007" as written), Arrow formats cast
 * the decoded values and pass unchanged columns through untouched.
 *
 * Nothing is changed on the way in without a word: JSON integers beyond 2^53 are read as bigints
 * (JSON.parse would round them), a text column keeps a CSV cell as written, and a later row whose
 * value does not fit the type inferred from the first rows fails the import naming that row.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { extname } from 'node:path';
import { createInterface } from 'node:readline';
import { parse as parseCsv } from 'csv-parse';
import type { Field, Schema, Table as ArrowTable } from 'apache-arrow';
import { arrow } from '../../catalog/arrow';
import { decodeIpc } from '../../catalog/arrow-data';
import { errors } from '../../../src-shared/vocabulary/errors';
import type { ImportColumn } from '../../../src-shared/studio-procedures';
import { castValue, outputSchema, planColumns, type ColumnPlan } from './column-casts';
import { inferSchema, parseCell, rowsToTable, type RowsToTableOptions } from './infer-schema';

export type ImportFormat = 'csv' | 'tsv' | 'json' | 'ndjson' | 'parquet' | 'arrow';

export const SAMPLE_ROWS = 1000;

export function detectFormat(path: string): ImportFormat {
  const ext = extname(path).toLowerCase();
  if (ext === '.csv') return 'csv';
  if (ext === '.tsv' || ext === '.tab') return 'tsv';
  if (ext === '.json') return 'json';
  if (ext === '.ndjson' || ext === '.jsonl') return 'ndjson';
  if (ext === '.parquet' || ext === '.pq') return 'parquet';
  if (ext === '.arrow' || ext === '.arrows' || ext === '.ipc' || ext === '.feather') return 'arrow';
  throw errors.InvalidInput(
    `Cannot tell the format of ${path}; name it .csv, .tsv, .json, .ndjson, .parquet or .arrow`,
  );
}

export interface Source {
  format: ImportFormat;
  schema: Schema;
  /** Rows in the file when known before reading it (Parquet, Arrow). */
  totalRows?: number;
  batches(batchSize: number): AsyncIterable<ArrowTable>;
}

function checkFile(path: string): void {
  if (!existsSync(path)) throw errors.InvalidInput(`The file ${path} does not exist`);
  if (!statSync(path).isFile()) throw errors.InvalidInput(`${path} is not a file`);
}

async function* csvRows(path: string, delimiter: string): AsyncGenerator<Record<string, unknown>> {
  const parser = createReadStream(path).pipe(
    parseCsv({
      columns: true,
      delimiter,
      skip_empty_lines: true,
      bom: true,
      relax_column_count: false,
    }),
  );
  try {
    for await (const record of parser) yield record as Record<string, unknown>;
  } catch (cause) {
    throw errors.InvalidInput(`The CSV file is malformed: ${(cause as Error).message}`, { cause });
  }
}

// Only a literal of 16 digits or more can be beyond 2^53; most files have none and parse natively.
const LONG_DIGITS = /\d{16}/;
// Strings first, so that digits inside them are skipped; numbers are JSON's number grammar.
const JSON_TOKENS = /"[^"\\]*(?:\\.[^"\\]*)*"|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/g;

/**
 * JSON.parse, except that an integer literal beyond 2^53 becomes a bigint with every digit.
 * Node 20 has no access to a number's source text, so such literals are first rewritten as
 * strings carrying a random tag that no string in the file can carry, and turned back by a reviver.
 */
export function parseJson(text: string): unknown {
  if (!LONG_DIGITS.test(text)) return JSON.parse(text);
  const nonce = randomUUID();
  let rewritten = false;
  const marked = text.replace(JSON_TOKENS, (token) => {
    if (token.startsWith('"') || !/^-?\d+$/.test(token) || Number.isSafeInteger(Number(token)))
      return token;
    rewritten = true;
    return `"\\u0000${nonce}:${token}"`;
  });
  if (!rewritten) return JSON.parse(text);
  const tag = `\u0000${nonce}:`;
  try {
    return JSON.parse(marked, (_key, value: unknown) =>
      typeof value === 'string' && value.startsWith(tag) ? BigInt(value.slice(tag.length)) : value,
    );
  } catch (error) {
    // The file's own error, at the file's own positions.
    JSON.parse(text);
    throw error;
  }
}

async function* ndjsonRows(path: string): AsyncGenerator<Record<string, unknown>> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  let n = 0;
  for await (const line of lines) {
    n += 1;
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = parseJson(line);
    } catch {
      throw errors.InvalidInput(`Line ${n} is not valid JSON`);
    }
    if (!value || typeof value !== 'object' || Array.isArray(value))
      throw errors.InvalidInput(`Line ${n} is not a JSON object`);
    yield value as Record<string, unknown>;
  }
}

async function* jsonArrayRows(path: string): AsyncGenerator<Record<string, unknown>> {
  let value: unknown;
  try {
    value = parseJson(readFileSync(path, 'utf8'));
  } catch (cause) {
    throw errors.InvalidInput(`The JSON file is malformed: ${(cause as Error).message}`);
  }
  if (!Array.isArray(value))
    throw errors.InvalidInput(
      'A .json import must hold an array of objects (use .ndjson for one object per line)',
    );
  for (const [i, row] of value.entries()) {
    if (!row || typeof row !== 'object' || Array.isArray(row))
      throw errors.InvalidInput(`Item ${i + 1} is not an object`);
    yield row as Record<string, unknown>;
  }
}

async function rowSource(
  format: ImportFormat,
  open: () => AsyncGenerator<Record<string, unknown>>,
  fromText: boolean,
  columns: readonly ImportColumn[] | undefined,
): Promise<Source> {
  const sample: Array<Record<string, unknown>> = [];
  const names: string[] = [];
  for await (const raw of open()) {
    const row: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(raw)) {
      if (!names.includes(key)) names.push(key);
      row[key] = parseCell(value, fromText);
    }
    sample.push(row);
    if (sample.length >= SAMPLE_ROWS) break;
  }
  if (names.length === 0) throw errors.InvalidInput('The file has no columns');
  const inferred = inferSchema(names, sample);
  const plans = columns ? planColumns(inferred, columns) : undefined;
  const schema = plans ? outputSchema(plans) : inferred;
  const cell = (field: Field, value: unknown) =>
    // A text column takes the cell as written: "007" stays "007", not 7.
    fromText && typeof value === 'string' && arrow.DataType.isUtf8(field.type)
      ? value.trim() === ''
        ? null
        : value
      : parseCell(value, fromText);
  const toRow = (raw: Record<string, unknown>, index: number) => {
    const row: Record<string, unknown> = {};
    if (!plans) {
      for (const field of inferred.fields) row[field.name] = cell(field, raw[field.name]);
      return row;
    }
    for (const plan of plans) {
      const value = raw[plan.source];
      row[plan.field.name] = plan.cast
        ? castValue(value, plan, index, fromText)
        : cell(plan.field, value);
    }
    return row;
  };
  // Types not chosen by the person were inferred from the sample; a later row may not fit them.
  const options: RowsToTableOptions = {
    inferred: {
      columns: new Set(plans ? plans.filter((p) => !p.cast).map((p) => p.field.name) : names),
      fromRows: sample.length,
    },
  };
  return {
    format,
    schema,
    async *batches(batchSize: number) {
      let pending: Array<Record<string, unknown>> = [];
      let done = 0;
      for await (const raw of open()) {
        pending.push(toRow(raw, done + pending.length));
        if (pending.length >= batchSize) {
          yield rowsToTable(schema, pending, done, options);
          done += pending.length;
          pending = [];
        }
      }
      if (pending.length > 0) yield rowsToTable(schema, pending, done, options);
    },
  };
}

async function* slices(table: ArrowTable, batchSize: number): AsyncGenerator<ArrowTable> {
  for (let start = 0; start < table.numRows; start += batchSize)
    yield table.slice(start, Math.min(table.numRows, start + batchSize));
}

/** A slice of an Arrow source with the edited columns: renamed, cast, or passed through. */
function applyPlans(batch: ArrowTable, plans: readonly ColumnPlan[], firstRow: number) {
  const cast = plans.filter((p) => p.cast);
  const rows = Array.from({ length: batch.numRows }, () => ({}) as Record<string, unknown>);
  for (const plan of cast) {
    const values = batch.getChild(plan.source)!;
    rows.forEach((row, i) => {
      row[plan.field.name] = castValue(values.get(i), plan, firstRow + i, false);
    });
  }
  const built = cast.length ? rowsToTable(outputSchema(cast), rows, firstRow) : undefined;
  const columns = Object.fromEntries(
    plans.map((p) => [
      p.field.name,
      p.cast ? built!.getChild(p.field.name)! : batch.getChild(p.source)!,
    ]),
  );
  return new arrow.Table(outputSchema(plans), columns as never) as ArrowTable;
}

function tableSource(
  format: ImportFormat,
  table: ArrowTable,
  columns: readonly ImportColumn[] | undefined,
): Source {
  const plans = columns ? planColumns(table.schema, columns) : undefined;
  return {
    format,
    schema: plans ? outputSchema(plans) : table.schema,
    totalRows: table.numRows,
    async *batches(size) {
      let done = 0;
      for await (const batch of slices(table, size)) {
        yield plans ? applyPlans(batch, plans, done) : batch;
        done += batch.numRows;
      }
    },
  };
}

export async function openSource(
  path: string,
  format: ImportFormat = detectFormat(path),
  columns?: readonly ImportColumn[],
): Promise<Source> {
  checkFile(path);
  switch (format) {
    case 'csv':
    case 'tsv':
      return rowSource(format, () => csvRows(path, format === 'tsv' ? '\t' : ','), true, columns);
    case 'ndjson':
      return rowSource(format, () => ndjsonRows(path), false, columns);
    case 'json':
      return rowSource(format, () => jsonArrayRows(path), false, columns);
    case 'arrow': {
      let table: ArrowTable;
      try {
        table = decodeIpc(readFileSync(path));
      } catch (cause) {
        throw errors.InvalidInput(
          `The Arrow file cannot be read: ${(cause as Error).message ?? String(cause)}`,
        );
      }
      return tableSource(format, table, columns);
    }
    case 'parquet': {
      const { readParquet } = await import('parquet-wasm/node');
      let table: ArrowTable;
      try {
        table = arrow.tableFromIPC(readParquet(readFileSync(path)).intoIPCStream());
      } catch (cause) {
        throw errors.InvalidInput(
          `The Parquet file cannot be read: ${(cause as Error).message ?? String(cause)}`,
        );
      }
      return tableSource(format, table, columns);
    }
  }
}
