/** Recall checks: started as jobs of the host, their reports kept by table and by job. */
import { startRecallCheck } from '../recall/recall-job';
import type { RecallReports } from '../recall/recall-reports';
import { tableHistoryKey } from '../search/query-history';
import type { HandlersFor, HostContext, TableInput } from './context';

type Names = 'recall:start' | 'recall:reports' | 'recall:report';

export function recallProcedures(ctx: HostContext, reports: RecallReports): HandlersFor<Names> {
  const keyOf = ({ connectionId, path, table }: TableInput) =>
    tableHistoryKey(ctx.connections.get(connectionId).target, path, table);
  return {
    'recall:start': async ({ request, ...input }) => {
      const job = await startRecallCheck(
        ctx.jobs.runner('recall_check'),
        reports,
        await ctx.table(input),
        keyOf(input),
        request,
      );
      ctx.jobConnection.set(job.id, input.connectionId);
      return job;
    },
    'recall:reports': async (input) => reports.forTable(keyOf(input)),
    'recall:report': async ({ jobId }) => reports.byJob(jobId) ?? null,
  };
}
