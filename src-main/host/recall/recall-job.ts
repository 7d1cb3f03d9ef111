/**
 * A recall check as a job of the host: checked when started (a bad request is refused at once,
 * naming the field), then run with progress and cancel; its report is kept when it succeeds.
 */
import type { TableHandle } from '../../catalog/client';
import type { JobRegistry } from '../../catalog/jobs/job-registry';
import type { JobRecord } from '../../../src-shared/catalog-api';
import type { RecallCheckRequest } from '../../../src-shared/recall/recall-schemas';
import { checkRecallRequest, runCheckedRecall } from './recall-check';
import type { RecallReports } from './recall-reports';

export async function startRecallCheck(
  jobs: JobRegistry,
  reports: RecallReports,
  table: TableHandle,
  tableKey: string,
  request: RecallCheckRequest,
): Promise<JobRecord> {
  const checked = await checkRecallRequest(table, request);
  const record: JobRecord = jobs.submit({
    kind: 'recall_check',
    target: {
      namespacePath: [...table.namespacePath],
      table: table.name,
      index: checked.resolved.index.name,
      column: checked.resolved.column,
      indexType: checked.resolved.index.indexType,
      params: {
        k: checked.k,
        queries: checked.request.vector ? 1 : (checked.request.queries ?? 100),
        target: checked.target,
      },
    },
    run: async (context) => {
      const report = await runCheckedRecall(table, checked, context);
      reports.add({ jobId: record.id, tableKey, at: Date.now(), report });
    },
  });
  return record;
}
