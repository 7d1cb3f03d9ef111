/**
 * A table's Search tab: vector, full-text and hybrid search with every LanceDB setting, results in
 * the same grid as the Data tab (with `_distance`, `_score`, `_relevance_score`), the time taken,
 * the plan explained or analyzed, and the table's history of searches.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Connection } from '../../src-shared/studio-procedures';
import type { JsonArrowField } from '../../src-shared/vocabulary/json-arrow-types';
import { useIndexes, useJobs, useTableDescription } from '../api/catalog-queries';
import type { TableRef } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { tableInput } from '../api/table-input';
import { ErrorMessage } from '../common/ErrorMessage';
import { ShowCode } from '../common/code/ShowCode';
import { columnWidth } from '../common/grid/column-layout';
import { DataGrid, type GridColumn, type OpenedRow } from '../common/grid/DataGrid';
import { decodeArrowPage } from '../common/decode/decode-client';
import { RowInspector } from '../common/grid/RowInspector';
import { typeLabel } from '../common/schema/schema-tree';
import type { GridView } from '../common/grid/use-table-data';
import { resultPageSource } from '../common/grid/result-pages';
import { highlightFor } from '../common/grid/highlight';
import { vectorColumns } from '../common/schema/column-paths';
import { PlanPanel } from './PlanPanel';
import { SearchFormPanel } from './SearchFormPanel';
import { SearchHistory } from './SearchHistory';
import {
  describeRequest,
  EMPTY_FORM,
  formFromRequest,
  textColumns,
  toSearchRequest,
  type Problems,
  type SearchForm,
} from './search-form';
import { takeSeed, useSearchSeed } from '../state/search-seed';
import { tableKey } from '../state/deep-link';
import { publishSearch } from '../state/table-handoffs';
import { useWorkspace } from '../state/workspace';
import { lastSearchOf } from './last-search';
import { useSearchRun } from './use-search-run';
import { useKept } from './search-memory';
import { EmptyResult } from './EmptyResult';
import { keyColumn, partitionsOf, rowWords } from './search-row';
import './search.css';
import { formatDuration, formatNumber } from '../../src-shared/format';

const NO_FIELDS: readonly JsonArrowField[] = [];
const RESULT_VIEW: GridView = { filter: '' };
const SCORE_LABELS: Record<string, string> = {
  _distance: 'distance',
  _score: 'text score',
  _relevance_score: 'fused (RRF)',
  _rowid: 'row id',
};

export function SearchTab({
  tableRef,
  connection,
}: {
  tableRef: TableRef;
  connection: Connection;
}) {
  const call = useCall();
  const ws = useWorkspace();
  const description = useTableDescription(tableRef);
  const indexes = useIndexes(tableRef);
  const jobs = useJobs();
  const fields = (description.data?.schema.fields ?? NO_FIELDS) as JsonArrowField[];
  const vectors = useMemo(() => vectorColumns(fields), [fields]);
  const texts = useMemo(() => textColumns(fields), [fields]);

  // The form, the plan and where the vector came from stay while the tab is away.
  const [form, setForm] = useKept<SearchForm>(tableRef, 'form', EMPTY_FORM);
  const [vectorFrom, setVectorFrom] = useKept(tableRef, 'vector-from', '');
  const [problems, setProblems] = useState<Problems>({});
  const [plan, setPlan] = useKept<{ text: string; analyzed: boolean; of: string } | undefined>(
    tableRef,
    'plan',
    undefined,
  );
  const [planError, setPlanError] = useState<unknown>();
  const [opened, setOpened] = useState<OpenedRow>();
  const { result, error, running, run } = useSearchRun(tableRef);

  // Sensible first choices once the schema is known: the first vector and FTS-indexed columns.
  const withDefaults = useCallback(
    (f: SearchForm): SearchForm => {
      const vectorColumn = f.vectorColumn || vectors[0]?.path || '';
      const ftsColumns = (indexes.data ?? [])
        .filter((i) => i.indexType === 'FTS')
        .map((i) => i.columns[0]!);
      const chosen = f.textColumns.length > 0 ? f.textColumns : ftsColumns.slice(0, 1);
      return vectorColumn === f.vectorColumn && chosen === f.textColumns
        ? f
        : { ...f, vectorColumn, textColumns: chosen };
    },
    [vectors, indexes.data],
  );
  useEffect(() => setForm(withDefaults), [withDefaults]);

  const facts = useMemo(() => {
    const partitions = new Map<string, number>();
    for (const job of jobs.data ?? []) {
      const p = job.target.params?.num_partitions;
      // Newest first: the latest build of an index gives its partition count.
      if (
        job.kind === 'create_index' &&
        job.state === 'succeeded' &&
        job.connectionId === tableRef.connectionId &&
        job.target.table === tableRef.table &&
        job.target.namespacePath.join('\u0000') === tableRef.path.join('\u0000') &&
        job.target.index &&
        !partitions.has(job.target.index) &&
        typeof p === 'number'
      )
        partitions.set(job.target.index, p);
    }
    return { fields, indexes: indexes.data ?? [], partitions };
  }, [fields, indexes.data, jobs.data, tableRef]);

  const checked = useCallback(
    (f: SearchForm) => {
      const outcome = toSearchRequest(f, facts);
      setProblems('problems' in outcome ? outcome.problems : {});
      return 'request' in outcome ? outcome.request : undefined;
    },
    [facts],
  );
  const search = useCallback(
    (f: SearchForm) => {
      const request = checked(f);
      if (request) {
        setPlan(undefined);
        setOpened(undefined);
        void run(request);
      }
    },
    [checked, run],
  );

  // A search handed over by "Find similar": fill the form and run it.
  const seed = useSearchSeed(tableRef);
  useEffect(() => {
    if (!seed || fields.length === 0) return;
    takeSeed(tableRef);
    const seeded = withDefaults({ ...EMPTY_FORM, ...seed.form });
    setForm(seeded);
    setVectorFrom('');
    if (seed.run) search(seeded);
  }, [seed, fields.length, tableRef, search, withDefaults, setForm, setVectorFrom]);

  // The answer goes to the table's other tabs: the map marks it.
  useEffect(() => {
    if (result) publishSearch(tableRef, lastSearchOf(result.request, result.page));
  }, [result, tableRef]);

  const explain = async (analyzed: boolean) => {
    const request = checked(form);
    if (!request) return;
    setPlanError(undefined);
    try {
      const text = await call('tables:explain', {
        ...tableInput(tableRef),
        request,
        analyze: analyzed,
      });
      setPlan({ text, analyzed, of: describeRequest(request) });
    } catch (caught) {
      setPlan(undefined);
      setPlanError(caught);
    }
  };

  const randomRow = async () => {
    try {
      const rows = await call('tables:count', tableInput(tableRef));
      if (rows === 0) return setProblems({ vectorText: 'The table has no rows' });
      const offset = Math.floor(Math.random() * rows);
      // The row is told by its offset and its first plain column (an id, most often).
      const key = keyColumn(fields, form.vectorColumn);
      const bytes = await call('tables:page', {
        ...tableInput(tableRef),
        offset,
        limit: 1,
        columns: key ? [form.vectorColumn, key] : [form.vectorColumn],
      });
      const [cell, keyCell] = (await decodeArrowPage(bytes)).rows[0] ?? [];
      if (cell?.kind !== 'vector') return setProblems({ vectorText: 'That row has no vector' });
      setForm((f) => ({ ...f, vectorText: JSON.stringify(Array.from(cell.values)) }));
      setVectorFrom(rowWords(offset, rows, key, keyCell));
    } catch (caught) {
      setPlanError(caught);
    }
  };

  const columns: GridColumn[] = useMemo(
    () =>
      // Scores first: a result is read by them, and wide vector columns would push them off-screen.
      [...(result?.page.columns ?? [])]
        .sort((a, b) => Number(b in SCORE_LABELS) - Number(a in SCORE_LABELS))
        .map((name) => {
          const field = fields.find((f) => f.name === name);
          return {
            name,
            typeLabel: field ? typeLabel(field) : (SCORE_LABELS[name] ?? ''),
            width: field ? columnWidth(field) : 130,
          };
        }),
    [result, fields],
  );
  const pageSource = useMemo(() => resultPageSource(result?.page), [result]);
  const highlight = useMemo(() => highlightFor(result?.request.fullTextQuery?.query), [result]);

  return (
    <div className="search-tab">
      <SearchFormPanel
        form={form}
        onChange={(patch) => {
          if (patch.vectorText !== undefined) setVectorFrom('');
          setForm((f) => ({ ...f, ...patch }));
        }}
        problems={problems}
        vectorColumns={vectors}
        textColumns={texts}
        ftsColumns={(indexes.data ?? []).flatMap((i) => (i.indexType === 'FTS' ? i.columns : []))}
        allColumns={fields.map((f) => f.name)}
        running={running}
        onSubmit={() => search(form)}
        onExplain={(analyzed) => void explain(analyzed)}
        onRandomRow={() => void randomRow()}
        vectorFrom={vectorFrom}
        extraActions={
          <ShowCode
            connectionId={tableRef.connectionId}
            action={() => {
              // Pure: it runs on every render while the panel is open (no problems are set here).
              const outcome = toSearchRequest(form, facts);
              const request = 'request' in outcome ? outcome.request : undefined;
              return request
                ? {
                    kind: 'search',
                    target: { namespacePath: [...tableRef.path], table: tableRef.table },
                    query: request,
                  }
                : undefined;
            }}
          />
        }
      />
      <div className="search-results">
        <ErrorMessage error={error} label="Search error" />
        <ErrorMessage error={planError} label="Plan error" />
        {result && (
          <p
            className="search-summary"
            aria-live="polite"
            data-testid="search-summary"
            data-engine-ms={result.engineMs}
            data-screen-ms={result.screenMs ?? ''}
          >
            {formatNumber(result.rows)} rows · {formatDuration(result.engineMs)} in{' '}
            {connection.kind === 'remote' ? 'the server' : 'the engine'}
            {result.screenMs !== undefined && ` · ${formatDuration(result.screenMs)} to screen`}
          </p>
        )}
        {result && result.rows > 0 && (
          <button
            type="button"
            className="link"
            onClick={() => ws.setTab(tableKey(tableRef), 'map')}
          >
            Show on the map
          </button>
        )}
        {plan && <PlanPanel plan={plan.text} analyzed={plan.analyzed} of={plan.of} />}
        {result && (
          <h4 className="results-of" aria-label="Results of">
            Results of: {describeRequest(result.request)}
          </h4>
        )}
        <div className="search-grid">
          {result && result.rows === 0 && (
            <EmptyResult
              request={result.request}
              indexes={facts.indexes}
              partitions={partitionsOf(facts, result.request.vectorColumn)}
              onTry={(patch) => {
                const next = { ...form, ...patch };
                setForm(next);
                search(next);
              }}
            />
          )}
          {result && result.rows > 0 && (
            <DataGrid
              key={result.startedAt}
              tableRef={tableRef}
              view={RESULT_VIEW}
              columns={columns}
              rowCount={result.rows}
              onOpenRow={setOpened}
              onPageError={() => undefined}
              pageSource={pageSource}
              highlight={highlight}
            />
          )}
          {opened && (
            <RowInspector
              row={opened}
              table={tableRef}
              writable={false}
              onClose={() => setOpened(undefined)}
            />
          )}
        </div>
        <SearchHistory
          tableRef={tableRef}
          onLoad={(request) => {
            setVectorFrom('');
            setForm(formFromRequest(request));
          }}
          onRun={(request) => {
            const next = formFromRequest(request);
            setVectorFrom('');
            setForm(next);
            search(next);
          }}
        />
      </div>
    </div>
  );
}
