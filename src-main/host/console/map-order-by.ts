/**
 * ORDER BY: either nearest(…) alone (a vector search, nearest rows first) or plain columns with
 * ASC/DESC and NULLS FIRST/LAST (nulls go last unless NULLS FIRST is written, as the contract
 * orders them), which order a plain scan.
 */
import type { ExprCall, OrderByStatement } from 'pgsql-ast-parser';
import type { QueryRequest } from '../../../src-shared/catalog-api';
import type { ConsoleSource } from './console-source';
import { pseudoColumn, refPath } from './column-refs';
import { isSearchCall, MATCH, NEAREST, searchCall } from './search-terms';

export type OrderKey = NonNullable<QueryRequest['orderBy']>[number];

export interface MappedOrder {
  nearest?: ExprCall;
  keys: { key: OrderKey; node: OrderByStatement }[];
}

export function mapOrderBy(
  source: ConsoleSource,
  orderBy: readonly OrderByStatement[] | null | undefined,
): MappedOrder {
  const mapped: MappedOrder = { keys: [] };
  const items = orderBy ?? [];
  for (const item of items) {
    const by = item.by;
    const nearest = searchCall(by, NEAREST);
    if (nearest) {
      if (mapped.nearest) source.refuse(item, 'A query takes one nearest()');
      if (item.order === 'DESC') {
        source.refuse(
          item,
          'A vector search returns the nearest rows first; DESC is not supported',
        );
      }
      if (item.nulls) source.refuse(item, 'NULLS FIRST/LAST does not apply to nearest()');
      mapped.nearest = nearest;
      continue;
    }
    if (isSearchCall(by, MATCH)) {
      source.refuse(by, 'match() is a full-text search: write it as a condition in WHERE');
    }
    const pseudo = pseudoColumn(source, by);
    if (pseudo === '_distance') {
      source.refuse(
        by,
        'A vector search is written ORDER BY nearest(column, ARRAY[…]); it comes ordered by _distance',
      );
    }
    if (pseudo === '_score' || pseudo === '_relevance_score') {
      source.refuse(by, `A search comes ordered by ${pseudo} already: remove this key`);
    }
    if (pseudo === '_rowid') source.refuse(by, 'Rows cannot be ordered by _rowid');
    if (by.type !== 'ref' || by.name === '*') {
      source.refuse(by, 'Rows can be ordered only by a column, not by an expression');
    }
    const key: OrderKey = { column: refPath(source, by), ascending: item.order !== 'DESC' };
    if (item.nulls) key.nullsFirst = item.nulls === 'FIRST';
    mapped.keys.push({ key, node: item });
  }
  if (mapped.nearest && mapped.keys.length > 0) {
    source.refuse(
      mapped.keys[0]!.node,
      'A vector search is ordered by distance alone: remove the other ORDER BY keys',
    );
  }
  return mapped;
}
