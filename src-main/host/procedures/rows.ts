/**
 * A table's rows changed in place: updated by expressions, or deleted, where a filter matches;
 * and the grid's pending changes (edits, new rows, deletions) committed together, or planned for
 * the review (../rows/).
 */
import { commitRows, prepareCommit } from '../rows/commit-rows';
import { describeCommit } from '../rows/commit-statements';
import { changeTable, type HandlersFor, type HostContext } from './context';

type Names = 'rows:update' | 'rows:delete' | 'rows:commit' | 'rows:plan';

export function rowsProcedures(ctx: HostContext): HandlersFor<Names> {
  return {
    'rows:update': async ({ updates, filter, ...input }) =>
      changeTable(ctx, input, (t) => t.update({ updates, ...(filter ? { filter } : {}) })),
    'rows:delete': async ({ filter, ...input }) => changeTable(ctx, input, (t) => t.delete(filter)),
    'rows:commit': async ({ edits, inserts, deletes, ...input }) =>
      changeTable(ctx, input, (t) => commitRows(t, { edits, inserts, deletes })),
    // The commit's own preparation, told instead of written: nothing changes, so no event.
    'rows:plan': async ({ edits, inserts, deletes, ...input }) => {
      const table = await ctx.table(input);
      return describeCommit(table.name, await prepareCommit(table, { edits, inserts, deletes }));
    },
  };
}
