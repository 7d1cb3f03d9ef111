/** Imports of files into new tables: a preview of what would be read, then the import as a job. */
import { previewImport, startImport } from '../imports/import-job';
import type { HandlersFor, HostContext } from './context';

type Names = 'imports:preview' | 'imports:start';

export function importsProcedures(ctx: HostContext): HandlersFor<Names> {
  return {
    'imports:preview': async ({ path, format }) => previewImport(path, format),
    'imports:start': async ({ connectionId, ...request }) => {
      const catalog = ctx.connections.get(connectionId).catalog;
      const job = await startImport(ctx.jobs.runner('import'), catalog, request);
      ctx.jobConnection.set(job.id, connectionId);
      return job;
    },
  };
}
