/**
 * Rows already in hand (a search's or a console query's answer, decoded once) served to the grid
 * page by page, as it asks for the pages in view.
 */
import type { DecodedPage } from './cell-model';
import { PAGE_SIZE, type PageState } from './use-table-data';

export function resultPageSource(result: DecodedPage | undefined) {
  return (numbers: readonly number[]): Map<number, PageState> => {
    const pages = new Map<number, PageState>();
    if (!result) return pages;
    for (const n of numbers) {
      pages.set(n, {
        page: {
          columns: result.columns,
          rows: result.rows.slice(n * PAGE_SIZE, (n + 1) * PAGE_SIZE),
        },
      });
    }
    return pages;
  };
}
