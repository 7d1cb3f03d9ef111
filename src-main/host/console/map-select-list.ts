/**
 * The SELECT list: `*` or plain column references, plus the pseudo-columns a search or the row id
 * adds to the answer. LanceDB returns stored columns as they are, so expressions, aliases,
 * aggregates and window functions are refused, each at its place.
 */
import type { Expr, SelectedColumn } from 'pgsql-ast-parser';
import type { ConsoleSource } from './console-source';
import { isStar, pseudoColumn, refPath, type PseudoColumn } from './column-refs';
import { isSearchCall, MATCH, NEAREST } from './search-terms';

export interface Selection {
  /** Column paths; undefined for `*`. */
  columns?: string[];
  /** Pseudo-columns asked for, with where, to refuse one the query cannot return. */
  pseudo: Map<PseudoColumn, Expr>;
}

export const AGGREGATES = new Set([
  'count',
  'sum',
  'avg',
  'min',
  'max',
  'array_agg',
  'string_agg',
  'bool_and',
  'bool_or',
  'every',
  'stddev',
  'variance',
  'median',
]);

export function mapSelectList(
  source: ConsoleSource,
  selected: readonly SelectedColumn[] | null | undefined,
): Selection {
  const selection: Selection = { pseudo: new Map() };
  let star: Expr | undefined;
  const paths: string[] = [];
  for (const column of selected ?? []) {
    const expr = column.expr;
    if (column.alias) {
      source.refuse(column, 'Aliases are not supported: a column comes back under its own name');
    }
    if (isStar(expr)) {
      if (expr.type === 'ref' && expr.table) {
        source.refuse(expr, 'Write * alone: a console query reads one table');
      }
      if (star) source.refuse(expr, '* is given twice');
      if (paths.length > 0)
        source.refuse(expr, '* selects every column; list columns or *, not both');
      star = expr;
      continue;
    }
    const pseudo = pseudoColumn(source, expr);
    if (pseudo) {
      if (selection.pseudo.has(pseudo)) source.refuse(expr, `${pseudo} is selected twice`);
      selection.pseudo.set(pseudo, expr);
      continue;
    }
    if (expr.type !== 'ref') refuseExpression(source, expr);
    if (star) source.refuse(expr, '* selects every column already; list columns or *, not both');
    const path = refPath(source, expr);
    if (paths.includes(path)) source.refuse(expr, `Column ${path} is selected twice`);
    paths.push(path);
  }
  if (!star) selection.columns = paths;
  return selection;
}

function refuseExpression(source: ConsoleSource, expr: Expr): never {
  if (expr.type === 'call') {
    if (isSearchCall(expr, NEAREST)) {
      source.refuse(expr, 'nearest() orders a vector search: write it as ORDER BY nearest(…)');
    }
    if (isSearchCall(expr, MATCH)) {
      source.refuse(expr, 'match() is a full-text search: write it as a condition in WHERE');
    }
    if (expr.over) {
      source.refuse(
        expr,
        'Window functions are not supported: a console query returns rows as stored',
      );
    }
    if (AGGREGATES.has(expr.function.name.toLowerCase()) || expr.distinct || expr.filter) {
      source.refuse(expr, 'Aggregates are not supported: a console query returns rows, not groups');
    }
  }
  if (
    ['select', 'union', 'union all', 'with', 'with recursive', 'values', 'array select'].includes(
      expr.type,
    )
  ) {
    source.refuse(expr, 'Subqueries are not supported: a console query reads one table');
  }
  return source.refuse(
    expr,
    'Only columns can be selected, not expressions: LanceDB returns the stored columns as they are',
  );
}
