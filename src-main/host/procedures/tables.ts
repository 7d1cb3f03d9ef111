/**
 * Tables: listed, created, described, read by pages and queries, renamed, dropped; their versions
 * listed, compared and restored; compacted, cleaned up and exported (as jobs).
 */
import { ownWriteKey } from '../own-writes';
import { errors } from '../../../src-shared/vocabulary/errors';
import { diffVersions } from '../version-diff';
import { tableCacheKey } from '../version-list-cache';
import { collectIpcStream } from '../../catalog/arrow-data';
import { fromJsonArrowSchema, toJsonArrowSchema } from '../../catalog/json-arrow-schema';
import type { TableHandle } from '../../catalog/client';
import type { JobRecord } from '../../../src-shared/catalog-api';
import { startCleanup, startCompaction } from '../maintenance/maintenance-jobs';
import { startExport } from '../exports/export-job';
import type { DownloadStore } from '../exports/download-store';
import { exportTarget } from '../exports/export-target';
import { changeTable, page, type HandlersFor, type HostContext, type TableInput } from './context';

type Names =
  | 'tables:create-empty'
  | 'tables:describe'
  | 'tables:count'
  | 'tables:page'
  | 'tables:drop'
  | 'tables:rename'
  | 'tables:versions'
  | 'tables:head'
  | 'tables:cleanup'
  | 'tables:fragments'
  | 'tables:transactions'
  | 'tables:version-diff'
  | 'tables:restore'
  | 'tables:stats'
  | 'tables:compact'
  | 'tables:query'
  | 'tables:explain'
  | 'tables:list'
  | 'tables:export';

export function tablesProcedures(ctx: HostContext, downloads: DownloadStore): HandlersFor<Names> {
  const catalog = (connectionId: string) => ctx.connections.get(connectionId).catalog;
  const versionLists = ctx.versionLists;
  /** A maintenance job of the table; when it ends the table's views and version list refresh. */
  const maintenance = async (
    input: TableInput,
    start: (t: TableHandle, onEnd: () => void) => JobRecord,
  ) => {
    const job = start(await ctx.table(input), () => {
      versionLists.forget(tableCacheKey(input));
      ctx.changed(input.connectionId, input.path, input.table);
    });
    ctx.jobConnection.set(job.id, input.connectionId);
    return job;
  };
  return {
    'tables:create-empty': async ({ connectionId, path, table: name, schema, mode }) => {
      await catalog(connectionId).createEmptyTable(
        name,
        fromJsonArrowSchema(schema),
        path,
        mode ? { mode } : {},
      );
      ctx.structureChanged(connectionId, path, name);
      return {};
    },
    'tables:describe': async (input) => {
      const d = await (await ctx.table(input)).describe();
      return {
        version: d.version,
        location: d.location,
        rowCount: d.rowCount,
        schema: toJsonArrowSchema(d.schema),
        stats: d.stats,
      };
    },
    'tables:count': async ({ filter, ...input }) =>
      (await ctx.table(input)).countRows(filter ? { filter } : {}),
    'tables:page': async ({ offset, limit, columns, filter, orderBy, ...input }) => {
      // The answer's own IPC stream goes to the renderer as it came, never decoded here.
      const stream = await (
        await ctx.table(input)
      ).queryStream({
        offset,
        limit,
        ...(columns ? { columns } : {}),
        ...(filter && filter.trim() !== '' ? { filter } : {}),
        ...(orderBy?.length ? { orderBy } : {}),
      });
      return collectIpcStream(stream);
    },
    'tables:drop': async ({ connectionId, path, table: name }) => {
      await catalog(connectionId).dropTable(name, path);
      ctx.structureChanged(connectionId, path, name);
      return {};
    },
    'tables:rename': async ({ connectionId, path, table: name, newName, newPath }) => {
      await catalog(connectionId).renameTable(
        name,
        newName,
        path,
        newPath ? { newNamespacePath: newPath } : {},
      );
      ctx.structureChanged(connectionId, path, name);
      if (newPath) ctx.structureChanged(connectionId, newPath, newName);
      return {};
    },
    'tables:versions': async ({ newest, ...input }) => {
      const table = await ctx.table(input);
      // A checked-out view lists the same versions; the cache serves the branch's list.
      return input.at?.version !== undefined
        ? table.listVersions(newest === undefined ? {} : { newest })
        : versionLists.list(tableCacheKey(input), input.at?.branch, table, newest);
    },
    'tables:head': async ({ since, ...input }) => {
      const version = await (await ctx.table(input)).latestVersion();
      if (since === undefined) return { version };
      const { target } = ctx.connections.get(input.connectionId);
      const key = ownWriteKey(target, input.path, input.table, input.at?.branch);
      return { version, elsewhere: ctx.ownWrites.elsewhere(key, since, version) };
    },
    'tables:transactions': async ({ versions, ...input }) =>
      (await ctx.table(input)).describeTransactions(versions),
    'tables:version-diff': async ({ from, to, ...input }) =>
      diffVersions(await ctx.table(input), from, to),
    'tables:restore': async ({ version, expectLatest, ...input }) =>
      changeTable(ctx, input, async (t) => {
        // Checked just before: a commit in the moment between this and Lance's restore is not
        // caught (LanceDB's restore takes no expected version), but one while the user read the
        // confirmation is.
        const latest = await t.latestVersion();
        if (expectLatest !== undefined && latest !== expectLatest) {
          throw errors.ConcurrentModification(
            `Version ${latest} was committed since you looked (you saw ${expectLatest}); nothing was restored`,
          );
        }
        return t.restore(version);
      }),
    'tables:stats': async (input) => (await ctx.table(input)).stats(),
    'tables:compact': async (input) =>
      maintenance(input, (t, onEnd) => startCompaction(ctx.jobs.runner('compact'), t, onEnd)),
    'tables:fragments': async (input) => (await ctx.table(input)).fragmentStats(),
    'tables:cleanup': async ({ olderThanMillis, keepVersions, ...input }) =>
      maintenance(input, (t, onEnd) =>
        startCleanup(
          ctx.jobs.runner('cleanup'),
          t,
          { olderThanMillis, ...(keepVersions ? { keepVersions } : {}) },
          onEnd,
        ),
      ),
    'tables:query': async ({ request, ...input }) =>
      collectIpcStream(await (await ctx.table(input)).queryStream(request)),
    'tables:explain': async ({ request, analyze, ...input }) =>
      (await ctx.table(input)).explainPlan(request, analyze ? { analyze: true } : {}),
    'tables:list': async ({ connectionId, path, pageToken, limit }) =>
      catalog(connectionId).listTables(path, page(pageToken, limit)),
    // The rows the filter matches are counted first, and a file with another count is not kept.
    'tables:export': async ({ filter, columns, format, file, overwrite, download, ...input }) => {
      const table = await ctx.table(input);
      const where = filter && filter.trim() !== '' ? { filter } : {};
      const expected = await table.countRows(where);
      const job = await startExport(
        ctx.jobs.runner('export'),
        table,
        { ...where, ...(columns ? { columns } : {}) },
        format,
        exportTarget({ file, overwrite, download }, format, {
          store: downloads,
          stem: input.table,
        }),
        expected,
      );
      ctx.jobConnection.set(job.id, input.connectionId);
      return job;
    },
  };
}
