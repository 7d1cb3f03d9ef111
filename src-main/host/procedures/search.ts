/** The Search tab: searches run and timed here, and each table's history of them. */
import { collectIpcStream } from '../../catalog/arrow-data';
import { ipcRowCount } from '../../catalog/ipc-row-count';
import { tableHistoryKey, type QueryHistory } from '../search/query-history';
import type { HandlersFor, HostContext, TableInput } from './context';

type Names = 'search:run' | 'search:history' | 'search:clear-history';

export function searchProcedures(ctx: HostContext, history: QueryHistory): HandlersFor<Names> {
  const keyOf = ({ connectionId, path, table }: TableInput) =>
    tableHistoryKey(ctx.connections.get(connectionId).target, path, table);
  return {
    'search:run': async ({ request, ...input }) => {
      const table = await ctx.table(input);
      const started = performance.now();
      const arrow = await collectIpcStream(await table.queryStream(request));
      const elapsedMs = Math.round((performance.now() - started) * 100) / 100;
      const rows = ipcRowCount(arrow);
      history.add(keyOf(input), {
        at: Date.now(),
        query: { kind: 'search', request },
        elapsedMs,
        rows,
      });
      return { arrow, elapsedMs, rows };
    },
    'search:history': async (input) => history.list(keyOf(input)),
    'search:clear-history': async (input) => {
      history.clear(keyOf(input));
      return {};
    },
  };
}
