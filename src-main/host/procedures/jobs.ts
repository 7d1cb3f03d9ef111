/**
 * The jobs panel: the host's own jobs (imports, exports, copies, checks, maintenance) and each
 * open catalog's (index builds), listed together and cancelled wherever they run.
 */
import type { HandlersFor, HostContext } from './context';

type Names = 'jobs:list' | 'jobs:cancel';

export function jobsProcedures(ctx: HostContext): HandlersFor<Names> {
  const c = ctx.connections;
  return {
    'jobs:list': async () => {
      const own = (await ctx.jobs.list()).flatMap((job) => {
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
      return ctx.jobs.cancel(jobId);
    },
  };
}
