/**
 * The SQL that reads a CSV, TSV, JSON or NDJSON file for an import. Every cell is read as text
 * (for JSON, as the value's JSON text, so an integer past 2^53 keeps its digits) and converted in
 * DuckDB (`sql-conversions.ts`): a column whose type was inferred by the import's inference rules
 * written as SQL, and a CSV column whose type the person chose by the same cast as `castValue`,
 * for the cells spelled the plain way. No value is made in JavaScript per cell.
 *
 * A cell that is present but does not convert is flagged, not dropped: its column's value is
 * NULL, `__bad` is the index of the first such column in the row, and `__bad_texts` the row's
 * cells (for flagged rows only, so good rows cost nothing more). The reader then applies the JS
 * rules to those cells: they refuse the cell naming the row, the column and the way out, or, for
 * a chosen type, read a spelling the SQL left to them.
 *
 * JSON columns the person chose a type for come through as text and are cast in JS (`castValue`).
 */
import type { DataType, Field } from 'apache-arrow';
import { arrow } from '../../catalog/arrow';
import type { ImportColumnType } from '../../../src-shared/studio-procedures';
import { sqlName, sqlString } from './duckdb-reader';
import { castConversion, inferredConversion, type Conversion } from './sql-conversions';

export type TextFormat = 'csv' | 'tsv' | 'json' | 'ndjson';

/** One column of the import: where it comes from, and whether its type was inferred or chosen. */
export interface QueryColumn {
  source: string;
  field: Field;
  /**
   * `sql`: inferred, converted in SQL, and a cell that does not convert fails the import;
   * `cast`: chosen, cast in SQL where the cell is plainly spelled and by `castValue` where not;
   * `text`: chosen in a JSON file, read as text and cast by `castValue`.
   */
  convert: 'sql' | 'cast' | 'text';
  cast?: ImportColumnType;
  dimension?: number;
}

export const BAD_COLUMN = '__bad';
export const BAD_TEXTS = '__bad_texts';

// An empty CSV field must reach a text column as '' (as csv-parse gave it), not as NULL; blank
// cells become NULL below, by the import's own rule.
const NO_NULL_STRING = '\u0001catalog-studio:no-null\u0001';

function reader(format: TextFormat, sources: readonly string[]): string {
  if (format === 'json' || format === 'ndjson') {
    const columns = sources.map((name) => `${sqlString(name)}: 'JSON'`).join(', ');
    const layout = format === 'json' ? 'array' : 'newline_delimited';
    return `read_json($1, format = '${layout}', columns = {${columns}})`;
  }
  const columns = sources.map((name) => `${sqlString(name)}: 'VARCHAR'`).join(', ');
  const delim = format === 'tsv' ? `'\t'` : `','`;
  return (
    `read_csv($1, header = true, auto_detect = false, delim = ${delim}, quote = '"', escape = '"', ` +
    `nullstr = ${sqlString(NO_NULL_STRING)}, strict_mode = true, columns = {${columns}})`
  );
}

export interface ImportQuery {
  sql: string;
  /** The file's rows, counted by a query that runs to completion (see duckdb-reader.ts). */
  countSql: string;
  /** Output columns in order; `__bad` and `__bad_texts` follow them. */
  columns: readonly QueryColumn[];
}

function conversionOf(
  column: QueryColumn,
  cell: string,
  text: string,
  out: string,
  json: boolean,
): Conversion {
  if (column.convert === 'text') return { value: text, ok: 'true' };
  if (column.convert === 'cast') {
    // A chosen text column keeps every cell as written, blank ones included.
    if (column.cast === 'utf8') return { value: text, ok: 'true' };
    return castConversion(cell, out, column.cast!, column.dimension);
  }
  // An inferred CSV text column keeps the cell as written; a blank one is NULL.
  if (arrow.DataType.isUtf8(column.field.type) && !json)
    return { value: `CASE WHEN ${cell} IS NULL THEN NULL ELSE ${text} END`, ok: 'true' };
  return inferredConversion(cell, out, column.field, json);
}

export function importQuery(
  format: TextFormat,
  sources: readonly string[],
  columns: readonly QueryColumn[],
): ImportQuery {
  const json = format === 'json' || format === 'ndjson';
  // Internal names no file column can take over: user names appear only as the file's columns
  // (innermost) and as the final aliases; the answer is read by position.
  const raw = (i: number) => `__cs_r${i}`;
  const empty = (i: number) => `__cs_e${i}`;
  const text = (i: number) => `__cs_s${i}`;
  const value = (i: number) => `__cs_v${i}`;
  const out = (i: number) => `__cs_o${i}`;
  const used = sources.map((name) => columns.filter((c) => c.source === name));
  // The cell as text, with blank (or JSON null) as NULL: the JS reader's missing value. Only a
  // cell that starts with a blank can be all blanks, so the regex runs on few cells. A cast
  // column takes an empty cell as NULL and leaves one of blanks to castValue, which reads it as
  // missing too: half the cost, and such cells are rare.
  const cleaned = sources.flatMap((name, i) => {
    if (used[i]!.length === 0) return [];
    const c = json ? `${sqlName(name)}::VARCHAR` : sqlName(name);
    if (json)
      return [`CASE WHEN ${c} = 'null' THEN NULL ELSE ${c} END AS ${raw(i)}`, `${c} AS ${text(i)}`];
    // The blank first characters as ranges, not `IN (9, …, 32)`: DuckDB plans an IN list of six
    // as a hash join (a MARK join per column), which took a third of an inferred import's time.
    const blank = `${c} = '' OR ((ascii(${c}) BETWEEN 9 AND 13 OR ascii(${c}) = 32) AND regexp_full_match(${c}, '\\s*'))`;
    return [
      `${c} AS ${text(i)}`,
      ...(used[i]!.some((column) => column.convert !== 'cast')
        ? [`CASE WHEN ${blank} THEN NULL ELSE ${c} END AS ${raw(i)}`]
        : []),
      ...(used[i]!.some((column) => column.convert === 'cast' && column.cast !== 'utf8')
        ? [`CASE WHEN ${c} = '' THEN NULL ELSE ${c} END AS ${empty(i)}`]
        : []),
    ];
  });
  const cellOf = (column: QueryColumn) => {
    const i = sources.indexOf(column.source);
    if (json || column.convert !== 'cast') return raw(i);
    // A chosen text column takes every cell as written, and is never flagged.
    return column.cast === 'utf8' ? text(i) : empty(i);
  };
  const conversions = columns.map((column, k) =>
    conversionOf(column, cellOf(column), text(sources.indexOf(column.source)), value(k), json),
  );
  const checked = new Set(columns.flatMap((_, k) => (conversions[k]!.ok === 'true' ? [] : [k])));
  // A checked column's value is NULL where its cell did not convert: every `ok` is false (or
  // NULL, for a failed cast) where the value is NULL, so a present cell with a NULL value is a
  // flagged one, and the reader sees which cells of a flagged row to read. DuckDB's CASE takes no
  // fixed-size array (FLOAT[n]); it goes through a list and back.
  const outputs = columns.map((column, k) => {
    const { ok } = conversions[k]!;
    if (!checked.has(k) || ok === `${value(k)} IS NOT NULL`) return `${value(k)} AS ${out(k)}`;
    const type = column.field.type as DataType;
    if (!arrow.DataType.isFixedSizeList(type))
      return `CASE WHEN ${ok} THEN ${value(k)} END AS ${out(k)}`;
    return `(CASE WHEN ${ok} THEN ${value(k)}::FLOAT[] END)::FLOAT[${type.listSize}] AS ${out(k)}`;
  });
  const flagged = [...checked].map(
    (k) => `WHEN ${cellOf(columns[k]!)} IS NOT NULL AND ${out(k)} IS NULL THEN ${k}`,
  );
  const bad = flagged.length === 0 ? 'NULL' : `CASE ${flagged.join(' ')} END`;
  const cells = columns.map((column) => `${cellOf(column)}::VARCHAR`).join(', ');
  const names = columns.map((column, k) => `${out(k)} AS ${sqlName(column.field.name)}`);
  // The cells each later level passes on: the flagged row's cells come from them at the end.
  const rawColumns = [...new Set(columns.map(cellOf))];
  // Innermost first: the file's cells, their text without blanks, the converted values, the
  // checked values, the flag, and the flagged row's cells.
  const sql =
    `SELECT ${names.join(', ')}, ${bad}::INTEGER AS ${BAD_COLUMN}, ` +
    `CASE WHEN ${BAD_COLUMN} IS NOT NULL THEN [${cells}] END AS ${BAD_TEXTS} FROM (` +
    `SELECT ${[...outputs, ...rawColumns].join(', ')} FROM (` +
    `SELECT ${[...conversions.map((c, k) => `${c.value} AS ${value(k)}`), ...rawColumns].join(', ')} FROM (` +
    `SELECT ${cleaned.join(', ')} FROM ${reader(format, sources)})))`;
  const countSql = `SELECT count(*) FROM ${reader(format, sources)}`;
  return { sql, countSql, columns };
}
