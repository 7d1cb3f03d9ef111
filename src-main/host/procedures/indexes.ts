/** A table's indexes: listed with their stats, built (as the catalog's jobs) and dropped. */
import type { IndexRequest } from '../../../src-shared/index-request';
import type { HandlersFor, HostContext } from './context';

type Names = 'indexes:list' | 'indexes:stats' | 'indexes:create' | 'indexes:drop';

export function indexesProcedures(ctx: HostContext): HandlersFor<Names> {
  return {
    'indexes:list': async (input) => (await ctx.table(input)).listIndices(),
    'indexes:stats': async ({ name, ...input }) => (await ctx.table(input)).indexStats(name),
    'indexes:create': async ({ request, ...input }) =>
      (await ctx.table(input)).createIndex(request as IndexRequest),
    'indexes:drop': async ({ name, ...input }) => {
      await (await ctx.table(input)).dropIndex(name);
      ctx.changed(input.connectionId, input.path, input.table);
      return {};
    },
  };
}
