/** A table's schema changed: columns added (empty or computed), altered and dropped. */
import { addColumns, alterColumns, dropColumns } from '../schema-changes';
import { changeTable, type HandlersFor, type HostContext } from './context';

type Names = 'columns:add' | 'columns:alter' | 'columns:drop';

export function columnsProcedures(ctx: HostContext): HandlersFor<Names> {
  return {
    'columns:add': async ({ columns, ...input }) =>
      changeTable(ctx, input, (t) => addColumns(t, columns)),
    'columns:alter': async ({ alterations, ...input }) =>
      changeTable(ctx, input, (t) => alterColumns(t, alterations)),
    'columns:drop': async ({ columns, ...input }) =>
      changeTable(ctx, input, (t) => dropColumns(t, columns)),
  };
}
