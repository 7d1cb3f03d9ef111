/**
 * An expression of an engine query written again as DuckDB SQL, from its parsed form: columns
 * become their loaded names (t0.c2), strings are quoted and escaped, numbers are the digits the
 * user wrote, and only the operators and the five aggregates below are known. Anything else is
 * refused at its place, so DuckDB never reads a character of the user's text, and what it reads
 * is bounded: nesting at most MAX_DEPTH deep, IN lists of at most MAX_IN_LIST values.
 */
import type { Expr, ExprCall, ExprRef } from 'pgsql-ast-parser';
import type { ConsoleSource } from './console-source';
import { isStar, pseudoColumn } from './column-refs';
import { numberLiteral } from './console-literals';
import type { EngineScope, ResolvedColumn } from './engine-scope';
import { identifierParts } from './identifier-parts';
import { MATCH, NEAREST, isSearchCall } from './search-terms';

export const MAX_DEPTH = 64;
export const MAX_IN_LIST = 1_000;
export const ENGINE_AGGREGATES = ['count', 'sum', 'avg', 'min', 'max'] as const;

export interface DuckExpression {
  sql: string;
  /** Whether an aggregate is inside (or the expression is an alias of one). */
  aggregate: boolean;
  /** Columns outside any aggregate, with where they are written. */
  bare: { column: ResolvedColumn; node: ExprRef }[];
  /** Every column named, with its node (for the scan filters). */
  columns: { column: ResolvedColumn; node: ExprRef }[];
}

export interface DuckContext {
  /** Where aggregates may appear; otherwise the message that refuses one. */
  aggregates: true | string;
  /** The SELECT list's aliases, which GROUP BY, HAVING and ORDER BY may name. */
  aliases?: ReadonlyMap<string, DuckExpression>;
}

const BINARY: Record<string, string> = {
  AND: 'AND',
  OR: 'OR',
  '=': '=',
  '<>': '<>',
  '!=': '<>',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
  '+': '+',
  '-': '-',
  '*': '*',
  '/': '/',
  '%': '%',
  '||': '||',
  LIKE: 'LIKE',
  'NOT LIKE': 'NOT LIKE',
  ILIKE: 'ILIKE',
  'NOT ILIKE': 'NOT ILIKE',
};

const UNARY_PREFIX = new Set(['NOT', '-', '+']);
const UNARY_SUFFIX = new Set([
  'IS NULL',
  'IS NOT NULL',
  'IS TRUE',
  'IS FALSE',
  'IS NOT TRUE',
  'IS NOT FALSE',
]);

const NUMBER_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export const duckString = (value: string) => `'${value.replaceAll("'", "''")}'`;
export const duckName = (name: string) => `"${name.replaceAll('"', '""')}"`;

export function duckExpression(
  source: ConsoleSource,
  scope: EngineScope,
  expr: Expr,
  context: DuckContext,
): DuckExpression {
  const out: DuckExpression = { sql: '', aggregate: false, bare: [], columns: [] };
  out.sql = new Writer(source, scope, context, out).write(expr, 0, false);
  return out;
}

class Writer {
  constructor(
    private readonly source: ConsoleSource,
    private readonly scope: EngineScope,
    private readonly context: DuckContext,
    private readonly out: DuckExpression,
  ) {}

  write(expr: Expr, depth: number, inAggregate: boolean): string {
    const { source } = this;
    if (depth > MAX_DEPTH) {
      source.refuse(expr, `The expression is nested more than ${MAX_DEPTH} levels deep`);
    }
    const next = (e: Expr) => this.write(e, depth + 1, inAggregate);
    switch (expr.type) {
      case 'ref':
        return this.ref(expr, inAggregate);
      case 'integer':
      case 'numeric': {
        const written = source.slice(expr).trim();
        if (NUMBER_TEXT.test(written)) return written;
        const value = numberLiteral(source, expr);
        if (value === undefined || !Number.isFinite(value)) source.refuse(expr, 'Not a number');
        return String(value);
      }
      case 'string':
        if (expr.value.includes('\0')) source.refuse(expr, 'A string cannot hold a NUL character');
        return duckString(expr.value);
      case 'boolean':
        return expr.value ? 'TRUE' : 'FALSE';
      case 'null':
        return 'NULL';
      case 'binary': {
        const op = BINARY[expr.op];
        if (op) return `(${next(expr.left)} ${op} ${next(expr.right)})`;
        if (expr.op === 'IN' || expr.op === 'NOT IN') {
          const list = expr.right;
          if (list.type !== 'list') {
            return source.refuse(list, 'IN takes a list of values: x IN (1, 2, 3)');
          }
          if (list.expressions.length > MAX_IN_LIST) {
            source.refuse(
              list,
              `The IN list holds ${list.expressions.length} values, more than the ${MAX_IN_LIST} allowed`,
            );
          }
          const items = list.expressions.map(next).join(', ');
          return `(${next(expr.left)} ${expr.op} (${items}))`;
        }
        return source.refuse(expr, `The operator ${expr.op} is not supported here`);
      }
      case 'unary':
        if (UNARY_PREFIX.has(expr.op)) return `(${expr.op} ${next(expr.operand)})`;
        if (UNARY_SUFFIX.has(expr.op)) return `(${next(expr.operand)} ${expr.op})`;
        return source.refuse(expr, `The operator ${expr.op} is not supported here`);
      case 'ternary':
        return `(${next(expr.value)} ${expr.op} ${next(expr.lo)} AND ${next(expr.hi)})`;
      case 'call':
        return this.call(expr, depth, inAggregate);
      default:
        return source.refuse(
          expr,
          [
            'select',
            'union',
            'union all',
            'with',
            'with recursive',
            'values',
            'array select',
          ].includes(expr.type)
            ? 'Subqueries are not supported'
            : `${source.slice(expr)} is not supported in an aggregate or join query: use columns, numbers, strings, comparisons, arithmetic, AND/OR/NOT, IN, BETWEEN, LIKE, IS NULL and COUNT, SUM, AVG, MIN, MAX`,
        );
    }
  }

  private ref(expr: ExprRef, inAggregate: boolean): string {
    const { source } = this;
    if (isStar(expr))
      source.refuse(
        expr,
        '* is allowed only in COUNT(*) in an aggregate or join query: list the columns',
      );
    const pseudo = pseudoColumn(source, expr);
    if (pseudo) {
      source.refuse(expr, `${pseudo} is not available in an aggregate or join query`);
    }
    if (!inAggregate && this.context.aliases && !expr.table) {
      const parts = identifierParts(source.text, source.span(expr));
      const alias = parts.length === 1 ? this.context.aliases.get(parts[0]!) : undefined;
      if (alias) {
        if (alias.aggregate) {
          if (this.context.aggregates !== true) source.refuse(expr, this.context.aggregates);
          this.out.aggregate = true;
        }
        this.out.bare.push(...alias.bare);
        this.out.columns.push(...alias.columns);
        return alias.sql; // self-delimited: every compound expression is written in parentheses
      }
    }
    const column = this.scope.resolve(expr);
    this.out.columns.push({ column, node: expr });
    if (!inAggregate) this.out.bare.push({ column, node: expr });
    return column.sql;
  }

  private call(expr: ExprCall, depth: number, inAggregate: boolean): string {
    const { source } = this;
    if (isSearchCall(expr, NEAREST) || isSearchCall(expr, MATCH)) {
      source.refuse(
        expr,
        `${expr.function.name}() is a search, which cannot be combined with aggregates or joins: run the search alone`,
      );
    }
    const name = expr.function.name.toLowerCase();
    if (expr.function.schema || !(ENGINE_AGGREGATES as readonly string[]).includes(name)) {
      source.refuse(
        expr,
        `${expr.function.name}() is not supported: the aggregates are COUNT, SUM, AVG, MIN and MAX`,
      );
    }
    if (this.context.aggregates !== true) source.refuse(expr, this.context.aggregates);
    if (inAggregate) source.refuse(expr, 'An aggregate cannot hold another aggregate');
    if (expr.over) source.refuse(expr, 'Window functions are not supported');
    if (expr.filter) source.refuse(expr.filter, 'FILTER (WHERE …) is not supported: use WHERE');
    if (expr.orderBy?.length) source.refuse(expr, 'ORDER BY inside an aggregate is not supported');
    this.out.aggregate = true;
    const distinct = expr.distinct === 'distinct' ? 'DISTINCT ' : '';
    if (expr.args.length === 1 && isStar(expr.args[0]!)) {
      if (name !== 'count' || distinct) source.refuse(expr, 'Only COUNT takes *: COUNT(*)');
      return 'count(*)';
    }
    if (expr.args.length !== 1) source.refuse(expr, `${expr.function.name}() takes one argument`);
    return `${name}(${distinct}${this.write(expr.args[0]!, depth + 1, true)})`;
  }
}
