/**
 * A table's rows changed in place: updated by expressions, or deleted, where a filter matches;
 * and the grid's pending changes (edits, new rows, deletions) committed together (../rows/).
 */
import { commitRows } from '../rows/commit-rows';
import { changeTable, type HandlersFor, type HostContext } from './context';

type Names = 'rows:update' | 'rows:delete' | 'rows:commit';

export function rowsProcedures(ctx: HostContext): HandlersFor<Names> {
  return {
    'rows:update': async ({ updates, filter, ...input }) =>
      changeTable(ctx, input, (t) => t.update({ updates, ...(filter ? { filter } : {}) })),
    'rows:delete': async ({ filter, ...input }) => changeTable(ctx, input, (t) => t.delete(filter)),
    'rows:commit': async ({ edits, inserts, deletes, ...input }) =>
      changeTable(ctx, input, (t) => commitRows(t, { edits, inserts, deletes })),
  };
}
