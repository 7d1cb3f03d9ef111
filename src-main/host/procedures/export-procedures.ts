/**
 * A table's rows exported to a file as a job: all of them, or those a filter matches. The rows
 * the filter matches are counted first, and a file with another count is not kept.
 */
import { startExport } from '../exports/export-job';
import { checkExportTarget } from '../exports/export-target';
import type { HandlersFor, HostContext } from './context';

type Names = 'tables:export';

export function exportProcedures(ctx: HostContext): HandlersFor<Names> {
  return {
    'tables:export': async ({ filter, columns, format, file, overwrite, ...input }) => {
      checkExportTarget(file, overwrite);
      const table = await ctx.table(input);
      const where = filter && filter.trim() !== '' ? { filter } : {};
      const expected = await table.countRows(where);
      const job = await startExport(
        ctx.exports,
        table,
        { ...where, ...(columns ? { columns } : {}) },
        format,
        file,
        expected,
        overwrite === true,
      );
      ctx.jobConnection.set(job.id, input.connectionId);
      return job;
    },
  };
}
