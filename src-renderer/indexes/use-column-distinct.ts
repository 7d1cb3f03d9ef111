/**
 * How many distinct values a column has among its first rows: an estimate of its cardinality,
 * for choosing between a bitmap and a B-tree. One page read, decoded in the grid's worker.
 */
import { useQuery } from '@tanstack/react-query';
import { queryKeys, type TableRef } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { tableInput } from '../api/table-input';
import type { Cell } from '../common/grid/cell-model';
import { decodeArrowPage } from '../common/decode/decode-client';

export const DISTINCT_SAMPLE_ROWS = 1_000;

/** A cell's value as a set key; undefined for values not worth counting (vectors, bytes). */
function valueKey(cell: Cell | undefined): string | undefined {
  switch (cell?.kind) {
    case 'null':
      return '\u0000null';
    case 'bool':
    case 'text':
    case 'nested':
      return cell.text;
    case 'number':
      return cell.full;
    default:
      return undefined;
  }
}

export function useColumnDistinct(table: TableRef, path: string | undefined, wanted: boolean) {
  const call = useCall();
  return useQuery({
    queryKey: queryKeys.distinct(table, path ?? ''),
    enabled: wanted && path !== undefined,
    staleTime: 60_000,
    queryFn: async () => {
      const page = await decodeArrowPage(
        await call('tables:page', {
          ...tableInput(table),
          offset: 0,
          limit: DISTINCT_SAMPLE_ROWS,
          columns: [path!],
        }),
      );
      const seen = new Set<string>();
      for (const row of page.rows) {
        const key = valueKey(row[0]);
        if (key !== undefined) seen.add(key);
      }
      return { values: seen.size, sampled: page.rows.length };
    },
  });
}
