/** Where a query calls an aggregate, which is what routes it to DuckDB (plan-console-query.ts). */
import type { Expr, ExprRef } from 'pgsql-ast-parser';
import { AGGREGATES } from './map-select-list';

/** Whether an aggregate is called anywhere in the expression (window calls included). */
export function hasAggregate(expr: Expr): boolean {
  let found = false;
  walk(expr, (node) => {
    if (node.type === 'call' && AGGREGATES.has(node.function.name.toLowerCase())) found = true;
  });
  return found;
}

/** The column references inside an expression (not `*`), in order. */
export function columnRefs(expr: Expr): ExprRef[] {
  const refs: ExprRef[] = [];
  walk(expr, (node) => {
    if (node.type === 'ref' && node.name !== '*') refs.push(node);
  });
  return refs;
}

/** Every node with a type inside `root` (root included), depth first. */
function walk(root: unknown, each: (node: Expr) => void): void {
  if (Array.isArray(root)) {
    for (const item of root) walk(item, each);
    return;
  }
  if (root === null || typeof root !== 'object') return;
  if (typeof (root as { type?: unknown }).type === 'string') each(root as Expr);
  for (const [key, child] of Object.entries(root)) if (key !== '_location') walk(child, each);
}
