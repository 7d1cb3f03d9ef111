/**
 * What the map shows and where it comes from: the chosen columns, the rows (the table under a
 * filter, up to a limit, or a search's results), and the SQL for the rows a lasso picked.
 */
import { formatNumber } from '../../src-shared/format';
import { gateExpression } from '../../src-shared/expression-gate/expression-gate';
import {
  isFloatVector,
  isScalarOrderable,
} from '../../src-shared/vocabulary/index-types/column-kinds';
import type { JsonArrowField } from '../../src-shared/vocabulary/json-arrow-types';
import { sqlIdentifier, sqlString } from '../common/grid/row-predicate';
import { KEY_COLUMN_NAMES } from '../../src-shared/sql-expression/sql-names';

export const MAX_MAP_ROWS = 50_000;
export const DEFAULT_MAP_ROWS = 10_000;

export interface MapSettings {
  vectorColumn: string;
  keyColumn: string;
  /** Empty for one colour. */
  colourColumn: string;
  /** A LanceDB SQL WHERE expression; empty for none. */
  filter: string;
  limit: number;
}

/** Top-level float vector columns: the ones a map can be drawn from (read by name). */
export function vectorFields(fields: readonly JsonArrowField[]): string[] {
  return fields.filter(isFloatVector).map((f) => f.name);
}

/** Top-level columns of single values: keys and colours. */
export function scalarFields(fields: readonly JsonArrowField[]): string[] {
  return fields.filter(isScalarOrderable).map((f) => f.name);
}

/** A column named like a key (`id`, `uuid`, …), else the first single-value column. */
export function defaultKey(scalars: readonly string[]): string {
  return scalars.find((s) => KEY_COLUMN_NAMES.includes(s.toLowerCase())) ?? scalars[0] ?? '';
}

export type LassoPredicate =
  { predicate: string; why?: undefined } | { predicate?: undefined; why: string };

/**
 * `key IN (…)` for the rows a lasso picked, through the same expression gate as the grid's
 * selection and anything a person types: a choice too large for it says so instead.
 */
export function lassoPredicate(
  keyColumn: string,
  literals: ReadonlyArray<string | null>,
): LassoPredicate {
  if (literals.length === 0) return { why: 'The lasso holds no points' };
  if (literals.some((l) => l === null)) {
    return { why: `${keyColumn} does not name rows exactly (choose an integer or text key)` };
  }
  const unique = [...new Set(literals as string[])];
  const column = sqlIdentifier(keyColumn);
  const text =
    unique.length === 1 ? `${column} = ${unique[0]!}` : `${column} IN (${unique.join(', ')})`;
  try {
    return { predicate: gateExpression(text, { what: 'selection' }) };
  } catch (error) {
    return {
      why: `These ${formatNumber(unique.length)} rows cannot be named in one condition (${(error as Error).message}); lasso fewer`,
    };
  }
}

/**
 * The rows of a search's results as a filter, so the map can be drawn from them: their keys in
 * `key IN (…)`, quoted for a text key. Undefined when the key is neither text nor an integer,
 * or the results do not carry it.
 */
export function searchResultsFilter(
  keyColumn: string,
  keyType: string,
  results: ReadonlyArray<Readonly<Record<string, string | null>>>,
): LassoPredicate {
  const isText = keyType === 'utf8' || keyType === 'large_utf8';
  if (!isText && !/^u?int(8|16|32|64)$/.test(keyType)) {
    return { why: `${keyColumn} does not name rows exactly (choose an integer or text key)` };
  }
  const keys = results.map((r) => r[keyColumn] ?? null);
  if (keys.length === 0 || keys.some((k) => k === null)) {
    return { why: `The search's results do not all have a ${keyColumn}` };
  }
  return lassoPredicate(
    keyColumn,
    keys.map((k) => (isText ? sqlString(k!) : k)),
  );
}
