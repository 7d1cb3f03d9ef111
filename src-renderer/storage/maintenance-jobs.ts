/** A table's compactions and cleanups from the job list, newest first, the last few of them. */
import { useJobs } from '../api/catalog-queries';
import type { TableRef } from '../api/query-keys';
import type { JobView } from '../api/use-host-events';
import { tableKey } from '../state/deep-link';

const SHOWN = 3;

export function useMaintenanceJobs(tableRef: TableRef): JobView[] {
  const jobs = useJobs();
  const key = tableKey(tableRef);
  return (jobs.data ?? [])
    .filter((job) => job.kind === 'compact' || job.kind === 'cleanup')
    .filter(
      (job) =>
        tableKey({
          connectionId: job.connectionId,
          path: job.target.namespacePath,
          table: job.target.table,
        }) === key,
    )
    .sort((a, b) => b.createdAt - a.createdAt)
    .slice(0, SHOWN);
}
