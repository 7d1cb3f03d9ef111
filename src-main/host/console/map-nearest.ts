/**
 * nearest(): a vector search, written as the query's ORDER BY since it orders rows by distance.
 *
 *   nearest([column,] ARRAY[v1, v2, …] [, option …])
 *
 * where an option is a distance type as a string ('l2', 'cosine', 'dot', 'hamming') or one of
 * nprobes(n), refine(n), ef(n), exact() (no index: a flat scan) and postfilter() (filter the
 * nearest rows rather than search the filtered ones). Without a column LanceDB picks the table's
 * vector column.
 */
import type { Expr, ExprCall } from 'pgsql-ast-parser';
import { DistanceTypeSchema, type QueryRequest } from '../../../src-shared/catalog-api';
import type { ConsoleSource } from './console-source';
import { columnPath } from './column-refs';
import { finiteNumber, stringLiteral, wholeNumber } from './console-literals';

export type VectorSearch = Pick<
  QueryRequest,
  | 'vector'
  | 'vectorColumn'
  | 'distanceType'
  | 'nprobes'
  | 'refineFactor'
  | 'ef'
  | 'bypassVectorIndex'
  | 'prefilter'
>;

const OPTIONS =
  "a distance type ('l2', 'cosine', 'dot', 'hamming'), nprobes(n), refine(n), ef(n), exact() or postfilter()";

export function mapNearest(source: ConsoleSource, call: ExprCall): VectorSearch {
  const [first, ...rest] = call.args;
  if (!first) source.refuse(call, 'nearest() needs a vector: nearest(column, ARRAY[…])');
  const search: VectorSearch = {};
  let options = rest;
  if (first.type !== 'array') {
    search.vectorColumn = columnPath(source, first, 'The first argument of nearest()');
    const vector = rest[0];
    if (!vector) source.refuse(call, 'nearest() needs a vector after the column: ARRAY[…]');
    search.vector = vectorLiteral(source, vector);
    options = rest.slice(1);
  } else {
    search.vector = vectorLiteral(source, first);
  }
  for (const option of options) applyOption(source, option, search);
  return search;
}

function vectorLiteral(source: ConsoleSource, expr: Expr): number[] {
  if (expr.type !== 'array') {
    source.refuse(expr, 'The query vector must be written ARRAY[v1, v2, …]');
  }
  if (expr.expressions.length === 0) source.refuse(expr, 'The query vector is empty');
  return expr.expressions.map((value) => finiteNumber(source, value, 'A vector value'));
}

function applyOption(source: ConsoleSource, option: Expr, search: VectorSearch): void {
  const once = (key: keyof VectorSearch, what: string) => {
    if (search[key] !== undefined) source.refuse(option, `The ${what} is given twice`);
  };
  if (option.type === 'string') {
    once('distanceType', 'distance type');
    const parsed = DistanceTypeSchema.safeParse(stringLiteral(source, option, '').toLowerCase());
    if (!parsed.success) {
      source.refuse(
        option,
        `Unknown distance type ${source.slice(option)}: use ${DistanceTypeSchema.options.map((d) => `'${d}'`).join(', ')}`,
      );
    }
    search.distanceType = parsed.data;
    return;
  }
  if (option.type !== 'call' || option.function.schema) {
    source.refuse(option, `Unknown nearest() option: use ${OPTIONS}`);
  }
  const name = option.function.name.toLowerCase();
  const count = (expected: number) => {
    if (option.args.length !== expected) {
      source.refuse(option, `${name}() takes ${expected === 0 ? 'no argument' : 'one number'}`);
    }
  };
  switch (name) {
    case 'nprobes':
      count(1);
      once('nprobes', 'nprobes');
      search.nprobes = wholeNumber(source, option.args[0]!, 'nprobes', 1);
      return;
    case 'refine':
      count(1);
      once('refineFactor', 'refine factor');
      search.refineFactor = wholeNumber(source, option.args[0]!, 'The refine factor', 1);
      return;
    case 'ef':
      count(1);
      once('ef', 'ef');
      search.ef = wholeNumber(source, option.args[0]!, 'ef', 1);
      return;
    case 'exact':
      count(0);
      once('bypassVectorIndex', 'exact()');
      search.bypassVectorIndex = true;
      return;
    case 'postfilter':
      count(0);
      once('prefilter', 'postfilter()');
      search.prefilter = false;
      return;
    default:
      source.refuse(option, `Unknown nearest() option ${name}(): use ${OPTIONS}`);
  }
}
