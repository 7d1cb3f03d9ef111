/**
 * Two versions compared: the rows on each side, the columns added, removed or changed, and the
 * indexes added or dropped. The host reads both sides from read-only handles at those versions.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { VersionDiff } from '../../src-shared/studio-schemas';
import { queryKeys, type TableRef } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { tableInput } from '../api/table-input';
import { ErrorMessage } from '../common/ErrorMessage';
import { VersionSelect } from './VersionSelect';
import { formatBytes, formatCount, formatNumber } from '../../src-shared/format';
import { diffData, type DiffData } from './diff-data';
import type { TimelineEntry } from './version-timeline';

export function VersionDiffPanel({
  tableRef,
  versions,
  entries,
}: {
  tableRef: TableRef;
  /** Newest first. */
  versions: readonly number[];
  /** The timeline: each version's operation and totals, for what the data itself did. */
  entries: readonly TimelineEntry[];
}) {
  const call = useCall();
  // Undefined follows the newest two versions, so a new commit moves the defaults with it.
  const [pickedFrom, setFrom] = useState<number>();
  const [pickedTo, setTo] = useState<number>();
  const from = pickedFrom ?? versions[1] ?? versions[0] ?? 1;
  const to = pickedTo ?? versions[0] ?? 1;
  const [asked, setAsked] = useState<{ from: number; to: number }>();
  const diff = useQuery({
    queryKey: [...queryKeys.versions(tableRef), 'diff', asked?.from, asked?.to],
    queryFn: () => call('tables:version-diff', { ...tableInput(tableRef), ...asked! }),
    enabled: asked !== undefined,
  });
  const picker = (label: string, value: number, set: (v: number) => void) => (
    <VersionSelect
      label={label}
      value={value}
      versions={versions}
      onChange={(v) => set(Number(v))}
    />
  );
  return (
    <section className="version-diff" aria-label="Compare versions">
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          setAsked({ from, to });
        }}
      >
        {picker('Compare version', from, setFrom)}
        {picker('with version', to, setTo)}
        <button type="submit" disabled={from === to}>
          Compare
        </button>
      </form>
      {diff.isFetching && <p className="muted">Comparing…</p>}
      <ErrorMessage error={diff.error} label="Comparison error" />
      {diff.data && !diff.isFetching && (
        <DiffResult diff={diff.data} data={diffData(entries, diff.data.from, diff.data.to)} />
      )}
    </section>
  );
}

function DiffResult({ diff, data }: { diff: VersionDiff; data: DiffData }) {
  const delta = diff.rows.to - diff.rows.from;
  const columns =
    diff.columnsAdded.length + diff.columnsRemoved.length + diff.columnsChanged.length;
  const indexes = diff.indexesAdded.length + diff.indexesRemoved.length;
  return (
    <div className="diff-result" aria-label={`Changes from version ${diff.from} to ${diff.to}`}>
      <p>
        <strong>Rows:</strong> {formatNumber(diff.rows.from)} → {formatNumber(diff.rows.to)}{' '}
        <span className={delta < 0 ? 'diff-removed' : delta > 0 ? 'diff-added' : 'muted'}>
          ({delta > 0 ? '+' : ''}
          {formatNumber(delta)})
        </span>
      </p>
      <p data-testid="diff-data">
        <strong>Data:</strong>{' '}
        {data.commits.length === 0
          ? 'no commit between them'
          : data.commits.map((c) => `${c.operation} (version ${c.version})`).join(', ')}
        {data.rowsRewritten !== undefined &&
          data.rowsRewritten > 0 &&
          ` · ${formatCount(data.rowsRewritten, 'row')} rewritten by ${data.commits.filter((c) => c.operation === 'Update').length === 1 ? 'the update' : 'updates'}`}
        {data.fragments &&
          data.fragments.from !== data.fragments.to &&
          ` · fragments ${formatNumber(data.fragments.from)} → ${formatNumber(data.fragments.to)}`}
        {data.bytes &&
          data.bytes.from !== data.bytes.to &&
          ` · data files ${formatBytes(data.bytes.from)} → ${formatBytes(data.bytes.to)}`}
      </p>
      <p>
        <strong>Columns:</strong> {columns === 0 ? 'no change' : ''}
      </p>
      {columns > 0 && (
        <ul className="diff-list" aria-label="Column changes">
          {diff.columnsAdded.map((c) => (
            <li key={`+${c.path}`} className="diff-added">
              + <span className="mono">{c.path}</span> {c.type}
              {c.nullable ? '' : ' not null'}
            </li>
          ))}
          {diff.columnsRemoved.map((c) => (
            <li key={`-${c.path}`} className="diff-removed">
              − <span className="mono">{c.path}</span> {c.type}
            </li>
          ))}
          {diff.columnsChanged.map((c) => (
            <li key={`~${c.path}`} className="diff-changed">
              ~ <span className="mono">{c.path}</span> {c.from.type}
              {c.from.nullable ? ' null' : ' not null'} → {c.to.type}
              {c.to.nullable ? ' null' : ' not null'}
            </li>
          ))}
        </ul>
      )}
      <p>
        <strong>Indexes:</strong> {indexes === 0 ? 'no change' : ''}
      </p>
      {indexes > 0 && (
        <ul className="diff-list" aria-label="Index changes">
          {diff.indexesAdded.map((i) => (
            <li key={`+${i.name}`} className="diff-added">
              + <span className="mono">{i.name}</span> {i.indexType} on {i.columns.join(', ')}
            </li>
          ))}
          {diff.indexesRemoved.map((i) => (
            <li key={`-${i.name}`} className="diff-removed">
              − <span className="mono">{i.name}</span> {i.indexType} on {i.columns.join(', ')}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
