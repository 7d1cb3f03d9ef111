/**
 * match(): a full-text search, written as a condition in WHERE.
 *
 *   match(column, 'words')   match(ARRAY[col1, col2], 'words')   match(*, 'words')   match('words')
 *
 * The last two search every column with a full-text index. Columns in the ARRAY may also be
 * strings, read as contract column paths ('meta.title').
 */
import type { Expr, ExprCall } from 'pgsql-ast-parser';
import type { QueryRequest } from '../../../src-shared/catalog-api';
import type { ConsoleSource } from './console-source';
import { columnPath, isStar } from './column-refs';
import { stringLiteral } from './console-literals';

export type FullTextSearch = NonNullable<QueryRequest['fullTextQuery']>;

export function mapMatch(source: ConsoleSource, call: ExprCall): FullTextSearch {
  const args = call.args;
  if (args.length === 0 || args.length > 2) {
    source.refuse(call, "match() takes the columns and the words: match(column, 'words')");
  }
  const words = args[args.length - 1]!;
  const query = stringLiteral(source, words, 'The words to search for');
  if (query.trim() === '') source.refuse(words, 'The words to search for are empty');
  if (args.length === 1) return { query };
  const columns = searchColumns(source, args[0]!);
  return columns ? { query, columns } : { query };
}

function searchColumns(source: ConsoleSource, expr: Expr): string[] | undefined {
  if (isStar(expr)) return undefined;
  if (expr.type === 'array') {
    if (expr.expressions.length === 0)
      source.refuse(expr, 'The list of columns to search is empty');
    return expr.expressions.map((item) =>
      item.type === 'string'
        ? nonEmpty(source, item, item.value)
        : columnPath(source, item, 'A column to search'),
    );
  }
  return [columnPath(source, expr, 'The first argument of match()')];
}

function nonEmpty(source: ConsoleSource, expr: Expr, value: string): string {
  if (value === '') source.refuse(expr, 'A column name is empty');
  return value;
}
