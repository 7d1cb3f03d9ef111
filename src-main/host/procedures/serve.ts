/**
 * Serves an open folder or object store as a REST catalog from the app (a served catalog), and
 * stops it.
 */
import { errors } from '../../../src-shared/vocabulary/errors';
import type { HandlersFor, HostContext } from './context';

type Names = 'serve:start' | 'serve:list' | 'serve:stop';

export function serveProcedures(ctx: HostContext): HandlersFor<Names> {
  return {
    'serve:start': async ({ connectionId, ...request }) => {
      const connection = ctx.connections.get(connectionId);
      if (connection.kind === 'remote') {
        throw errors.InvalidInput(
          `${connection.name} is a remote catalog, already served by its own server; serve a folder or an object store`,
        );
      }
      return ctx.served.start(connection, request);
    },
    'serve:list': async () => ctx.served.list(),
    'serve:stop': async ({ id }) => {
      await ctx.served.stop(id);
      return {};
    },
  };
}
