/** The name search behind the filter box and the palette, over a whole catalog. */
import type { HandlersFor, HostContext } from './context';

type Names = 'catalog:search';

export function catalogProcedures(ctx: HostContext): HandlersFor<Names> {
  return {
    'catalog:search': async ({ connectionId, query, limit }) =>
      ctx.names.search(
        connectionId,
        ctx.connections.get(connectionId).catalog,
        query,
        limit ?? 500,
      ),
  };
}
