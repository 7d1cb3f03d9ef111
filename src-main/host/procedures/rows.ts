/** A table's rows changed in place: updated by expressions, or deleted, where a filter matches. */
import { changeTable, type HandlersFor, type HostContext } from './context';

type Names = 'rows:update' | 'rows:delete';

export function rowsProcedures(ctx: HostContext): HandlersFor<Names> {
  return {
    'rows:update': async ({ updates, filter, ...input }) =>
      changeTable(ctx, input, (t) => t.update({ updates, ...(filter ? { filter } : {}) })),
    'rows:delete': async ({ filter, ...input }) => changeTable(ctx, input, (t) => t.delete(filter)),
  };
}
