/**
 * The query console of a connection: SQL in an editor, mapped onto LanceDB's query API by the
 * host (never run by an interpreter of ours), results in the grid, refusals marked in the text,
 * recent queries, and export of the whole result to a file.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ProcedureOutput } from '../../src-shared/studio-procedures';
import type { TableRef } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { ErrorMessage } from '../common/ErrorMessage';
import type { DecodedPage } from '../common/grid/cell-model';
import { DataGrid, type GridColumn } from '../common/grid/DataGrid';
import { decodeArrowPage } from '../common/decode/decode-client';
import { resultPageSource } from '../common/grid/result-pages';
import type { GridView } from '../common/grid/use-table-data';
import {
  ExportJobState,
  ExportTargetFields,
  useExportJobForm,
} from '../common/jobs/export-job-form';
import { SqlEditor, type EditorHandle } from './SqlEditor';
import './console.css';
import { formatDuration, formatNumber } from '../../src-shared/format';

type Answer = Extract<ProcedureOutput<'console:run'>, { arrow: Uint8Array }>;
type Problem = Extract<ProcedureOutput<'console:run'>, { problem: unknown }>['problem'];

const RESULT_VIEW: GridView = { filter: '' };

interface Result {
  answer: Answer;
  page: DecodedPage;
  sql: string;
  /** Which run it came from: the same SQL run twice is two results. */
  run: number;
}

const resultKey = (result: Result) => `${result.run}`;

export function ConsolePanel({ connectionId, initial }: { connectionId: string; initial: string }) {
  const call = useCall();
  const client = useQueryClient();
  const editor = useRef<EditorHandle>(undefined);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<unknown>();
  const [problem, setProblem] = useState<Problem>();
  const [result, setResult] = useState<Result>();
  const historyKey = ['c', connectionId, 'console-history'];
  const history = useQuery({
    queryKey: historyKey,
    queryFn: () => call('console:history', { connectionId }),
  });

  // Ctrl/Cmd+Enter can start a run while one is on its way; only the newest one's answer shows.
  const serial = useRef(0);
  const run = async (sql: string) => {
    if (sql.trim() === '') return;
    const mine = ++serial.current;
    setRunning(true);
    setError(undefined);
    setProblem(undefined);
    try {
      const answer = await call('console:run', { connectionId, sql });
      const page = 'problem' in answer ? undefined : await decodeArrowPage(answer.arrow);
      if (mine !== serial.current) return;
      if ('problem' in answer) {
        // The previous result goes with it: under a new error it would read as this query's.
        setResult(undefined);
        setProblem(answer.problem);
        editor.current?.select(answer.problem.offset, answer.problem.length);
      } else {
        setResult({ answer, page: page!, sql, run: mine });
      }
    } catch (caught) {
      if (mine === serial.current) {
        setResult(undefined);
        setError(caught);
      }
    } finally {
      if (mine === serial.current) setRunning(false);
      void client.invalidateQueries({ queryKey: historyKey });
    }
  };

  const columns: GridColumn[] = useMemo(
    () => (result?.page.columns ?? []).map((name) => ({ name, typeLabel: '', width: 160 })),
    [result],
  );
  const pageSource = useMemo(() => resultPageSource(result?.page), [result]);
  // The suggested first query arrives with the namespace's table list, which may load after the
  // console opened: it fills the editor only while the person has typed nothing.
  useEffect(() => {
    if (initial && editor.current?.text() === '') editor.current.setText(initial, false);
  }, [initial]);
  const ref: TableRef | undefined = result && {
    connectionId,
    path: result.answer.namespacePath,
    table: result.answer.table,
  };

  return (
    <section className="console-panel" aria-label="Query console">
      <SqlEditor
        initial={initial}
        onRun={(sql) => void run(sql)}
        onReady={(handle) => (editor.current = handle)}
      />
      <div className="row">
        <button
          type="button"
          className="primary"
          disabled={running}
          onClick={() => void run(editor.current?.text() ?? '')}
        >
          {running ? 'Running…' : 'Run'}
        </button>
        <span className="muted">Ctrl/Cmd+Enter runs the query</span>
        <span className="spacer" />
        {result && (
          <span className="muted" data-testid="console-summary">
            {formatNumber(result.answer.rows)} rows · {formatDuration(result.answer.elapsedMs)}
            {result.answer.cappedAt !== undefined &&
              result.answer.rows >= result.answer.cappedAt &&
              ` · the first ${formatNumber(result.answer.cappedAt)} (no LIMIT); Export writes them all`}
          </span>
        )}
      </div>
      {problem && (
        <p className="form-problem" role="alert" aria-label="Query problem">
          Line {problem.line}, column {problem.column}: {problem.message}
        </p>
      )}
      <ErrorMessage error={error} label="Query error" />
      {result && ref && (
        <>
          <div className="console-grid">
            {result.answer.rows === 0 ? (
              <p className="empty-state">No rows.</p>
            ) : (
              <DataGrid
                key={resultKey(result)}
                tableRef={ref}
                view={RESULT_VIEW}
                columns={columns}
                rowCount={result.answer.rows}
                onOpenRow={() => undefined}
                onPageError={() => undefined}
                pageSource={pageSource}
              />
            )}
          </div>
          {/* One export form per result: "Wrote N rows" belongs to the query it exported. */}
          <ExportForm key={resultKey(result)} connectionId={connectionId} sql={result.sql} />
        </>
      )}
      <details className="console-history">
        <summary>Recent queries ({history.data?.length ?? 0})</summary>
        <ol>
          {(history.data ?? []).flatMap((entry) =>
            entry.query.kind === 'sql'
              ? [
                  <li key={entry.at}>
                    <button
                      type="button"
                      className="link mono"
                      onClick={() => {
                        if (entry.query.kind === 'sql') editor.current?.setText(entry.query.text);
                      }}
                    >
                      {entry.query.text}
                    </button>
                    <span className="muted">
                      {formatNumber(entry.rows)} rows · {formatDuration(entry.elapsedMs)}
                    </span>
                  </li>,
                ]
              : [],
          )}
        </ol>
      </details>
    </section>
  );
}

/**
 * The whole result written to a file on the app's machine or downloaded by the browser (the web
 * mode), not just the rows shown, as a job:
 * its progress and end show here and in the jobs panel, and it can be cancelled.
 */
function ExportForm({ connectionId, sql }: { connectionId: string; sql: string }) {
  const call = useCall();
  const form = useExportJobForm();
  const { format, target } = form;
  return (
    <form
      className="console-export row"
      aria-label="Export result"
      onSubmit={(e) => {
        e.preventDefault();
        form.start(() =>
          call('console:export', {
            connectionId,
            sql,
            format,
            ...('download' in target ? target : { path: target.file, overwrite: target.overwrite }),
          }),
        );
      }}
    >
      <ExportTargetFields form={form} name="result" />
      <button type="submit" disabled={!form.ready}>
        {form.actionLabel}
      </button>
      <ExportJobState form={form} />
    </form>
  );
}
