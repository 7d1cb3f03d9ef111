/**
 * How one text cell becomes its column's type in DuckDB's SQL: a `value`, computed once, and `ok`,
 * whether that value is what the import's JavaScript rules would have made of the cell. A present
 * cell that is not ok is flagged; the reader then applies the JS rules to that cell alone
 * (`text-source.ts`), which refuse it with their own words or, for a column whose type the person
 * chose, may take a spelling the SQL left to them. So `ok` must be sound (never true where the JS
 * rules would give another value or refuse) and should be cheap; it need not be complete. Each
 * check below was chosen for its cost per cell, measured on a million cells (a regular expression
 * costs about 80 ms, a cast 30-50 ms, `ltrim` with a set 250 ms, formatting a double 270 ms), and
 * its soundness is tested against the JS rules on generated spellings
 * (`test/integration/host/imports/sql-conversions.test.ts`).
 *
 * `r` is the cell (never blank, never JSON null), `v` the column holding `value`.
 */
import type { DataType, Field } from 'apache-arrow';
import { arrow } from '../../catalog/arrow';
import type { ImportColumnType } from '../../../src-shared/studio-procedures';

export interface Conversion {
  value: string;
  ok: string;
}

// A whole number, as parseCell's INT_PATTERN, with the blanks around a CSV cell allowed.
const INT_RE = `'\\s*-?[0-9]+\\s*'`;
// A whole number of up to 15 digits is exact in float64 (2^53 has 16).
const ALWAYS_EXACT_LENGTH = 15;

/**
 * A column whose type was inferred from the first rows, by the rules of `parseCell` and
 * `rowsToTable`: a whole number must look like one and fit its type, a float64 must be finite
 * and, when written as a long integer, exact; a vector must be an array of numbers of its
 * dimension, each finite in float32. DuckDB's own casts would round "1.5" into an int32 column
 * and turn 1e400 into Infinity, so none is used unguarded.
 *
 * These guard values, not spelling: DuckDB also reads "1_000" or "[.5, 1]", which the JS rules
 * would leave as text, but never to a different number.
 */
export function inferredConversion(r: string, v: string, field: Field, json: boolean): Conversion {
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
      // Only a long integer can be rounded: a cell of at most 15 characters, or with a point or an
      // exponent, cannot be one, and skips the costly test (CASE evaluates a branch only for the
      // rows that reach it; the test in one OR cost 1.3 s per million cells).
      ok:
        `CASE WHEN strlen(${r}) <= ${ALWAYS_EXACT_LENGTH} OR contains(${r}, '.') OR contains(${r}, 'e') ` +
        `OR contains(${r}, 'E') THEN isfinite(${v}) ELSE isfinite(${v}) AND (NOT regexp_full_match(${r}, ${INT_RE}) ` +
        `OR TRY_CAST(${v} AS HUGEINT) = TRY_CAST(${r} AS HUGEINT)) END`,
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

/** Digits, as the JS rules read them (`\d` is ASCII there too). */
const DATE_RE = '[0-9]{4}-[0-9]{2}-[0-9]{2}';
const D = '[0-9]';
const DATE_GLOB = `${D}${D}${D}${D}-[01]${D}-[0-3]${D}`;
const TIME_GLOB = `${DATE_GLOB}[T ][0-2]${D}:[0-5]${D}`;
/**
 * The commonest date-times, by length, as GLOB patterns: a third of the regular expression's
 * cost. DuckDB refuses the hours 24 to 29 that the pattern lets through (but 24:00:00, the next
 * day's midnight, as JavaScript reads it too); the differential test holds it to that.
 */
const DATE_TIME_GLOBS: Record<number, string> = {
  10: DATE_GLOB,
  16: TIME_GLOB,
  19: `${TIME_GLOB}:[0-5]${D}`,
  20: `${TIME_GLOB}:[0-5]${D}Z`,
  23: `${TIME_GLOB}:[0-5]${D}.${D}${D}${D}`,
  24: `${TIME_GLOB}:[0-5]${D}.${D}${D}${D}Z`,
};
/**
 * The date-times whose reading DuckDB and `isoToEpochMs` agree on: its grammar with a `T` or a
 * space, `Z` upper case and offsets with a colon, and hours to 23 (JavaScript takes 24:00 as the
 * next day). The rest of the grammar (lower case, `+0200`, blanks around) is left to the JS rules.
 */
const DATE_TIME_RE =
  `${DATE_RE}([T ]([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\\.[0-9]{1,3})?)?` +
  `(Z|[-+]([01][0-9]|2[0-3]):[0-5][0-9])?)?`;
const BOOL_WORDS: ReadonlyArray<[string, boolean]> = [
  ['true', true],
  ['t', true],
  ['yes', true],
  ['y', true],
  ['1', true],
  ['false', false],
  ['f', false],
  ['no', false],
  ['n', false],
  ['0', false],
];

/**
 * A CSV cell cast to the type the person chose, as `castValue` would, for the cells spelled the
 * plain way; `value` is NULL on the others, which `castValue` then reads (`ok` is false there).
 * Text and bytes need no check: every cell is taken as written.
 */
export function castConversion(r: string, v: string, cast: ImportColumnType, dim = 0): Conversion {
  switch (cast) {
    case 'int32':
    case 'int64':
      // The cell is the number's own digits: no sign, blank, leading zero or fraction that
      // BigInt and DuckDB might read differently (the JS cast takes "+5" and " 5"; DuckDB "1.5").
      return {
        value: `TRY_CAST(${r} AS ${cast === 'int64' ? 'BIGINT' : 'INTEGER'})`,
        ok: `${v}::VARCHAR = ${r}`,
      };
    case 'float32':
    case 'float64': {
      // DuckDB reads "1_000" and "+-5", which Number() refuses; otherwise both round the same
      // decimal to the same double. Infinity (taken by the JS cast when spelled so) is left to it.
      const double = `TRY_CAST(${r} AS DOUBLE)`;
      return {
        value: cast === 'float32' ? `TRY_CAST(${double} AS FLOAT)` : double,
        ok: `isfinite(${v}) AND NOT contains(${r}, '_') AND NOT contains(${r}, '+-')`,
      };
    }
    case 'bool':
      return {
        value: `CASE lower(${r}) ${BOOL_WORDS.map(([w, b]) => `WHEN '${w}' THEN ${b}`).join(' ')} END`,
        // ASCII only, where DuckDB's lower() and JavaScript's toLowerCase() agree.
        ok: `${v} IS NOT NULL AND strlen(${r}) = length(${r})`,
      };
    case 'date32':
      return {
        value: `TRY_CAST(${r} AS DATE)`,
        ok: `${v} IS NOT NULL AND ${r} GLOB '${DATE_GLOB}'`,
      };
    case 'timestamp': {
      // Read as a TIMESTAMP, which has no zone: a date-time without an offset (or with Z) is UTC
      // on every machine, as in the JS rules. TIMESTAMPTZ would apply an offset but reads through
      // ICU's calendar in the session's zone, six times slower; TIMESTAMP ignores one, so it is
      // cut off and subtracted here. Only a cell of the grammar is read at all: it has four-digit
      // years, so that arithmetic cannot overflow (an error would end DuckDB's stream).
      const plain = `TRY_CAST(${r} AS TIMESTAMP)`;
      // The commonest lengths, which have no offset, are told apart by one GLOB each.
      const common = Object.entries(DATE_TIME_GLOBS)
        .map(
          ([length, glob]) =>
            `WHEN ${length} THEN CASE WHEN ${r} GLOB '${glob}' THEN ${plain} END `,
        )
        .join('');
      // Otherwise an offset, if any, ends the cell: its sign is six characters from the end.
      const sign = `substr(${r}, -6, 1)`;
      const offsetMinutes =
        `(CASE ${sign} WHEN '-' THEN -1 ELSE 1 END) * ` +
        `(TRY_CAST(substr(${r}, -5, 2) AS INTEGER) * 60 + TRY_CAST(substr(${r}, -2, 2) AS INTEGER))`;
      const other =
        `CASE WHEN NOT regexp_full_match(${r}, '${DATE_TIME_RE}') THEN NULL ` +
        `WHEN strlen(${r}) > 16 AND ${sign} IN ('+', '-') ` +
        `THEN TRY_CAST(substr(${r}, 1, strlen(${r}) - 6) AS TIMESTAMP) - to_minutes(${offsetMinutes}) ` +
        `ELSE ${plain} END`;
      return { value: `CASE strlen(${r}) ${common}ELSE ${other} END`, ok: `${v} IS NOT NULL` };
    }
    case 'vector':
      // JSON arrays of numbers: json_valid also takes NaN and a trailing comma, which the casts
      // then refuse; a quoted number ("1"), which the JS cast takes, is left to it.
      return {
        value: `TRY_CAST(TRY_CAST(${r} AS DOUBLE[${dim}]) AS FLOAT[${dim}])`,
        ok:
          `list_count(${v}) = ${dim} AND isfinite(list_sum(${v})) AND NOT contains(${r}, '"') ` +
          `AND json_valid(${r})`,
      };
    case 'binary':
      return { value: `encode(${r})`, ok: 'true' };
    case 'utf8':
      return { value: r, ok: 'true' };
  }
}
