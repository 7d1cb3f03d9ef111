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
import type { Field } from 'apache-arrow';
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

const INT_RE = `'-?[0-9]+'`;
// parseCell's FLOAT_PATTERN; JSON's number grammar is a subset of it.
const FLOAT_RE = `'-?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][-+]?[0-9]+)?'`;
const JSON_NUMBER = '-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][-+]?[0-9]+)?';
const VECTOR_RE = `'\\[\\s*${JSON_NUMBER}(\\s*,\\s*${JSON_NUMBER})*\\s*\\]'`;

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

/** The SQL converting text `t` (never blank, never NULL-valued) to the field's type, or NULL. */
function converted(t: string, field: Field, json: boolean): string {
  const A = arrow;
  const type = field.type;
  const whole = (sqlType: string) =>
    `CASE WHEN regexp_full_match(${t}, ${INT_RE}) THEN TRY_CAST(${t} AS ${sqlType}) ` +
    `WHEN regexp_full_match(${t}, ${FLOAT_RE}) THEN (CASE WHEN isfinite(TRY_CAST(${t} AS DOUBLE)) ` +
    `AND TRY_CAST(${t} AS DOUBLE) = trunc(TRY_CAST(${t} AS DOUBLE)) ` +
    `THEN TRY_CAST(TRY_CAST(${t} AS DOUBLE) AS ${sqlType}) END) END`;
  if (A.DataType.isInt(type)) return whole(type.bitWidth === 64 ? 'BIGINT' : 'INTEGER');
  if (A.DataType.isFloat(type))
    return (
      `CASE WHEN regexp_full_match(${t}, ${INT_RE}) THEN (CASE WHEN ` +
      `TRY_CAST(TRY_CAST(${t} AS DOUBLE) AS HUGEINT) = TRY_CAST(${t} AS HUGEINT) ` +
      `THEN TRY_CAST(${t} AS DOUBLE) END) ` +
      `WHEN regexp_full_match(${t}, ${FLOAT_RE}) AND isfinite(TRY_CAST(${t} AS DOUBLE)) ` +
      `THEN TRY_CAST(${t} AS DOUBLE) END`
    );
  if (A.DataType.isBool(type))
    return `CASE lower(${t}) WHEN 'true' THEN true WHEN 'false' THEN false END`;
  if (A.DataType.isFixedSizeList(type)) {
    const dim = type.listSize;
    const vector = (text: string) =>
      `TRY_CAST(TRY_CAST(${text} AS DOUBLE[${dim}]) AS FLOAT[${dim}])`;
    // DuckDB's CASE cannot yield an array, so the check picks the text and the cast follows.
    const valid =
      `CASE WHEN regexp_full_match(${t}, ${VECTOR_RE}) AND list_count(${vector(t)}) = ${dim} ` +
      `AND isfinite(list_sum(${vector(t)})) THEN ${t} END`;
    return vector(valid);
  }
  if (A.DataType.isList(type))
    return `CASE WHEN json_valid(${t}) AND json_type(${t}) = 'ARRAY' THEN from_json(${t}, '["VARCHAR"]') END`;
  return json ? `json_extract_string(${t}, '$')` : t;
}

export interface ImportQuery {
  sql: string;
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
  // The cell as text, with blank (or JSON null) as NULL: the JS reader's missing value.
  const cleaned = sources.map((name, i) => {
    const c = json ? `${sqlName(name)}::VARCHAR` : sqlName(name);
    const blank = json ? `${c} = 'null'` : `trim(${c}) = ''`;
    return `CASE WHEN ${blank} THEN NULL ELSE ${json ? c : `trim(${c})`} END AS ${raw(i)}, ${c} AS ${text(i)}`;
  });
  const checked: Array<{ index: number; raw: string }> = [];
  const outputs = columns.map((column, index) => {
    const i = sources.indexOf(column.source);
    if (column.convert === 'text') return `${text(i)} AS ${out(index)}`;
    // A text column keeps the cell as written (untrimmed); other types read the trimmed text.
    const value =
      arrow.DataType.isUtf8(column.field.type) && !json
        ? `CASE WHEN ${raw(i)} IS NULL THEN NULL ELSE ${text(i)} END`
        : converted(raw(i), column.field, json);
    checked.push({ index, raw: raw(i) });
    return `${value} AS ${out(index)}`;
  });
  const flag = (pick: (c: (typeof checked)[number]) => string) =>
    checked.length === 0
      ? 'NULL'
      : `CASE ${checked.map((c) => `WHEN ${c.raw} IS NOT NULL AND ${out(c.index)} IS NULL THEN ${pick(c)}`).join(' ')} END`;
  const names = columns.map((column, index) => `${out(index)} AS ${sqlName(column.field.name)}`);
  const sql =
    `SELECT ${names.join(', ')}, ${flag((c) => String(c.index))}::INTEGER AS ${BAD_COLUMN}, ` +
    `${flag((c) => c.raw)}::VARCHAR AS ${BAD_TEXT} FROM (` +
    `SELECT ${[...outputs, ...sources.map((_, i) => raw(i))].join(', ')} FROM (` +
    `SELECT ${cleaned.join(', ')} FROM ${reader(format, sources)}))`;
  return { sql, columns };
}
