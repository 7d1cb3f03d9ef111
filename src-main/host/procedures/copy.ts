/** Copies between open connections, as jobs, and the removal of a copy that stopped part way. */
import { removePartial, startCopy, type CopySide } from '../copies/copy-job';
import type { CopyEndpointInput } from '../../../src-shared/studio-schemas';
import type { HandlersFor, HostContext } from './context';

type Names = 'copy:start' | 'copy:remove-partial';

export function copyProcedures(ctx: HostContext): HandlersFor<Names> {
  const side = (input: CopyEndpointInput, writing: boolean): CopySide => {
    const connection = writing
      ? ctx.connections.writable(input.connectionId)
      : ctx.connections.get(input.connectionId);
    return {
      catalog: connection.catalog,
      location: connection.target,
      path: [...input.path],
      ...(input.table !== undefined ? { table: input.table } : {}),
    };
  };
  return {
    'copy:start': async ({ source, target, mode, indexes, resume }) => {
      const job = startCopy(ctx.jobs.runner('copy'), side(source, false), side(target, true), {
        mode,
        indexes: indexes ?? true,
        resume: resume ?? false,
      });
      ctx.jobConnection.set(job.id, target.connectionId);
      return job;
    },
    'copy:remove-partial': async ({ source, target }) => {
      await removePartial(side(source, false), side(target, true));
      ctx.structureChanged(target.connectionId, [...target.path], target.table);
      return {};
    },
  };
}
