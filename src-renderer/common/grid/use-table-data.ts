/**
 * The data grid's reads: the row count under the filter, and pages of rows by offset, each a
 * react-query entry of its own so scrolling back is instant and a table change (host event →
 * invalidation of the table's prefix) refreshes every page at once.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { queryKeys, type TableRef } from '../../api/query-keys';
import { useCall, type Call } from '../../api/studio-context';
import { tableInput } from '../../api/table-input';
import type { DecodedPage } from './cell-model';
import { decodeArrowPage } from '../decode/decode-client';
import { sortColumnOf } from './sortable-fields';

export const PAGE_SIZE = 200;

export interface GridView {
  /** Top-level columns to read; undefined reads all of them. */
  columns?: readonly string[];
  /** A LanceDB SQL WHERE expression; empty for none. */
  filter: string;
  /** The row order, by one column; the table's own order when absent. */
  sort?: {
    /** A column, or a struct column's scalar field as a path (`meta.score`). */
    column: string;
    ascending: boolean;
    /**
     * Columns that break ties, in order. LanceDB keeps no order among equal keys from one page
     * to the next, so without them a sorted grid could show a row twice and miss another.
     */
    then?: readonly string[];
  };
}

/**
 * The columns a page reads: the ones shown, and the sort column (or the struct a sort field is
 * in), since LanceDB orders only by columns a query returns.
 */
export function readColumns(view: GridView): string[] | undefined {
  if (!view.columns) return undefined;
  const sortColumn = view.sort ? sortColumnOf(view.sort.column) : undefined;
  return sortColumn !== undefined && !view.columns.includes(sortColumn)
    ? [...view.columns, sortColumn]
    : [...view.columns];
}

export function useRowCount(ref: TableRef, filter: string) {
  const call = useCall();
  return useQuery({
    queryKey: queryKeys.count(ref, filter),
    queryFn: () => call('tables:count', { ...tableInput(ref), ...(filter ? { filter } : {}) }),
  });
}

export interface PageState {
  page?: DecodedPage;
  error?: unknown;
}

/** The query of page `n` of a view: the grid's and the selection's, so both read the same rows. */
export function pageQuery(call: Call, ref: TableRef, view: GridView, n: number) {
  const offset = n * PAGE_SIZE;
  return {
    queryKey: queryKeys.page(ref, {
      offset,
      limit: PAGE_SIZE,
      ...(view.columns ? { columns: view.columns } : {}),
      ...(view.filter ? { filter: view.filter } : {}),
      ...(view.sort ? { sort: view.sort } : {}),
    }),
    queryFn: async () => {
      const columns = readColumns(view);
      const sort = view.sort;
      return decodeArrowPage(
        await call('tables:page', {
          ...tableInput(ref),
          offset,
          limit: PAGE_SIZE,
          ...(columns ? { columns } : {}),
          ...(view.filter ? { filter: view.filter } : {}),
          ...(sort
            ? {
                orderBy: [
                  { column: sort.column, ascending: sort.ascending },
                  ...(sort.then ?? []).map((column) => ({ column, ascending: true })),
                ],
              }
            : {}),
        }),
      );
    },
    // Pages scrolled past stay a minute, so scrolling back does not refetch.
    gcTime: 60_000,
  };
}

/** The pages with these numbers; a page absent from the result is still loading. */
export function usePages(ref: TableRef, view: GridView, pageNumbers: readonly number[]) {
  const call = useCall();
  const results = useQueries({
    queries: pageNumbers.map((n) => pageQuery(call, ref, view, n)),
  });
  const pages = new Map<number, PageState>();
  pageNumbers.forEach((n, i) => {
    const r = results[i];
    if (r?.data) pages.set(n, { page: r.data });
    else if (r?.error) pages.set(n, { error: r.error });
  });
  return pages;
}
