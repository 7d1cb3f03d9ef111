/**
 * The SQL that reads a CSV, TSV, JSON or NDJSON file for an import. Every cell is read as text
 * (for JSON, as the value's JSON text, so an integer past 2^53 keeps its digits) and converted in
 * DuckDB by the same rules as the import's inference (`parseCell` and `rowsToTable`), written as
 * SQL: a whole number must look like one and fit its type, a float64 must be finite and, when
 * written as an integer, exact; a vector must be a JSON array of numbers of its dimension, each
 * finite in float32. DuckDB's own casts would round "1.5" into an int32 column and turn 1e400
 * into Infinity, so none is used unguarded.
 *
 * A cell that is present but does not convert is flagged, not dropped: `__bad` is the index of
 * the first such column in the row, and `__bad_text` its text. The reader then words the failure
 * with the JS rules, which name the row, the column and the way out.
 *
 * Columns the person chose a type for come through as text and are cast in JS (`castValue`), so
 * an edited import keeps exactly the casts and messages it always had.
 */
import type { DataType, Field } from 'apache-arrow';
import { arrow } from '../../catalog/arrow';
import { sqlName, sqlString } from './duckdb-reader';

export type TextFormat = 'csv' | 'tsv' | 'json' | 'ndjson';

/** One column of the import: where it comes from, and whether its type was inferred or chosen. */
export interface QueryColumn {
  source: string;
  field: Field;
  /** Inferred columns convert in SQL; chosen (cast) columns are read as text. */
  convert: 'sql' | 'text';
}

export const BAD_COLUMN = '__bad';
export const BAD_TEXT = '__bad_text';

// An empty CSV field must reach a text column as '' (as csv-parse gave it), not as NULL; blank
// cells become NULL below, by the import's own rule.
const NO_NULL_STRING = '\u0001catalog-studio:no-null\u0001';

// A whole number, as parseCell's INT_PATTERN, with the blanks around a CSV cell allowed.
const INT_RE = `'\\s*-?[0-9]+\\s*'`;
// A whole number of up to 15 digits is exact in float64 (2^53 has 16).
const ALWAYS_EXACT_LENGTH = 15;

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

/**
 * How the text `r` (never blank, never JSON null) becomes the field's type: `value`, computed
 * once, and `ok`, whether that value is the cell unchanged. A row where a present cell is not ok
 * fails the import, so its value never lands and may be anything.
 *
 * The checks guard values, not spelling: DuckDB also reads "1_000" or "[.5, 1]", which the JS
 * rules would leave as text, but never to a different number. What is refused is what would
 * change: a fraction in a whole-number column, a number out of range, Infinity or NaN, a long
 * integer that float64 would round, a vector of the wrong length or beyond float32.
 */
function conversion(r: string, v: string, field: Field, json: boolean) {
  const A = arrow;
  const type = field.type as DataType;
  if (A.DataType.isInt(type))
    return {
      value: `TRY_CAST(${r} AS ${type.bitWidth === 64 ? 'BIGINT' : 'INTEGER'})`,
      // DuckDB rounds "1.5" to 2; read as a double, a whole number stays equal to itself.
      ok: `${v} IS NOT NULL AND TRY_CAST(${r} AS DOUBLE) = ${v}`,
    };
  if (A.DataType.isFloat(type))
    return {
      value: `TRY_CAST(${r} AS DOUBLE)`,
      ok:
        `isfinite(${v}) AND (length(${r}) <= ${ALWAYS_EXACT_LENGTH} OR NOT regexp_full_match(${r}, ${INT_RE}) ` +
        `OR TRY_CAST(${v} AS HUGEINT) = TRY_CAST(${r} AS HUGEINT))`,
    };
  if (A.DataType.isBool(type))
    return {
      value: `CASE lower(trim(${r})) WHEN 'true' THEN true WHEN 'false' THEN false END`,
      ok: `${v} IS NOT NULL`,
    };
  if (A.DataType.isFixedSizeList(type)) {
    const dim = type.listSize;
    // Through float64, as the JS reader rounds: decimal text to double, then double to float.
    // A null item or one past float32 makes the count short or the sum not finite.
    return {
      value: `TRY_CAST(TRY_CAST(${r} AS DOUBLE[${dim}]) AS FLOAT[${dim}])`,
      ok: `list_count(${v}) = ${dim} AND isfinite(list_sum(${v}))`,
    };
  }
  if (A.DataType.isList(type))
    return {
      value: `from_json(CASE WHEN json_valid(${r}) AND json_type(${r}) = 'ARRAY' THEN ${r} END, '["VARCHAR"]')`,
      ok: `${v} IS NOT NULL`,
    };
  return { value: json ? `json_extract_string(${r}, '$')` : r, ok: 'true' };
}

export interface ImportQuery {
  sql: string;
  /** The file's rows, counted by a query that runs to completion (see duckdb-reader.ts). */
  countSql: string;
  /** Output columns in order; `__bad` and `__bad_text` follow them. */
  columns: readonly QueryColumn[];
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
  const text = (i: number) => `__cs_s${i}`;
  const out = (i: number) => `__cs_o${i}`;
  // The cell as text, with blank (or JSON null) as NULL: the JS reader's missing value. Only a
  // cell that starts with a blank can be all blanks, so the regex runs on few cells.
  const cleaned = sources.map((name, i) => {
    const c = json ? `${sqlName(name)}::VARCHAR` : sqlName(name);
    const blank = json
      ? `${c} = 'null'`
      : `${c} = '' OR (ascii(${c}) IN (9, 10, 11, 12, 13, 32) AND regexp_full_match(${c}, '\\s*'))`;
    return `CASE WHEN ${blank} THEN NULL ELSE ${c} END AS ${raw(i)}, ${c} AS ${text(i)}`;
  });
  const checks: Array<{ index: number; raw: string; ok: string }> = [];
  const outputs = columns.map((column, index) => {
    const i = sources.indexOf(column.source);
    if (column.convert === 'text') return `${text(i)} AS ${out(index)}`;
    // A CSV text column keeps the cell as written; nothing to check.
    if (arrow.DataType.isUtf8(column.field.type) && !json)
      return `CASE WHEN ${raw(i)} IS NULL THEN NULL ELSE ${text(i)} END AS ${out(index)}`;
    const { value, ok } = conversion(raw(i), out(index), column.field, json);
    if (ok !== 'true') checks.push({ index, raw: raw(i), ok });
    return `${value} AS ${out(index)}`;
  });
  const bad =
    checks.length === 0
      ? 'NULL'
      : // coalesce: a check on a NULL value (a failed cast) is NULL, and NOT NULL would pass the row.
        `CASE ${checks.map((c) => `WHEN ${c.raw} IS NOT NULL AND NOT coalesce(${c.ok}, false) THEN ${c.index}`).join(' ')} END`;
  const badText =
    checks.length === 0
      ? 'NULL'
      : `CASE ${BAD_COLUMN} ${checks.map((c) => `WHEN ${c.index} THEN ${c.raw}`).join(' ')} END`;
  const kept = [...columns.map((_, index) => out(index)), ...sources.map((_, i) => raw(i))];
  const names = columns.map((column, index) => `${out(index)} AS ${sqlName(column.field.name)}`);
  // Innermost first: the file's cells, their text without blanks, the converted values, the
  // flag (its conditions evaluated once), and the flagged cell's text.
  const sql =
    `SELECT ${names.join(', ')}, ${BAD_COLUMN}, ${badText}::VARCHAR AS ${BAD_TEXT} FROM (` +
    `SELECT ${kept.join(', ')}, ${bad}::INTEGER AS ${BAD_COLUMN} FROM (` +
    `SELECT ${[...outputs, ...sources.map((_, i) => raw(i))].join(', ')} FROM (` +
    `SELECT ${cleaned.join(', ')} FROM ${reader(format, sources)})))`;
  const countSql = `SELECT count(*) FROM ${reader(format, sources)}`;
  return { sql, countSql, columns };
}
