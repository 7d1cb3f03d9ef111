/**
 * The query console: SQL parsed and mapped onto a QueryRequest (console/parse-console-query.ts),
 * or, with aggregates, GROUP BY or a JOIN, planned for DuckDB over LanceDB scans
 * (console/plan-console-query.ts); run, timed, and kept in the connection's history; a result
 * exported to a file as a job, streamed batch by batch from the engine's answer.
 */
import { collectIpcStream } from '../../catalog/arrow-data';
import { ipcRowCount } from '../../catalog/ipc-row-count';
import { errors } from '../../../src-shared/vocabulary/errors';
import { ConsoleQueryError } from '../console/console-query-error';
import type { ConsoleQuery } from '../console/parse-console-query';
import { planConsoleQuery, type ConsolePlan } from '../console/plan-console-query';
import { runEngineQuery } from '../console/run-engine-query';
import { startExport } from '../exports/export-job';
import type { DownloadStore } from '../exports/download-store';
import { exportTarget } from '../exports/export-target';
import { consoleHistoryKey, type QueryHistory } from '../search/query-history';
import type { HandlersFor, HostContext } from './context';

type Names = 'console:run' | 'console:history' | 'console:export';

/** The rows a console query without LIMIT shows; an export of it writes every row. */
export const CONSOLE_ROW_CAP = 10_000;

/** The parsed query, or where and why the text cannot be run, as a value the editor can mark. */
function parse(sql: string): ConsolePlan | { problem: ConsoleProblem } {
  try {
    return planConsoleQuery(sql, CONSOLE_ROW_CAP);
  } catch (error) {
    if (!(error instanceof ConsoleQueryError)) throw error;
    const { message, offset, length, line, column } = error;
    return { problem: { message, offset, length, line, column } };
  }
}

interface ConsoleProblem {
  message: string;
  offset: number;
  length: number;
  line: number;
  column: number;
}

export function consoleProcedures(
  ctx: HostContext,
  history: QueryHistory,
  downloads: DownloadStore,
): HandlersFor<Names> {
  const targetOf = (connectionId: string) => ctx.connections.get(connectionId).target;
  const open = (connectionId: string, query: ConsoleQuery) =>
    ctx.table({ connectionId, path: query.namespacePath, table: query.table });
  return {
    'console:run': async ({ connectionId, sql }) => {
      const parsed = parse(sql);
      if ('problem' in parsed) return parsed;
      if (parsed.kind === 'engine') {
        const started = performance.now();
        const { arrow, rows } = await runEngineQuery(parsed.query, ({ namespacePath, table }) =>
          ctx.table({ connectionId, path: namespacePath, table }),
        );
        const elapsedMs = Math.round((performance.now() - started) * 100) / 100;
        const query = { kind: 'sql' as const, text: sql };
        history.add(consoleHistoryKey(targetOf(connectionId)), {
          at: Date.now(),
          query,
          elapsedMs,
          rows,
        });
        const { cappedAt } = parsed.query;
        const { target } = parsed.query.tables[0]!;
        return { arrow, elapsedMs, rows, ...target, ...(cappedAt ? { cappedAt } : {}) };
      }
      const { query } = parsed;
      const table = await open(connectionId, query);
      // A scan without LIMIT would bring the whole table to the screen: the grid shows the first
      // rows, and Export writes them all.
      const { request } = query;
      const capped = request.limit === undefined && !request.vector && !request.fullTextQuery;
      const started = performance.now();
      const bytes = await collectIpcStream(
        await table.queryStream(capped ? { ...request, limit: CONSOLE_ROW_CAP } : request),
      );
      const elapsedMs = Math.round((performance.now() - started) * 100) / 100;
      const rows = ipcRowCount(bytes);
      history.add(consoleHistoryKey(targetOf(connectionId)), {
        at: Date.now(),
        query: { kind: 'sql', text: sql },
        elapsedMs,
        rows,
      });
      return {
        arrow: bytes,
        elapsedMs,
        rows,
        namespacePath: query.namespacePath,
        table: query.table,
        ...(capped ? { cappedAt: CONSOLE_ROW_CAP } : {}),
      };
    },
    'console:history': async ({ connectionId }) =>
      history.list(consoleHistoryKey(targetOf(connectionId))),
    'console:export': async ({ connectionId, sql, format, path, overwrite, download }) => {
      const parsed = parse(sql);
      if ('problem' in parsed) {
        const p = parsed.problem;
        throw errors.InvalidInput(`Line ${p.line}, column ${p.column}: ${p.message}`);
      }
      if (parsed.kind === 'engine') {
        throw errors.InvalidInput(
          'Aggregate and join queries cannot be exported yet: export the tables, or copy the answer from the grid',
        );
      }
      const table = await open(connectionId, parsed.query);
      const job = await startExport(
        ctx.jobs.runner('export'),
        table,
        parsed.query.request,
        format,
        exportTarget({ file: path, overwrite, download }, format, {
          store: downloads,
          stem: `${table.name}-result`,
        }),
        undefined,
      );
      ctx.jobConnection.set(job.id, connectionId);
      return job;
    },
  };
}
