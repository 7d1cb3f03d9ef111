/**
 * Column references and the pseudo-columns. A column is written as SQL names (`id`, `"Title"`,
 * `meta.score`, `meta."a.b"`), each name one field, a dot stepping into a struct; it becomes a
 * column path in the contract's syntax (src-shared/vocabulary/field-paths.ts). The parser reads at
 * most three names in a row, so a path is at most three fields deep.
 */
import type { Expr, ExprRef } from 'pgsql-ast-parser';
import { formatFieldPath } from '../../../src-shared/vocabulary/field-paths';
import type { ConsoleSource } from './console-source';
import { identifierParts } from './identifier-parts';

/** Columns LanceDB adds to an answer: a search's score, or the row id. */
export const PSEUDO_COLUMNS = ['_distance', '_score', '_relevance_score', '_rowid'] as const;
export type PseudoColumn = (typeof PSEUDO_COLUMNS)[number];

export function isStar(expr: Expr): boolean {
  return expr.type === 'ref' && expr.name === '*';
}

/** The pseudo-column a reference names, if it names one (alone, not inside a struct). */
export function pseudoColumn(source: ConsoleSource, expr: Expr): PseudoColumn | undefined {
  if (expr.type !== 'ref' || expr.table) return undefined;
  const [name, ...rest] = identifierParts(source.text, source.span(expr));
  return rest.length === 0 && (PSEUDO_COLUMNS as readonly string[]).includes(name ?? '')
    ? (name as PseudoColumn)
    : undefined;
}

/** The contract column path of a plain column reference, or a refusal saying what was found. */
export function columnPath(source: ConsoleSource, expr: Expr, what: string): string {
  if (expr.type !== 'ref') source.refuse(expr, `${what} must be a column name`);
  return refPath(source, expr);
}

export function refPath(source: ConsoleSource, ref: ExprRef): string {
  const parts = identifierParts(source.text, source.span(ref));
  if (parts.includes('*') || parts.some((part) => part === '')) {
    source.refuse(ref, `${source.slice(ref)} is not a column name`);
  }
  return formatFieldPath(parts);
}
