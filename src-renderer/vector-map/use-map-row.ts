/**
 * One map row in full, for the row inspector: read by its key through `tables:page` (every
 * column, one row) and decoded as the grid's pages are.
 */
import { useCallback, useState } from 'react';
import type { TableRef } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { tableInput } from '../api/table-input';
import { decodeArrowPage } from '../common/decode/decode-client';
import { columnWidth } from '../common/grid/column-layout';
import type { OpenedRow } from '../common/grid/grid-model';
import { typeLabel } from '../common/schema/schema-tree';
import type { JsonArrowField } from '../../src-shared/vocabulary/json-arrow-types';

export function useMapRow(ref: TableRef, fields: readonly JsonArrowField[]) {
  const call = useCall();
  const [opened, setOpened] = useState<OpenedRow>();
  const [error, setError] = useState<unknown>();
  const open = useCallback(
    async (predicate: string, index: number) => {
      setError(undefined);
      try {
        const page = await decodeArrowPage(
          await call('tables:page', { ...tableInput(ref), offset: 0, limit: 1, filter: predicate }),
        );
        const cells = page.rows[0];
        if (!cells) throw new Error(`No row matches ${predicate} any more`);
        setOpened({
          index,
          cells: page.columns.flatMap((name, i) => {
            const field = fields.find((f) => f.name === name);
            const cell = cells[i];
            return field && cell
              ? [{ column: { name, typeLabel: typeLabel(field), width: columnWidth(field) }, cell }]
              : [];
          }),
        });
      } catch (caught) {
        setError(caught);
      }
    },
    [call, ref, fields],
  );
  return { opened, error, open, close: () => setOpened(undefined) };
}
