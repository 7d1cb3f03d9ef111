/**
 * A table's storage: data and index bytes, fragments and how many rows they hold (percentiles
 * and a histogram), deleted rows still stored, versions kept and the bytes only they hold, index
 * coverage, and advice in plain
 * words with the two acts that follow it: compaction (which also updates indexes) and cleanup of
 * old versions.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys, type TableRef } from '../api/query-keys';
import { useIndexes, useTableDescription } from '../api/catalog-queries';
import { useCall } from '../api/studio-context';
import { tableInput } from '../api/table-input';
import { ErrorMessage } from '../common/ErrorMessage';
import { useWorkspace } from '../state/workspace';
import { storageAdvice } from './storage-advice';
import { CleanupDialog } from './CleanupDialog';
import { FragmentHistogram } from './FragmentHistogram';
import { JobRow, useNow } from '../common/jobs/JobRow';
import { isActive } from '../common/jobs/job-format';
import { useMaintenanceJobs } from './maintenance-jobs';
import { formatBytes, formatNumber, formatShare } from '../../src-shared/format';
import { latestDataBytes, mergeableSmallFragments } from '../../src-shared/table-sizes';

const optionalBytes = (bytes: number | undefined) =>
  bytes === undefined ? '—' : formatBytes(bytes);

export function StorageTab({ tableRef, writable }: { tableRef: TableRef; writable: boolean }) {
  const ws = useWorkspace();
  const call = useCall();
  const description = useTableDescription(tableRef);
  const indexes = useIndexes(tableRef);
  const versions = useQuery({
    queryKey: queryKeys.versions(tableRef),
    queryFn: () => call('tables:versions', tableInput(tableRef)),
  });
  const fragments = useQuery({
    queryKey: [...queryKeys.table(tableRef), 'fragments'],
    queryFn: () => call('tables:fragments', tableInput(tableRef)),
  });
  const [cleaning, setCleaning] = useState(false);
  const ownJobs = useMaintenanceJobs(tableRef);
  const busy = ownJobs.some(isActive);
  const now = useNow(busy);
  if (description.isPending) return <p className="muted">Loading…</p>;
  if (!description.data) return <ErrorMessage error={description.error} />;
  const stats = description.data.stats;
  const list = indexes.data ?? [];
  const indexBytes = list.reduce((sum, i) => sum + (i.sizeBytes ?? 0), 0);
  const advice = storageAdvice(stats, list, versions.data?.length ?? 0, fragments.data);
  const deleted = fragments.data;
  const held = fragments.data?.versionBytes;
  const unindexed = list.some((i) => i.status === 'ready' && i.numUnindexedRows > 0);
  const lengths = stats.fragmentLengths;
  const mergeable = mergeableSmallFragments(stats);
  return (
    <div className="storage-tab">
      <dl className="stats" aria-label="Storage figures">
        <div className="stat">
          <dt>Latest version's data</dt>
          <dd data-testid="storage-bytes">
            {versions.data ? optionalBytes(latestDataBytes(versions.data)) : '…'}
          </dd>
          <dd className="stat-note muted">the data files it reads</dd>
        </div>
        <div className="stat">
          <dt>Indexes</dt>
          <dd data-testid="storage-index-bytes">{formatBytes(indexBytes)}</dd>
          <dd className="stat-note muted">the latest version's</dd>
        </div>
        {held && (
          <div className="stat">
            <dt>On disk</dt>
            <dd data-testid="storage-disk-bytes">
              {formatBytes(held.latest + held.onlyTagged + held.onlyOld)}
            </dd>
            <dd className="stat-note muted">every version's files</dd>
          </div>
        )}
        <div className="stat">
          <dt>Fragments</dt>
          <dd data-testid="storage-fragments">{formatNumber(stats.numFragments)}</dd>
          <dd className="stat-note muted" data-testid="storage-small">
            {mergeable > 0 ? `${formatNumber(mergeable)} small enough to merge` : 'none to merge'}
          </dd>
        </div>
        <div className="stat">
          <dt>Deleted rows</dt>
          <dd data-testid="storage-deleted">{deleted ? formatNumber(deleted.deletedRows) : '…'}</dd>
          {deleted && deleted.physicalRows > 0 && (
            <dd className="stat-note muted">
              {formatShare(deleted.deletedRows, deleted.physicalRows)} of stored rows
            </dd>
          )}
        </div>
        <div className="stat">
          <dt>Versions kept</dt>
          <dd data-testid="storage-versions">
            {versions.data ? formatNumber(versions.data.length) : '…'}
          </dd>
        </div>
        {held && (
          <div className="stat">
            <dt>Only old versions hold</dt>
            <dd data-testid="storage-old-bytes">
              {held.onlyOld + held.onlyTagged > 0
                ? formatBytes(held.onlyOld + held.onlyTagged)
                : 'nothing'}
            </dd>
            <dd className="stat-note muted">
              {held.onlyOld + held.onlyTagged === 0
                ? 'cleanup would free nothing'
                : held.onlyTagged > 0
                  ? `cleanup frees ${formatBytes(held.onlyOld)}; tags keep ${formatBytes(held.onlyTagged)}`
                  : `cleanup frees all of it`}
            </dd>
          </div>
        )}
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
                  {formatNumber(n)}
                </td>
              ),
            )}
          </tr>
        </tbody>
      </table>
      {fragments.data && <FragmentHistogram stats={fragments.data} />}
      <ErrorMessage error={fragments.error} />
      <h3>Index coverage</h3>
      {list.length === 0 ? (
        <p className="muted">No indexes.</p>
      ) : (
        <ul className="storage-coverage">
          {list.map((i) => (
            <li key={i.name}>
              <span className="mono">{i.name}</span>: {formatNumber(i.numIndexedRows)} indexed,{' '}
              {formatNumber(i.numUnindexedRows)} unindexed
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
      {writable && (
        <div className="row">
          {(mergeable > 0 || unindexed || (deleted?.deletedRows ?? 0) > 0) && (
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                ws.openDialog({
                  kind: 'compact-table',
                  table: tableRef,
                  small: mergeable,
                })
              }
            >
              Compact and update indexes…
            </button>
          )}
          {(versions.data?.length ?? 0) > 1 && (
            <button type="button" disabled={busy} onClick={() => setCleaning(true)}>
              Clean up old versions…
            </button>
          )}
        </div>
      )}
      {ownJobs.length > 0 && (
        <>
          <h3>Maintenance</h3>
          <ul className="job-list" aria-label="Maintenance jobs">
            {ownJobs.map((job) => (
              <JobRow key={job.id} job={job} now={now} />
            ))}
          </ul>
        </>
      )}
      {cleaning && versions.data && (
        <CleanupDialog
          tableRef={tableRef}
          versions={versions.data}
          held={held}
          onClose={() => setCleaning(false)}
        />
      )}
    </div>
  );
}
