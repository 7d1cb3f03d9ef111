/**
 * A table's storage: data and index bytes, fragments and how many rows they hold, versions kept,
 * index coverage, and advice in plain words with the compaction that acts on it.
 */
import { useQuery } from '@tanstack/react-query';
import { queryKeys, type TableRef } from '../api/query-keys';
import { useIndexes, useTableDescription } from '../api/catalog-queries';
import { useCall } from '../api/studio-context';
import { tableInput } from '../api/table-input';
import { ErrorMessage } from '../common/ErrorMessage';
import { useWorkspace } from '../state/workspace';
import { humanBytes } from '../table/format-bytes';
import { storageAdvice } from './storage-advice';

const fmt = (n: number) => n.toLocaleString('en-US');

export function StorageTab({ tableRef, writable }: { tableRef: TableRef; writable: boolean }) {
  const ws = useWorkspace();
  const call = useCall();
  const description = useTableDescription(tableRef);
  const indexes = useIndexes(tableRef);
  const versions = useQuery({
    queryKey: queryKeys.versions(tableRef),
    queryFn: () => call('tables:versions', tableInput(tableRef)),
  });
  if (description.isPending) return <p className="muted">Loading…</p>;
  if (!description.data) return <ErrorMessage error={description.error} />;
  const stats = description.data.stats;
  const list = indexes.data ?? [];
  const indexBytes = list.reduce((sum, i) => sum + (i.sizeBytes ?? 0), 0);
  const advice = storageAdvice(stats, list, versions.data?.length ?? 0);
  const lengths = stats.fragmentLengths;
  return (
    <div className="storage-tab">
      <dl className="stats" aria-label="Storage figures">
        <div className="stat">
          <dt>Data</dt>
          <dd data-testid="storage-bytes">{humanBytes(stats.totalBytes)}</dd>
        </div>
        <div className="stat">
          <dt>Indexes</dt>
          <dd data-testid="storage-index-bytes">{humanBytes(indexBytes)}</dd>
        </div>
        <div className="stat">
          <dt>Fragments</dt>
          <dd data-testid="storage-fragments">{fmt(stats.numFragments)}</dd>
          <dd className="stat-note muted">{fmt(stats.numSmallFragments)} small</dd>
        </div>
        <div className="stat">
          <dt>Versions kept</dt>
          <dd data-testid="storage-versions">{versions.data ? fmt(versions.data.length) : '…'}</dd>
        </div>
      </dl>
      <h3>Rows per fragment</h3>
      <table className="data-table compact" aria-label="Rows per fragment">
        <thead>
          <tr>
            <th>Fewest</th>
            <th>25%</th>
            <th>Median</th>
            <th>75%</th>
            <th>99%</th>
            <th>Most</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            {[lengths.min, lengths.p25, lengths.p50, lengths.p75, lengths.p99, lengths.max].map(
              (n, i) => (
                <td key={i} className="mono">
                  {fmt(n)}
                </td>
              ),
            )}
          </tr>
        </tbody>
      </table>
      <h3>Index coverage</h3>
      {list.length === 0 ? (
        <p className="muted">No indexes.</p>
      ) : (
        <ul className="storage-coverage">
          {list.map((i) => (
            <li key={i.name}>
              <span className="mono">{i.name}</span>: {fmt(i.numIndexedRows)} indexed,{' '}
              {fmt(i.numUnindexedRows)} unindexed
            </li>
          ))}
        </ul>
      )}
      <h3>Advice</h3>
      {advice.length === 0 ? (
        <p className="muted" role="status">
          Nothing to do: the table is compact and its indexes cover every row.
        </p>
      ) : (
        <ul className="storage-advice" aria-label="Storage advice">
          {advice.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {writable && stats.numSmallFragments > 1 && (
        <button
          type="button"
          onClick={() =>
            ws.openDialog({
              kind: 'compact-table',
              table: tableRef,
              small: stats.numSmallFragments,
            })
          }
        >
          Compact…
        </button>
      )}
    </div>
  );
}
