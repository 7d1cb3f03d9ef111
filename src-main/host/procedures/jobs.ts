/** Index builds and imports: the asynchronous work a user starts, lists and cancels. */
import type { IndexRequest } from '../../../src-shared/index-request';
import { previewImport, startImport } from '../imports/import-job';
import type { HandlersFor, HostContext } from './context';

type Names =
  | 'indexes:list'
  | 'indexes:stats'
  | 'indexes:create'
  | 'indexes:drop'
  | 'imports:preview'
  | 'imports:start'
  | 'jobs:list'
  | 'jobs:cancel';

export function jobProcedures(ctx: HostContext): HandlersFor<Names> {
  const c = ctx.connections;
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
    'imports:preview': async ({ path, format }) => previewImport(path, format),
    'imports:start': async ({ connectionId, ...request }) => {
      const job = await startImport(ctx.imports, c.get(connectionId).catalog, request);
      ctx.jobConnection.set(job.id, connectionId);
      return job;
    },
    'jobs:list': async () => {
      const own = (await Promise.all(ctx.ownJobs.map((r) => r.list()))).flat().flatMap((job) => {
        const connectionId = ctx.jobConnection.get(job.id);
        return connectionId ? [{ ...job, connectionId }] : [];
      });
      const all = await Promise.all(
        c.list().map(async (connection) =>
          (
            await c
              .get(connection.id)
              .catalog.listJobs()
              .catch(() => [])
          ).map((job) => ({ ...job, connectionId: connection.id })),
        ),
      );
      return [...own, ...all.flat()].sort((a, b) => b.createdAt - a.createdAt);
    },
    'jobs:cancel': async ({ connectionId, jobId }) => {
      if (!ctx.jobConnection.has(jobId)) return c.get(connectionId).catalog.cancelJob(jobId);
      for (const registry of ctx.ownJobs) {
        const known = await registry.get(jobId).then(
          () => true,
          () => false,
        );
        if (known) return registry.cancel(jobId);
      }
      return ctx.imports.cancel(jobId);
    },
  };
}
