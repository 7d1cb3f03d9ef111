/** The table at a glance: rows, version, size, fragments, its indexes and recent versions. */
import { useQuery } from '@tanstack/react-query';
import type { TableRef } from '../api/query-keys';
import { queryKeys } from '../api/query-keys';
import { useIndexes, useTableDescription } from '../api/catalog-queries';
import { useCall } from '../api/studio-context';
import { tableInput } from '../api/table-input';
import { ErrorMessage } from '../common/ErrorMessage';
import { TableHead } from '../common/TableHead';
import { IndexStateCells } from '../common/index-state/IndexStateCells';
import { useWorkspace } from '../state/workspace';
import { formatBytes, formatDateTime, formatNumber } from '../../src-shared/format';
import { latestDataBytes } from '../../src-shared/table-sizes';

const optionalBytes = (bytes: number | undefined) =>
  bytes === undefined ? '—' : formatBytes(bytes);

const RECENT_VERSIONS = 10;

function Stat({
  label,
  value,
  testId,
  note,
}: {
  label: string;
  value: string;
  testId: string;
  note?: string;
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
      {note && <dd className="stat-note muted">{note}</dd>}
    </div>
  );
}

function useVersions(ref: TableRef) {
  const call = useCall();
  return useQuery({
    queryKey: queryKeys.versions(ref),
    queryFn: () => call('tables:versions', tableInput(ref)),
  });
}

function Versions({ tableRef }: { tableRef: TableRef }) {
  const versions = useVersions(tableRef);
  if (versions.isPending) return <p className="muted">Loading…</p>;
  if (!versions.data) return <ErrorMessage error={versions.error} />;
  const recent = [...versions.data].sort((a, b) => b.version - a.version).slice(0, RECENT_VERSIONS);
  return (
    <>
      <table className="data-table compact" aria-label="Versions">
        <TableHead columns={['Version', 'Written']} />
        <tbody>
          {recent.map((v) => (
            <tr key={v.version}>
              <td className="mono">{v.version}</td>
              <td>{formatDateTime(v.timestampMillis)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {versions.data.length > recent.length && (
        <p className="muted">
          The {RECENT_VERSIONS} newest of {formatNumber(versions.data.length)} versions.
        </p>
      )}
    </>
  );
}

export function OverviewTab({ tableRef, writable }: { tableRef: TableRef; writable: boolean }) {
  const ws = useWorkspace();
  const description = useTableDescription(tableRef);
  const indexes = useIndexes(tableRef);
  const versions = useVersions(tableRef);
  if (description.isPending) return <p className="muted">Loading…</p>;
  if (!description.data) return <ErrorMessage error={description.error} />;
  const d = description.data;
  const small = d.stats.numSmallFragments;
  return (
    <div className="overview">
      <dl className="stats">
        <Stat label="Rows" value={formatNumber(d.rowCount)} testId="row-count" />
        <Stat label="Version" value={String(d.version)} testId="version" />
        <Stat
          label="Size"
          value={versions.data ? optionalBytes(latestDataBytes(versions.data)) : '…'}
          testId="size"
          note="the latest version's data files"
        />
        <Stat
          label="Fragments"
          value={formatNumber(d.stats.numFragments)}
          testId="fragments"
          note={
            // One small fragment is just a small table; several are what compaction merges.
            small > 1 ? `${formatNumber(small)} small — compaction would merge them` : undefined
          }
        />
        <Stat label="Columns" value={String(d.schema.fields.length)} testId="columns" />
        <Stat label="Indexes" value={String(d.stats.numIndices)} testId="index-count" />
      </dl>
      {small > 1 && writable && (
        <p className="row">
          <button
            type="button"
            onClick={() => ws.openDialog({ kind: 'compact-table', table: tableRef, small })}
          >
            Compact…
          </button>
          <span className="muted">
            {formatNumber(small)} small fragments: merging them makes reads faster.
          </span>
        </p>
      )}
      <p className="muted location mono" title="Where the table's files live">
        {d.location}
      </p>
      <h3>Indexes</h3>
      <ErrorMessage error={indexes.error} />
      {indexes.isPending && <p className="muted">Loading…</p>}
      {indexes.data?.length === 0 && <p className="muted">No indexes.</p>}
      {indexes.data && indexes.data.length > 0 && (
        <table className="data-table compact" aria-label="Indexes at a glance">
          <TableHead columns={['Name', 'Type', 'Column', 'Status', 'Coverage']} />
          <tbody>
            {indexes.data.map((i) => (
              <tr key={i.name}>
                <td className="mono">{i.name}</td>
                <td>{i.indexType}</td>
                <td className="mono">{i.columns.join(', ')}</td>
                <IndexStateCells index={i} />
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>Recent versions</h3>
      <Versions tableRef={tableRef} />
    </div>
  );
}
