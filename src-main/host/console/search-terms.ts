/**
 * The words the console adds to SQL for searches, and the check that keeps them where they mean
 * something: nearest() only as the ORDER BY, match() and a `_distance` bound only as conditions
 * of their own in WHERE's top-level AND chain. Anywhere else they would reach LanceDB's filter
 * and fail there with a message about a function it does not know; here they fail at their place.
 */
import type { Expr, ExprCall } from 'pgsql-ast-parser';
import type { ConsoleSource } from './console-source';
import { pseudoColumn } from './column-refs';

export const NEAREST = 'nearest';
export const MATCH = 'match';

/**
 * Whether an expression calls one of our search functions (by its bare name, any case). Not a
 * type guard: a call to another function is still a call.
 */
export function isSearchCall(expr: Expr, name: string): boolean {
  return searchCall(expr, name) !== undefined;
}

export function searchCall(expr: Expr, name: string): ExprCall | undefined {
  return expr.type === 'call' && !expr.function.schema && expr.function.name.toLowerCase() === name
    ? expr
    : undefined;
}

/** Refuses the first search term, pseudo-column or subquery anywhere inside a filter expression. */
export function assertPlainFilter(source: ConsoleSource, expr: Expr): void {
  visit(expr, (node) => {
    if (isSearchCall(node, NEAREST)) {
      source.refuse(
        node,
        'nearest() is a vector search, which orders rows: write it as ORDER BY nearest(column, ARRAY[…])',
      );
    }
    if (isSearchCall(node, MATCH)) {
      source.refuse(
        node,
        'match() must be a condition of its own in WHERE, joined to the others by AND (not inside OR, NOT or an expression)',
      );
    }
    const pseudo = pseudoColumn(source, node);
    if (pseudo === '_distance') {
      source.refuse(
        node,
        '_distance can bound a vector search only as a condition of its own in WHERE, joined by AND: _distance >= x or _distance < y',
      );
    }
    if (pseudo === '_score' || pseudo === '_relevance_score') {
      source.refuse(
        node,
        `Rows cannot be filtered by ${pseudo}: LanceDB computes it after the filter`,
      );
    }
    if (SUBQUERY_TYPES.has(node.type)) {
      source.refuse(node, 'Subqueries are not supported: a console query reads one table');
    }
  });
}

const SUBQUERY_TYPES = new Set<string>([
  'select',
  'union',
  'union all',
  'with',
  'with recursive',
  'values',
  'array select',
]);

/** Every expression node inside `root` (root included), depth first. */
function visit(root: unknown, each: (node: Expr) => void): void {
  if (Array.isArray(root)) {
    for (const item of root) visit(item, each);
    return;
  }
  if (root === null || typeof root !== 'object') return;
  if (typeof (root as { type?: unknown }).type === 'string') each(root as Expr);
  for (const [key, child] of Object.entries(root)) {
    if (key !== '_location') visit(child, each);
  }
}
