/** The table's recent searches, newest first: each can be loaded into the form or run again. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryRequest } from '../../src-shared/catalog-api';
import { queryKeys, type TableRef } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { tableInput } from '../api/table-input';
import { describeRequest } from './search-form';
import { formatDuration, formatNumber, formatTime } from '../../src-shared/format';

export function SearchHistory({
  tableRef,
  onLoad,
  onRun,
}: {
  tableRef: TableRef;
  onLoad: (request: QueryRequest) => void;
  onRun: (request: QueryRequest) => void;
}) {
  const call = useCall();
  const client = useQueryClient();
  const history = useQuery({
    queryKey: queryKeys.searchHistory(tableRef),
    queryFn: () => call('search:history', tableInput(tableRef)),
  });
  const entries = (history.data ?? []).flatMap((e) =>
    e.query.kind === 'search' ? [{ ...e, request: e.query.request }] : [],
  );
  return (
    <section className="search-history" aria-label="Search history">
      <header className="row">
        <h4>History</h4>
        <span className="spacer" />
        {entries.length > 0 && (
          <button
            type="button"
            className="link"
            onClick={() =>
              void call('search:clear-history', tableInput(tableRef)).then(() =>
                client.invalidateQueries({ queryKey: queryKeys.searchHistory(tableRef) }),
              )
            }
          >
            Clear
          </button>
        )}
      </header>
      {entries.length === 0 ? (
        <p className="muted">Searches you run are kept here.</p>
      ) : (
        <ol className="history-list">
          {entries.map((e) => (
            <li key={e.at}>
              <button
                type="button"
                className="link history-load"
                title={describeRequest(e.request)}
                onClick={() => onLoad(e.request)}
              >
                {describeRequest(e.request)}
              </button>
              <span className="muted mono">
                {formatTime(e.at)} · {formatNumber(e.rows)} rows · {formatDuration(e.elapsedMs)}
              </span>
              <button type="button" onClick={() => onRun(e.request)} aria-label="Run again">
                Run
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
