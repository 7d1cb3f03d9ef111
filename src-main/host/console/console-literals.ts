/**
 * Literal values in the console's text: numbers (negative, with exponents, read from the original
 * text since exponents are masked for the parser, see scan-sql-text.ts), whole numbers for LIMIT
 * and the search options, and strings.
 */
import type { Expr } from 'pgsql-ast-parser';
import type { ConsoleSource } from './console-source';

/** The value of a numeric literal, signs included; undefined if the node is not one. */
export function numberLiteral(source: ConsoleSource, expr: Expr): number | undefined {
  if (expr.type === 'unary' && (expr.op === '-' || expr.op === '+')) {
    const operand = numberLiteral(source, expr.operand);
    if (operand === undefined) return undefined;
    return expr.op === '-' ? -operand : operand;
  }
  if (expr.type !== 'integer' && expr.type !== 'numeric') return undefined;
  // The parser's own value is wrong for a masked exponent (and imprecise past 2^53 for integers);
  // the original characters are not. They may hold a minus: its lexer reads `-3` as one token.
  // The node may span more than the number (FETCH FIRST 5 ROWS ONLY is one node).
  const { start, end } = source.span(expr);
  const written = NUMBER.exec(source.text.slice(start, end));
  return written ? Number(written[0]) : expr.value;
}

const NUMBER = /-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/;

/** A finite number, or a refusal naming what was expected. */
export function finiteNumber(source: ConsoleSource, expr: Expr, what: string): number {
  const value = numberLiteral(source, expr);
  if (value === undefined) source.refuse(expr, `${what} must be a number`);
  if (!Number.isFinite(value)) source.refuse(expr, `${what} is not a finite number`);
  return value;
}

/** A whole number ≥ min, exactly representable. */
export function wholeNumber(source: ConsoleSource, expr: Expr, what: string, min: number): number {
  const value = finiteNumber(source, expr, what);
  if (!Number.isSafeInteger(value) || value < min) {
    source.refuse(expr, `${what} must be a whole number of at least ${min}`);
  }
  return value;
}

export function stringLiteral(source: ConsoleSource, expr: Expr, what: string): string {
  if (expr.type !== 'string') source.refuse(expr, `${what} must be a string in single quotes`);
  return expr.value;
}
