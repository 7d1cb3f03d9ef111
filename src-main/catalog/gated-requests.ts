/**
 * The expressions inside a request, through the expression gate (src-shared/expression-gate):
 * every filter, update value and column expression a caller sends is parsed and held to the
 * gate's limits before a back end sees it, and the back end receives the text the gate returns
 * (a long OR chain of equalities may have become an IN list). validated-client.ts applies these
 * after the request's shape is checked against its schema.
 */
import {
  gateExpression,
  gateOptionalExpression,
} from '../../src-shared/expression-gate/expression-gate';
import type {
  AddColumnsRequest,
  CountOptions,
  MergeInsertOptions,
  QueryRequest,
  UpdateRequest,
} from '../../src-shared/catalog-api';

const FILTER = { what: 'filter' };

/** A filter that may be absent: absent or blank stays so. */
function withFilter<T extends { filter?: string | undefined }>(request: T): T {
  if (request.filter === undefined) return request;
  return { ...request, filter: gateOptionalExpression(request.filter, FILTER) };
}

export const gatedQuery = (request: QueryRequest): QueryRequest => withFilter(request);

export const gatedCount = (options: CountOptions): CountOptions => withFilter(options);

export function gatedUpdate(request: UpdateRequest): UpdateRequest {
  const updates: Record<string, string> = {};
  for (const [column, value] of Object.entries(request.updates)) {
    updates[column] = gateExpression(value, { what: `new value of ${column}` });
  }
  return { ...withFilter(request), updates };
}

/** A delete's filter is required (validated-client refuses a blank one first). */
export const gatedDeleteFilter = (filter: string): string => gateExpression(filter, FILTER);

export function gatedMergeInsert(options: MergeInsertOptions): MergeInsertOptions {
  const gated = { ...options };
  if (options.whenMatchedUpdateAllFilter !== undefined) {
    gated.whenMatchedUpdateAllFilter = gateOptionalExpression(options.whenMatchedUpdateAllFilter, {
      what: 'condition for updating matched rows',
    });
  }
  if (options.whenNotMatchedBySourceDeleteFilter !== undefined) {
    gated.whenNotMatchedBySourceDeleteFilter = gateOptionalExpression(
      options.whenNotMatchedBySourceDeleteFilter,
      { what: 'condition for deleting rows missing from the source' },
    );
  }
  return gated;
}

export function gatedAddColumns(request: AddColumnsRequest): AddColumnsRequest {
  return {
    ...request,
    columns: request.columns.map((column) =>
      'expression' in column
        ? {
            ...column,
            expression: gateExpression(column.expression, {
              what: `expression of the new column ${column.name}`,
            }),
          }
        : column,
    ),
  };
}
