/**
 * An aggregate or join query planned for DuckDB (see engine-query.ts): the tables of FROM and
 * JOIN, the columns each scan reads, the WHERE conditions each scan takes, and the SELECT that
 * DuckDB runs, written from the parsed query by duck-expression.ts.
 *
 * WHERE's top-level AND chain is split: a condition on one table's columns goes to that table's
 * LanceDB scan as the text the user wrote (its `alias.` prefixes cut), so the expression gate and
 * LanceDB read it as they read every console filter; a condition on several tables, or on the
 * right side of a LEFT JOIN (whose rows the join may add as nulls), stays with DuckDB.
 */
import type { Expr, From, SelectFromStatement } from 'pgsql-ast-parser';
import { columnRefs, hasAggregate } from './aggregate-calls';
import type { ConsoleSource } from './console-source';
import { wholeNumber } from './console-literals';
import { duckExpression, duckName, type DuckExpression } from './duck-expression';
import { duckTable, type EngineQuery } from './engine-query';
import { EngineScope } from './engine-scope';
import { identifierParts } from './identifier-parts';
import { tableName } from './map-from';
import { mapLimit } from './map-limit';
import { assertPlainFilter, MATCH, searchCall } from './search-terms';

/** Each table is its own LanceDB scan and DuckDB table: a bound on what one query starts. */
export const MAX_TABLES = 8;

const IN_WHERE =
  'Aggregates cannot be in WHERE, which filters rows before they are grouped: use HAVING';
const IN_GROUP = 'GROUP BY takes columns or expressions of columns, not aggregates';
const IN_JOIN = 'A join condition cannot hold an aggregate';

export function planEngineQuery(
  source: ConsoleSource,
  statement: SelectFromStatement,
  rowCap: number,
): EngineQuery {
  const scope = new EngineScope(source);
  const joins = readFrom(source, statement, scope);
  const on = joins.map((join) => joinCondition(source, scope, join));

  const items = (statement.columns ?? []).map((column) => ({
    column,
    expr: duckExpression(source, scope, column.expr, { aggregates: true }),
  }));
  const aliases = new Map<string, DuckExpression>();
  for (const { column, expr } of items) {
    if (column.alias) aliases.set(aliasName(source, column.alias), expr);
  }
  const ordinal = (by: Expr) => {
    if (by.type !== 'integer') return undefined;
    const n = wholeNumber(source, by, 'A position in the SELECT list', 1);
    if (n > items.length) source.refuse(by, `The SELECT list has ${items.length} columns`);
    return items[n - 1]!.expr;
  };

  const scanConditions: Expr[][] = scope.tables.map(() => []);
  const duckWhere: string[] = [];
  for (const condition of andChain(statement.where)) {
    const match = searchCall(condition, MATCH);
    if (match) {
      source.refuse(
        match,
        'match() is a full-text search, which cannot be combined with aggregates or joins: run the search alone',
      );
    }
    assertPlainFilter(source, condition);
    if (hasAggregate(condition)) {
      duckExpression(source, scope, condition, { aggregates: IN_WHERE }); // refuses it, at its place
    }
    // A condition on one table's columns is LanceDB's, as written (any function its SQL has, the
    // gate deciding); its columns are not loaded into DuckDB, which never sees it.
    const tables = new Set(columnRefs(condition).map((ref) => scope.locate(ref).table));
    const [only] = tables;
    if (tables.size === 1 && !scope.tables[only!]!.nullable) {
      scanConditions[only!]!.push(condition);
    } else {
      duckWhere.push(duckExpression(source, scope, condition, { aggregates: IN_WHERE }).sql);
    }
  }
  scanConditions.forEach((conditions, i) => {
    if (conditions.length > 0) scope.tables[i]!.filter = scanFilter(source, scope, conditions);
  });

  const groups = (statement.groupBy ?? []).map(
    (by) => ordinal(by) ?? duckExpression(source, scope, by, { aggregates: IN_GROUP, aliases }),
  );
  const having = statement.having
    ? duckExpression(source, scope, statement.having, { aggregates: true, aliases })
    : undefined;
  const order = (statement.orderBy ?? []).map((item) => ({
    item,
    expr: ordinal(item.by) ?? duckExpression(source, scope, item.by, { aggregates: true, aliases }),
  }));

  const grouped =
    groups.length > 0 || having !== undefined || items.some(({ expr }) => expr.aggregate);
  if (grouped) {
    const keys = new Set(groups.map((g) => g.sql));
    const check = (expr: DuckExpression) => {
      if (keys.has(expr.sql)) return;
      for (const { column, node } of expr.bare) {
        if (!keys.has(column.sql)) {
          const written = source.slice(node);
          source.refuse(
            node,
            `${written} must be in GROUP BY, or inside an aggregate such as max(${written})`,
          );
        }
      }
    };
    items.forEach(({ expr }) => check(expr));
    if (having) check(having);
    order.forEach(({ expr }) => check(expr));
  }

  const { limit, offset } = mapLimit(source, statement.limit);
  const shown = Math.min(limit ?? rowCap, rowCap);
  const sql = [
    `SELECT ${items.map(({ column, expr }) => `${expr.sql} AS ${duckName(outputName(source, column, expr))}`).join(', ')}`,
    `FROM ${duckTable(0)}`,
    ...joins.map(
      (join, i) =>
        `${join.join!.type === 'LEFT JOIN' ? 'LEFT JOIN' : 'JOIN'} ${duckTable(i + 1)} ON ${on[i]}`,
    ),
    duckWhere.length ? `WHERE ${duckWhere.join(' AND ')}` : '',
    groups.length ? `GROUP BY ${groups.map((g) => g.sql).join(', ')}` : '',
    having ? `HAVING ${having.sql}` : '',
    order.length
      ? `ORDER BY ${order
          .map(
            ({ item, expr }) =>
              `${expr.sql} ${item.order === 'DESC' ? 'DESC' : 'ASC'} NULLS ${item.nulls === 'FIRST' ? 'FIRST' : 'LAST'}`,
          )
          .join(', ')}`
      : '',
    // The answer is built in the host's memory, outside DuckDB's limit: never more than the cap,
    // whatever LIMIT says (an export of the query would write every row).
    `LIMIT ${shown}`,
    offset ? `OFFSET ${offset}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return {
    tables: scope.tables.map(({ target, columns, filter }) => ({
      target,
      columns,
      ...(filter !== undefined ? { filter } : {}),
    })),
    sql,
    ...(limit === undefined || limit > rowCap ? { cappedAt: rowCap } : {}),
  };
}

type JoinedTable = From & { type: 'table' };

/** FROM's tables into the scope; the joined ones (all but the first) returned with their ON. */
function readFrom(
  source: ConsoleSource,
  statement: SelectFromStatement,
  scope: EngineScope,
): JoinedTable[] {
  const from = statement.from ?? [];
  if (from.length === 0)
    source.refuse(statement, 'A query reads a table: write SELECT … FROM <table>');
  const joins: JoinedTable[] = [];
  from.forEach((item, i) => {
    if (i === MAX_TABLES) {
      source.refuse(item, `A query reads at most ${MAX_TABLES} tables: each is a scan of its own`);
    }
    if (item.type === 'statement') source.refuse(item, 'Subqueries are not supported');
    if (item.type !== 'table')
      source.refuse(item, 'Table functions are not supported: FROM names a table');
    const join = item.join;
    if (i > 0) {
      if (!join) {
        source.refuse(item, 'Tables are joined with JOIN … ON a.x = b.y, not listed with commas');
      }
      if (join.type !== 'INNER JOIN' && join.type !== 'LEFT JOIN') {
        source.refuse(item, `${join.type} is not supported: use JOIN (inner) or LEFT JOIN`);
      }
      if (join.using || !join.on) source.refuse(item, 'Write the join condition as ON a.x = b.y');
      joins.push(item);
    }
    scope.add(tableName(source, item), item.name.alias, join?.type === 'LEFT JOIN', item);
  });
  return joins;
}

/** ON: equalities between a column of each side, ANDed. */
function joinCondition(source: ConsoleSource, scope: EngineScope, join: JoinedTable): string {
  return andChain(join.join!.on!)
    .map((condition) => {
      const ok =
        condition.type === 'binary' &&
        condition.op === '=' &&
        condition.left.type === 'ref' &&
        condition.right.type === 'ref';
      if (!ok)
        source.refuse(condition, 'A join condition is written a.x = b.y (several joined by AND)');
      const expr = duckExpression(source, scope, condition, { aggregates: IN_JOIN });
      const [left, right] = expr.columns;
      if (left!.column.table === right!.column.table) {
        source.refuse(condition, 'A join condition compares a column of each table: a.x = b.y');
      }
      return expr.sql;
    })
    .join(' AND ');
}

function andChain(expr: Expr | null | undefined): Expr[] {
  if (!expr) return [];
  if (expr.type === 'binary' && expr.op === 'AND')
    return [...andChain(expr.left), ...andChain(expr.right)];
  return [expr];
}

/**
 * One table's conditions as LanceDB's filter: the text as written, each condition in parentheses
 * when there are several, with `alias.` cut from each column that has it.
 */
function scanFilter(source: ConsoleSource, scope: EngineScope, conditions: Expr[]): string {
  const texts = conditions.map((condition) => {
    const span = source.span(condition);
    const cuts: { start: number; end: number }[] = [];
    for (const node of columnRefs(condition)) {
      const at = source.span(node);
      const prefix = qualifierLength(source, at, scope);
      if (prefix > 0) cuts.push({ start: at.start, end: at.start + prefix });
    }
    let text = '';
    let from = span.start;
    for (const cut of cuts.sort((a, b) => a.start - b.start)) {
      text += source.text.slice(from, cut.start);
      from = cut.end;
    }
    return text + source.text.slice(from, span.end);
  });
  return texts.length === 1 ? texts[0]! : texts.map((t) => `(${t})`).join(' AND ');
}

/** How many characters of a column reference are its `alias.` prefix (0 when it has none). */
function qualifierLength(
  source: ConsoleSource,
  at: { start: number; end: number },
  scope: EngineScope,
): number {
  const parts = identifierParts(source.text, at);
  if (parts.length < 2) return 0;
  const prefixed = scope.tables.some((t) => t.alias === parts[0]);
  if (!prefixed || !(scope.joined || scope.tables[0]!.aliased)) return 0;
  const dot = /^\s*(?:"(?:[^"]|"")*"|[A-Za-z0-9_$]+)\s*\.\s*/.exec(
    source.text.slice(at.start, at.end),
  );
  return dot ? dot[0].length : 0;
}

/**
 * An answer column's name: its alias; a column's path without its table (`l.shelf` is `shelf`,
 * as PostgreSQL names it); else the text it was written as (`count(*)`).
 */
function outputName(
  source: ConsoleSource,
  column: NonNullable<SelectFromStatement['columns']>[number],
  expr: DuckExpression,
): string {
  if (column.alias) return aliasName(source, column.alias);
  if (column.expr.type === 'ref' && expr.columns.length === 1) return expr.columns[0]!.column.path;
  return source.slice(column.expr).replace(/\s+/g, ' ');
}

/** An alias as written: the parser folds an unquoted one to lower case, Lance names keep theirs. */
function aliasName(source: ConsoleSource, alias: { name: string; _location?: unknown }): string {
  if (!alias._location) return alias.name;
  return identifierParts(source.text, source.span(alias as never))[0] ?? alias.name;
}
