/**
 * A search's answer as the other tabs of its table see it (state/table-handoffs.ts): its vector
 * query and each result row's single values as text. The map marks it.
 */
import type { QueryRequest } from '../../src-shared/catalog-api';
import type { Cell, DecodedPage } from '../common/grid/cell-model';
import type { LastSearch } from '../state/last-search';

function textOf(cell: Cell | undefined): string | null {
  if (!cell) return null;
  if (cell.kind === 'number') return cell.full;
  if (cell.kind === 'text' || cell.kind === 'bool') return cell.text;
  return null;
}

export function lastSearchOf(request: QueryRequest, page: DecodedPage): LastSearch {
  return {
    ...(request.vectorColumn ? { vectorColumn: request.vectorColumn } : {}),
    ...(request.vector ? { query: request.vector } : {}),
    results: page.rows.map((row) =>
      Object.fromEntries(page.columns.map((name, i) => [name, textOf(row[i])])),
    ),
  };
}
