/**
 * The one place host events meet the cache: job progress is written straight into the jobs list
 * (no refetch per tick), a finished job refreshes what it changed, and catalog and connection
 * changes invalidate exactly the listings they touch. A command of the desktop app's menu is
 * handed on.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { EventPayload } from '../../src-shared/studio-procedures';
import { queryKeys } from './query-keys';
import { useStudioApi } from './studio-context';

export type JobView = EventPayload<'jobs:progress'>;

export type AppCommand = EventPayload<'app:command'>['command'];

export function useHostEvents(
  onJobFinished?: (job: JobView) => void,
  onAppCommand?: (command: AppCommand) => void,
): void {
  const api = useStudioApi();
  const client = useQueryClient();

  useEffect(() => {
    const upsertJob = (job: JobView) =>
      client.setQueryData<JobView[]>(queryKeys.jobs(), (jobs = []) => {
        const at = jobs.findIndex((j) => j.id === job.id);
        if (at === -1) return [job, ...jobs];
        const next = jobs.slice();
        next[at] = job;
        return next;
      });

    return api.on((event, payload) => {
      switch (event) {
        case 'jobs:progress': {
          const job = payload as JobView;
          upsertJob(job);
          // A build in flight is listed as an index with status "building"; show it at once.
          if (job.kind === 'create_index' && job.state === 'running') {
            const { namespacePath, table } = job.target;
            void client.invalidateQueries({
              queryKey: queryKeys.indexes({
                connectionId: job.connectionId,
                path: namespacePath,
                table,
              }),
            });
          }
          break;
        }
        case 'jobs:finished': {
          const job = payload as JobView;
          upsertJob(job);
          const { namespacePath, table } = job.target;
          const ref = { connectionId: job.connectionId, path: namespacePath, table };
          void client.invalidateQueries({ queryKey: queryKeys.table(ref) });
          void client.invalidateQueries({
            queryKey: queryKeys.tables(job.connectionId, namespacePath),
          });
          onJobFinished?.(job);
          break;
        }
        case 'connections:store-status': {
          const { connectionId, ...status } = payload as EventPayload<'connections:store-status'>;
          client.setQueryData(queryKeys.storeStatus(connectionId), status);
          break;
        }
        case 'catalog:changed': {
          const { connectionId, path, table } = payload as EventPayload<'catalog:changed'>;
          void client.invalidateQueries({ queryKey: queryKeys.namespaces(connectionId, path) });
          void client.invalidateQueries({ queryKey: queryKeys.tables(connectionId, path) });
          void client.invalidateQueries({
            queryKey: queryKeys.namespaceChildren(connectionId, path),
          });
          void client.invalidateQueries({
            queryKey: [...queryKeys.connection(connectionId), 'search'],
          });
          if (table) {
            void client.invalidateQueries({
              queryKey: queryKeys.table({ connectionId, path, table }),
            });
          }
          break;
        }
        case 'connections:changed':
          void client.invalidateQueries({ queryKey: queryKeys.connections() });
          void client.invalidateQueries({ queryKey: queryKeys.recent() });
          break;
        case 'app:command':
          onAppCommand?.((payload as EventPayload<'app:command'>).command);
          break;
      }
    });
  }, [api, client, onJobFinished, onAppCommand]);
}
