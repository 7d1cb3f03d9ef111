/**
 * The index types that fit a column, best first, with the reason for the first. The rules:
 *
 * - text: FTS (what people search text with), then FM and NGRAM (substring `contains`
 *   filters), then the scalar indexes;
 * - a scalar: BITMAP when the column has few distinct values (a bitmap per value stays small),
 *   else BTREE; a boolean is always BITMAP;
 * - a list of scalars (tags, most often, even of strings): LABEL_LIST (`array_has_any` filters);
 * - a float vector: IVF_HNSW_SQ below HNSW_MAX_ROWS rows, where an HNSW graph per partition gives
 *   the best recall for its memory, and IVF_PQ from there, where compressing the vectors matters
 *   most (LanceDB's own default for large tables);
 * - whatever cannot be built here comes last.
 *
 * Distinct values are counted in a sample of the column's first rows, so "few" is an estimate.
 */
import type { JsonArrowField } from '../../src-shared/vocabulary/json-arrow-types';
import {
  isFloatVector,
  isScalarList,
  isTextColumn,
  typeOf,
} from '../../src-shared/vocabulary/index-types/column-kinds';
import type { IndexSpec } from '../../src-shared/vocabulary/index-types/spec-types';
import { formatNumber } from '../../src-shared/format';

export const HNSW_MAX_ROWS = 500_000;
/** At most this many distinct values in the sample makes a column a bitmap candidate. */
export const FEW_DISTINCT = 1_000;

export interface ColumnFacts {
  rowCount: number | undefined;
  /** Distinct values among `sampled` of the column's rows, where they were counted. */
  distinct?: { values: number; sampled: number };
}

export interface RankedTypes {
  specs: IndexSpec[];
  /** Why the first fits best, for the form to say. */
  reason?: string;
}

function fewDistinct(facts: ColumnFacts): boolean {
  const d = facts.distinct;
  if (!d || d.sampled === 0) return false;
  // A sample where most values differ says nothing about "few", whatever its size.
  return d.values <= FEW_DISTINCT && d.values <= d.sampled / 10;
}

function preferred(field: JsonArrowField, facts: ColumnFacts): { order: string[]; reason: string } {
  const rows = facts.rowCount;
  if (isFloatVector(field)) {
    return rows !== undefined && rows < HNSW_MAX_ROWS
      ? {
          order: ['IVF_HNSW_SQ', 'IVF_PQ'],
          reason: `HNSW gives the best recall for its memory on tables under ${formatNumber(HNSW_MAX_ROWS)} rows`,
        }
      : {
          order: ['IVF_PQ', 'IVF_HNSW_SQ'],
          reason: 'IVF_PQ compresses the vectors, which matters most on a large table',
        };
  }
  // Before text: a list of strings is most often tags, filtered by membership.
  if (isScalarList(field)) {
    return { order: ['LABEL_LIST', 'FTS'], reason: 'A label list answers array_has_any filters' };
  }
  if (isTextColumn(field)) {
    return {
      order: [
        'FTS',
        'FM',
        'NGRAM',
        ...(fewDistinct(facts) ? ['BITMAP', 'BTREE'] : ['BTREE', 'BITMAP']),
      ],
      reason: 'Full-text search is what text is searched with',
    };
  }
  if (typeOf(field) === 'bool') {
    return { order: ['BITMAP'], reason: 'A boolean has two values: a bitmap per value' };
  }
  if (fewDistinct(facts)) {
    return {
      order: ['BITMAP', 'BTREE'],
      reason: `${formatNumber(facts.distinct!.values)} distinct values in the first ${formatNumber(facts.distinct!.sampled)} rows: a bitmap per value stays small`,
    };
  }
  return {
    order: ['BTREE', 'BITMAP'],
    reason: facts.distinct
      ? 'Many distinct values: a B-tree finds one quickly'
      : 'A B-tree serves equality and range filters',
  };
}

export function rankIndexTypes(
  fits: readonly IndexSpec[],
  field: JsonArrowField,
  facts: ColumnFacts,
): RankedTypes {
  const { order, reason } = preferred(field, facts);
  const rank = (spec: IndexSpec) => {
    if (spec.unsupported) return Number.MAX_SAFE_INTEGER;
    const at = order.indexOf(spec.type);
    // Types not named keep the specification's order, after the named ones.
    return at === -1 ? order.length + fits.indexOf(spec) : at;
  };
  const specs = [...fits].sort((a, b) => rank(a) - rank(b));
  const first = specs[0];
  return {
    specs,
    ...(first && !first.unsupported && order[0] === first.type ? { reason } : {}),
  };
}
