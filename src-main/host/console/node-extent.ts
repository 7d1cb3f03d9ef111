/**
 * Where a parsed node really is in the text. pgsql-ast-parser's `_location` of a node can stop
 * short of its children and of parentheses around them (`a IN (1, 2)` ends before the `)`), so the
 * extent is the union over the node and its descendants, widened until its parentheses (and brackets) balance.
 * The WHERE filter handed to LanceDB is cut from the text by these extents, so they must be whole.
 */
import type { PGNode } from 'pgsql-ast-parser';

export interface TextSpan {
  start: number;
  /** Exclusive. */
  end: number;
}

export function nodeExtent(node: PGNode, partners: ReadonlyMap<number, number>): TextSpan {
  const span = { start: Number.POSITIVE_INFINITY, end: Number.NEGATIVE_INFINITY };
  cover(node, span);
  if (!Number.isFinite(span.start)) return { start: 0, end: 0 };
  return balanced(span, partners);
}

function cover(value: unknown, span: TextSpan): void {
  if (Array.isArray(value)) {
    for (const item of value) cover(item, span);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const location = (value as PGNode)._location;
  if (location) {
    span.start = Math.min(span.start, location.start);
    span.end = Math.max(span.end, location.end);
  }
  for (const [key, child] of Object.entries(value)) {
    if (key !== '_location') cover(child, span);
  }
}

/** Widens a span to the partner of every parenthesis or bracket in it whose partner lies outside. */
function balanced(span: TextSpan, partners: ReadonlyMap<number, number>): TextSpan {
  let { start, end } = span;
  for (let changed = true; changed;) {
    changed = false;
    for (const [at, partner] of partners) {
      if (at < start || at >= end) continue;
      if (partner < start) {
        start = partner;
        changed = true;
      } else if (partner >= end) {
        end = partner + 1;
        changed = true;
      }
    }
  }
  return { start, end };
}
