/**
 * The rows of the imports workload (shared/reference/perf-workloads.md, "Imports"), made the same
 * way for every file and for the in-memory Arrow reference, so that every pipeline writes the
 * same values:
 *
 * - `id` int64: mostly the row number, with values past 2^31 and past 2^53 and negative ones
 *   (some in the first rows, so that inference reads the column as int64, as a person's file of
 *   such ids would);
 * - `x` float64: fractions with up to 17 significant digits, every hundredth a whole number;
 * - `s` short text: some quoted with commas and doubled quotes, some non-ASCII;
 * - `ts` ISO 8601 date-times with `Z`, with and without milliseconds.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Table as ArrowTable } from 'apache-arrow';
import { WriterPropertiesBuilder, writeParquet, Table as WasmTable } from 'parquet-wasm/node';
import { arrow } from '../../src-main/catalog/arrow';

const A = arrow;
const BASE_MS = Date.UTC(2021, 0, 1);

export function idOf(i: number): bigint {
  switch (i % 10) {
    case 1:
      return 2n ** 31n + BigInt(i) * 7n;
    case 2:
      return 2n ** 53n + 1n + BigInt(i) * 2n;
    case 3:
      return -BigInt(i) - 1n;
    case 4:
      return -(2n ** 53n) - 3n - BigInt(i) * 2n;
    default:
      return BigInt(i);
  }
}

export const xOf = (i: number) => (i % 100 === 0 ? i : Math.sin(i) * 1000);

export function sOf(i: number): string {
  if (i % 5 === 0) return `say "hi", ${i}`;
  if (i % 7 === 0) return `café ${i}`;
  if (i % 11 === 0) return `東京 ${i}`;
  return `name ${i}`;
}

/** Milliseconds: every other row on a whole second, written without a fraction. */
export const tsOf = (i: number) => {
  const ms = BASE_MS + i * 37_123;
  return i % 2 === 0 ? ms - (ms % 1000) : ms;
};

const csvText = (text: string) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
const isoText = (i: number) => {
  const iso = new Date(tsOf(i)).toISOString();
  return i % 2 === 0 ? iso.replace('.000Z', 'Z') : iso;
};

function csvLines(from: number, to: number, withTs: boolean): string {
  const lines: string[] = [];
  for (let i = from; i < to; i++)
    lines.push(`${idOf(i)},${xOf(i)},${csvText(sOf(i))}${withTs ? `,${isoText(i)}` : ''}\n`);
  return lines.join('');
}

/** Writes `rows` rows (or rows up to `megabytes`, when given) as CSV; answers the rows written. */
export async function writeCsv(
  path: string,
  { rows = Infinity, megabytes = Infinity, withTs = true } = {},
): Promise<number> {
  const out = createWriteStream(path);
  out.write(withTs ? 'id,x,s,ts\n' : 'id,x,s\n');
  let bytes = 0;
  let i = 0;
  while (i < rows && bytes < megabytes * 2 ** 20) {
    const to = Math.min(rows, i + 10_000);
    const text = csvLines(i, to, withTs);
    i = to;
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return i;
}

/** Rows [from, from + rows) as Arrow: the in-memory reference, and the Parquet file's content. */
export function arrowRows(from: number, rows: number, withTs = true): ArrowTable {
  const ids = new BigInt64Array(rows);
  const xs = new Float64Array(rows);
  const ts = new BigInt64Array(rows);
  const texts: string[] = new Array<string>(rows);
  for (let k = 0; k < rows; k++) {
    const i = from + k;
    ids[k] = idOf(i);
    xs[k] = xOf(i);
    texts[k] = sOf(i);
    ts[k] = BigInt(tsOf(i)) * 1000n;
  }
  const columns: Record<string, unknown> = {
    id: A.makeVector(ids),
    x: A.makeVector(xs),
    s: A.vectorFromArray(texts, new A.Utf8()),
  };
  if (withTs) {
    const type = new A.Timestamp(A.TimeUnit.MICROSECOND, 'UTC');
    columns.ts = A.makeVector(A.makeData({ type, length: rows, nullCount: 0, data: ts }));
  }
  return new A.Table(columns as never);
}

/** Parquet bytes of `rows` rows from `from`, in row groups of at most `groupRows`. */
export function parquetBytes(from: number, rows: number, groupRows = 1_048_576): Uint8Array {
  const props = new WriterPropertiesBuilder().setMaxRowGroupSize(groupRows).build();
  return writeParquet(
    WasmTable.fromIPCStream(A.tableToIPC(arrowRows(from, rows), 'stream')),
    props,
  );
}

/** The rows above as DuckDB computes them (its sin may differ in the last bit from V8's). */
const duckRows = (rows: number) =>
  `SELECT (CASE i % 10 WHEN 1 THEN 2147483648 + i * 7 WHEN 2 THEN 9007199254740993 + i * 2 ` +
  `WHEN 3 THEN -i - 1 WHEN 4 THEN -9007199254740995 - i * 2 ELSE i END)::BIGINT AS id, ` +
  `CASE WHEN i % 100 = 0 THEN i::DOUBLE ELSE sin(i) * 1000 END AS x, ` +
  `CASE WHEN i % 5 = 0 THEN 'say "hi", ' || i WHEN i % 7 = 0 THEN 'café ' || i ` +
  `WHEN i % 11 = 0 THEN '東京 ' || i ELSE 'name ' || i END AS s, ` +
  `make_timestamp(${BASE_MS * 1000} + (i * 37123 - CASE WHEN i % 2 = 0 THEN (${BASE_MS} + i * 37123) % 1000 ELSE 0 END) * 1000) AS ts ` +
  `FROM range(${rows}) t(i)`;

/**
 * Writes a Parquet file of about `megabytes` of these rows in row groups of 1,048,576, streamed
 * by DuckDB (parquet-wasm writes a whole table from memory); answers the rows written.
 */
export async function writeBigParquet(path: string, megabytes: number): Promise<number> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const { statSync } = await import('node:fs');
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const copy = (rows: number) =>
    connection.run(
      `COPY (${duckRows(rows)}) TO '${path.replaceAll("'", "''")}' (FORMAT parquet, ROW_GROUP_SIZE 1048576)`,
    );
  try {
    const probe = 1_000_000;
    await copy(probe);
    const rows = Math.round((megabytes * 2 ** 20) / (statSync(path).size / probe));
    await copy(rows);
    return rows;
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
