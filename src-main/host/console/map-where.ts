/**
 * WHERE: its top-level AND chain is split into the conditions the console takes for itself —
 * match() (a full-text search) and bounds on `_distance` (a vector search's distance range) —
 * and the rest, which go to LanceDB as one SQL filter cut from the original text, so that
 * DataFusion reads exactly what was written. Nothing here evaluates a condition.
 */
import type { Expr, ExprCall } from 'pgsql-ast-parser';
import type { ConsoleSource } from './console-source';
import { pseudoColumn } from './column-refs';
import { finiteNumber } from './console-literals';
import { assertPlainFilter, MATCH, searchCall } from './search-terms';

export interface DistanceBound {
  value: number;
  /** The condition it came from, to refuse it at its place. */
  node: Expr;
}

export interface MappedWhere {
  filter?: string;
  match?: ExprCall;
  lower?: DistanceBound;
  upper?: DistanceBound;
}

export function mapWhere(source: ConsoleSource, where: Expr | null | undefined): MappedWhere {
  if (!where) return {};
  const mapped: MappedWhere = {};
  const kept: Expr[] = [];
  for (const condition of andChain(where)) {
    const match = searchCall(condition, MATCH);
    if (match) {
      if (mapped.match)
        source.refuse(condition, 'A query takes one match(); put the words of both in one');
      mapped.match = match;
      continue;
    }
    const bound = distanceBound(source, condition);
    if (bound) {
      if (mapped[bound.side]) {
        source.refuse(condition, `_distance has two ${bound.side} bounds; keep one`);
      }
      mapped[bound.side] = { value: bound.value, node: condition };
      continue;
    }
    assertPlainFilter(source, condition);
    kept.push(condition);
  }
  if (kept.length === 0) return mapped;
  // Untouched, the filter is the WHERE as written; otherwise the kept conditions, each in
  // parentheses, since its text may hold an OR that AND would otherwise bind into.
  mapped.filter =
    kept.length === andChain(where).length
      ? source.slice(where)
      : kept.length === 1
        ? source.slice(kept[0]!)
        : kept.map((condition) => `(${source.slice(condition)})`).join(' AND ');
  return mapped;
}

/** The conditions of a top-level AND chain, in order; parentheses around an AND change nothing. */
function andChain(expr: Expr): Expr[] {
  if (expr.type === 'binary' && expr.op === 'AND') {
    return [...andChain(expr.left), ...andChain(expr.right)];
  }
  return [expr];
}

const FLIPPED: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

/**
 * A bound on `_distance`, as LanceDB's distance range takes it: the lower bound included, the
 * upper excluded. The other two comparisons are refused rather than quietly shifted.
 */
function distanceBound(
  source: ConsoleSource,
  condition: Expr,
): { side: 'lower' | 'upper'; value: number } | undefined {
  if (condition.type === 'ternary' && pseudoColumn(source, condition.value) === '_distance') {
    source.refuse(
      condition,
      'Write _distance >= a AND _distance < b: a distance range includes its lower bound and excludes its upper, where BETWEEN includes both',
    );
  }
  if (condition.type !== 'binary' || !(condition.op in FLIPPED)) return undefined;
  let op: string = condition.op;
  let other: Expr;
  if (pseudoColumn(source, condition.left) === '_distance') other = condition.right;
  else if (pseudoColumn(source, condition.right) === '_distance') {
    other = condition.left;
    op = FLIPPED[op]!;
  } else return undefined;
  const value = finiteNumber(source, other, 'A bound on _distance');
  if (op === '<') return { side: 'upper', value };
  if (op === '>=') return { side: 'lower', value };
  return source.refuse(
    condition,
    op === '<='
      ? 'A distance range excludes its upper bound: write _distance < x'
      : 'A distance range includes its lower bound: write _distance >= x',
  );
}
