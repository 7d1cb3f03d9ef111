/** LIMIT and OFFSET (or FETCH FIRST n ROWS ONLY): whole numbers; with a search, LIMIT is its k. */
import type { LimitStatement } from 'pgsql-ast-parser';
import type { ConsoleSource } from './console-source';
import { wholeNumber } from './console-literals';

export function mapLimit(
  source: ConsoleSource,
  limit: LimitStatement | null | undefined,
): { limit?: number; offset?: number } {
  const mapped: { limit?: number; offset?: number } = {};
  if (limit?.limit) mapped.limit = wholeNumber(source, limit.limit, 'LIMIT', 0);
  if (limit?.offset) mapped.offset = wholeNumber(source, limit.offset, 'OFFSET', 0);
  return mapped;
}
