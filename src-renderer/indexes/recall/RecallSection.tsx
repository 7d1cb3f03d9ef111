/**
 * Recall on the Indexes tab: for each vector index, a check to start (the grid of settings is
 * editable), its progress while it runs, and the last report beside the index when done.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { IndexInfo } from '../../../src-shared/catalog-api';
import { isHnswIndex } from '../../../src-shared/recall/default-grid';
import type { RecallReport } from '../../../src-shared/recall/recall-schemas';
import { queryKeys, type TableRef } from '../../api/query-keys';
import { useJobs, useTableDescription } from '../../api/catalog-queries';
import { ShowCode } from '../../common/code/ShowCode';
import { vectorColumns } from '../../common/schema/column-paths';
import type { JsonArrowField } from '../../../src-shared/vocabulary/json-arrow-types';
import { useCall } from '../../api/studio-context';
import { tableInput } from '../../api/table-input';
import { ErrorMessage } from '../../common/ErrorMessage';
import { TextField } from '../../common/TextField';
import { CancelJob } from '../../common/jobs/CancelJob';
import { ProgressBar } from '../../common/jobs/ProgressBar';
import { jobFraction, isActive } from '../../common/jobs/job-format';
import { RecallReportView } from './RecallReportView';
import {
  DEFAULT_RECALL_FORM,
  toRecallRequest,
  type RecallForm,
  type RecallProblems,
} from './recall-form';

const VECTOR_INDEX = /^IVF_|HNSW/;

export function RecallSection({
  tableRef,
  indexes,
  rowCount,
}: {
  tableRef: TableRef;
  indexes: readonly IndexInfo[];
  rowCount: number | undefined;
}) {
  const call = useCall();
  const vectorIndexes = indexes.filter(
    (i) => VECTOR_INDEX.test(i.indexType) && i.status !== 'building',
  );
  const reports = useQuery({
    queryKey: [...queryKeys.table(tableRef), 'recall-reports'],
    queryFn: () => call('recall:reports', tableInput(tableRef)),
    enabled: vectorIndexes.length > 0,
  });
  if (vectorIndexes.length === 0) return null;
  return (
    <section className="recall-section" aria-label="Recall">
      <h3>Recall</h3>
      <p className="muted">
        How often each setting finds the true nearest neighbours (exact search), and at what
        latency.
      </p>
      <ErrorMessage error={reports.error} />
      {vectorIndexes.map((index) => (
        <IndexRecall
          key={index.name}
          tableRef={tableRef}
          index={index}
          rowCount={rowCount}
          latest={reports.data?.find((r) => r.report.index.name === index.name)}
        />
      ))}
    </section>
  );
}

function IndexRecall({
  tableRef,
  index,
  rowCount,
  latest,
}: {
  tableRef: TableRef;
  index: IndexInfo;
  rowCount: number | undefined;
  latest: { at: number; report: RecallReport } | undefined;
}) {
  const call = useCall();
  const jobs = useJobs();
  const description = useTableDescription(tableRef);
  const dimension = vectorColumns((description.data?.schema.fields ?? []) as JsonArrowField[]).find(
    (c) => c.path === index.columns[0],
  )?.dimension;
  const [form, setForm] = useState<RecallForm>(() =>
    isHnswIndex(index.indexType)
      ? { ...DEFAULT_RECALL_FORM, second: 'none, 40, 160' }
      : DEFAULT_RECALL_FORM,
  );
  const [editing, setEditing] = useState(false);
  const [problems, setProblems] = useState<RecallProblems>({});
  const [error, setError] = useState<unknown>();
  // The newest check of this index (the list is newest first), whatever its state.
  const running = jobs.data?.find(
    (j) =>
      j.kind === 'recall_check' &&
      j.connectionId === tableRef.connectionId &&
      j.target.table === tableRef.table &&
      j.target.index === index.name &&
      j.target.namespacePath.join('\u0000') === tableRef.path.join('\u0000'),
  );
  const start = async (e: FormEvent) => {
    e.preventDefault();
    const outcome = toRecallRequest(
      form,
      index.columns[0]!,
      index.name,
      isHnswIndex(index.indexType),
      rowCount,
    );
    if ('problems' in outcome) return setProblems(outcome.problems);
    setProblems({});
    setError(undefined);
    try {
      await call('recall:start', { ...tableInput(tableRef), request: outcome.request });
      setEditing(false);
    } catch (caught) {
      setError(caught);
    }
  };
  const field = (key: keyof RecallForm, label: string) => (
    <TextField
      label={label}
      value={form[key]}
      onChange={(v) => setForm((f) => ({ ...f, [key]: v }))}
    >
      {problems[key] && (
        <span className="field-problem" role="alert" data-field={key}>
          {problems[key]}
        </span>
      )}
    </TextField>
  );
  const title = `Recall check of ${index.name}`;
  return (
    <div className="index-recall" aria-label={`Recall of index ${index.name}`} role="group">
      <header className="row">
        <h4 className="mono">{index.name}</h4>
        <span className="muted">
          {index.indexType} on {index.columns.join(', ')}
        </span>
        <span className="spacer" />
        {!(running && isActive(running)) && (
          <button type="button" onClick={() => setEditing((v) => !v)} aria-expanded={editing}>
            Check recall…
          </button>
        )}
      </header>
      {editing && (
        <form
          className="recall-form"
          aria-label={`Recall check settings for ${index.name}`}
          onSubmit={(e) => void start(e)}
          noValidate
        >
          <div className="field-grid">
            {field('queries', 'Sampled queries')}
            {field('k', 'k (neighbours)')}
            {field('target', 'Target recall')}
            {field('nprobes', 'nprobes to try')}
            {field('second', isHnswIndex(index.indexType) ? 'ef to try' : 'Refine factors to try')}
          </div>
          <ErrorMessage error={error} label="Recall check error" />
          <button type="submit" className="primary">
            Start check
          </button>
        </form>
      )}
      {running && isActive(running) && (
        <div className="recall-running">
          <ProgressBar fraction={jobFraction(running)} label={`Progress of ${title}`} />
          <span className="muted">{running.phase}</span>
          <CancelJob job={running} accessibleName={`Cancel ${title}`}>
            Cancel
          </CancelJob>
        </div>
      )}
      {running?.state === 'failed' && running.error && (
        <p className="job-error" role="alert">
          {running.error.message}
        </p>
      )}
      {latest && (
        <RecallReportView report={latest.report} at={latest.at}>
          {latest.report.advice.pointIndex !== undefined && dimension !== undefined && (
            <div className="show-code">
              <span className="muted">The advised setting as code (with a zero query vector):</span>{' '}
              <ShowCode
                connectionId={tableRef.connectionId}
                action={() => {
                  const point = latest.report.points[latest.report.advice.pointIndex!]!;
                  return {
                    kind: 'recall-setting',
                    target: { namespacePath: [...tableRef.path], table: tableRef.table },
                    query: {
                      vector: Array.from({ length: dimension }, () => 0),
                      vectorColumn: latest.report.column,
                      limit: latest.report.k,
                      distanceType: latest.report.index.distanceType.toLowerCase() as
                        'l2' | 'cosine' | 'dot' | 'hamming',
                    },
                    nprobes: point.setting.nprobes ?? 20,
                    ...(point.setting.refineFactor === undefined
                      ? {}
                      : { refineFactor: point.setting.refineFactor }),
                  };
                }}
              />
            </div>
          )}
        </RecallReportView>
      )}
    </div>
  );
}
