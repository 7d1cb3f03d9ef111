/**
 * The query console's SQL, mapped onto the contract's QueryRequest. The text is parsed with
 * pgsql-ast-parser and never evaluated here: LanceDB runs the request, and the WHERE conditions
 * it gets are the original text, which DataFusion parses. What the request cannot express is
 * refused with a ConsoleQueryError at its place.
 *
 *   SELECT <* | column, …> FROM <table>
 *     [WHERE <condition> [AND …]]
 *     [ORDER BY nearest([column,] ARRAY[v, …] [, option …]) | ORDER BY column [ASC|DESC]
 *        [NULLS FIRST|LAST], …]
 *     [LIMIT n] [OFFSET n]
 *
 * - Table: `t`, `ns.t`, `"ns"."t"`; deeper namespaces joined by `$`: `"a$b".t` or `"a$b$t"`.
 * - Column: `id`, `"Title"` (names keep their case, quoted or not), `meta.score` (a dot steps into
 *   a struct, at most three names deep; never a table prefix), `meta."a.b"` (a name holding a
 *   dot). The select list may add the pseudo-columns `_distance` (vector search), `_score`
 *   (full-text search), `_relevance_score` (hybrid) and `_rowid` (any query).
 * - Vector search: `ORDER BY nearest(embedding, ARRAY[0.1, -2, 3e-4])`, LIMIT being k (10 when
 *   absent). Options after the vector: a distance type ('l2', 'cosine', 'dot', 'hamming'),
 *   `nprobes(n)`, `refine(n)`, `ef(n)`, `exact()` (no index), `postfilter()`. A distance range is
 *   written as conditions in WHERE: `_distance >= 0.1 AND _distance < 0.5` (lower bound
 *   included, upper excluded, as LanceDB's range is).
 * - Full-text search: `WHERE match(text, 'words')`, `match(ARRAY[title, body], 'words')`,
 *   `match(*, 'words')` or `match('words')` (every indexed column), ANDed with other conditions.
 *   With nearest() as well, the query is a hybrid search.
 * - Every other WHERE condition is handed to LanceDB as written (a DataFusion SQL filter).
 *   match() and `_distance` bounds must be conditions of their own in the top-level AND chain.
 * - ORDER BY a column orders a plain scan; a search comes ordered by its score, so a column key
 *   with a search is refused.
 *
 * Examples:
 *   SELECT id, text FROM docs WHERE category = 'c1' ORDER BY id DESC LIMIT 20 OFFSET 40
 *   SELECT id, _distance FROM lib.docs WHERE year > 2020
 *     ORDER BY nearest(embedding, ARRAY[0.1, 0.2, 0.3], 'cosine', nprobes(20)) LIMIT 5
 *   SELECT * FROM docs WHERE match(ARRAY[title, body], 'quick fox') AND lang = 'en' LIMIT 10
 *
 * Not supported (each refused where it is written): expressions, aliases, aggregates, window
 * functions, DISTINCT, GROUP BY, HAVING, JOIN, subqueries, UNION, WITH, several statements and
 * anything but SELECT. (The console routes aggregates, GROUP BY, HAVING and JOIN to DuckDB before
 * this mapping sees them: plan-console-query.ts.) Two limits of the parser's lexer: a binary minus needs a space before a
 * digit (`a - 1`, not `a-1`, which it reads as `a` and `-1`); and a vector of thousands of values
 * takes a few hundred milliseconds to parse.
 */
import type { QueryRequest } from '../../../src-shared/catalog-api';
import type { Expr, SelectFromStatement } from 'pgsql-ast-parser';
import { ConsoleSource } from './console-source';
import { mapFrom } from './map-from';
import { mapLimit } from './map-limit';
import { mapMatch } from './map-match';
import { mapNearest } from './map-nearest';
import { mapOrderBy } from './map-order-by';
import { mapSelectList, type Selection } from './map-select-list';
import { mapWhere } from './map-where';
import { parseSingleSelect } from './parse-statement';
import { scanSqlText } from './scan-sql-text';

export interface ConsoleQuery {
  namespacePath: string[];
  table: string;
  request: QueryRequest;
}

export function parseConsoleQuery(text: string): ConsoleQuery {
  const source = new ConsoleSource(text, scanSqlText(text));
  return mapLanceQuery(source, parseSingleSelect(source));
}

/** A parsed SELECT onto LanceDB's query API (plan-console-query.ts routes the others to DuckDB). */
export function mapLanceQuery(source: ConsoleSource, statement: SelectFromStatement): ConsoleQuery {
  const target = mapFrom(source, statement);
  const selection = mapSelectList(source, statement.columns);
  const where = mapWhere(source, statement.where);
  const order = mapOrderBy(source, statement.orderBy);

  const request: QueryRequest = {};
  if (selection.columns) request.columns = selection.columns;
  if (where.filter !== undefined) request.filter = where.filter;
  if (order.nearest) Object.assign(request, mapNearest(source, order.nearest));
  if (where.match) request.fullTextQuery = mapMatch(source, where.match);

  const vector = order.nearest !== undefined;
  const fullText = where.match !== undefined;
  for (const bound of [where.lower, where.upper]) {
    if (bound && !vector) {
      source.refuse(
        bound.node,
        '_distance bounds a vector search: add ORDER BY nearest(column, ARRAY[…])',
      );
    }
  }
  if (where.lower || where.upper) {
    request.distanceRange = {};
    if (where.lower) request.distanceRange.lower = where.lower.value;
    if (where.upper) request.distanceRange.upper = where.upper.value;
  }
  if (order.keys.length > 0) {
    if (vector || fullText) {
      source.refuse(
        order.keys[0]!.node,
        'A search comes ordered by its score: ORDER BY a column applies only to a plain scan',
      );
    }
    for (const { key, node } of order.keys) {
      // LanceDB cannot plan an order by a column it does not return; said here, at the key.
      if (selection.columns && !selection.columns.includes(key.column)) {
        source.refuse(
          node,
          `Rows can be ordered only by a column the query returns: add ${key.column} to the SELECT list`,
        );
      }
    }
    request.orderBy = order.keys.map(({ key }) => key);
  }
  checkPseudoColumns(source, selection, vector, fullText);
  if (selection.pseudo.has('_rowid')) request.withRowId = true;
  Object.assign(request, mapLimit(source, statement.limit));
  return { ...target, request };
}

/** A pseudo-column is refused where the query would not return it. */
function checkPseudoColumns(
  source: ConsoleSource,
  selection: Selection,
  vector: boolean,
  fullText: boolean,
): void {
  const need = (node: Expr | undefined, present: boolean, message: string) => {
    if (node && !present) source.refuse(node, message);
  };
  need(
    selection.pseudo.get('_distance'),
    vector,
    '_distance comes back from a vector search only: add ORDER BY nearest(column, ARRAY[…])',
  );
  need(
    selection.pseudo.get('_score'),
    fullText,
    "_score comes back from a full-text search only: add WHERE match(column, 'words')",
  );
  need(
    selection.pseudo.get('_relevance_score'),
    vector && fullText,
    '_relevance_score comes back from a hybrid search only: nearest() and match() together',
  );
}
