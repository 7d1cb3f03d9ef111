/**
 * A table's life, version by version: a timeline (newest first) with what each commit did, rows
 * and bytes, the change in rows and the tags; rows and size over versions as charts; a diff of any
 * two versions; checkout (every tab then shows that version, read-only); restore behind a
 * confirmation that says what changes; tags; and the table's branches.
 *
 * The timeline shows 200 versions at a time: the versions' list is one call, and what each commit
 * did is read for the shown versions only, so a table with thousands of versions paints at once.
 */
import {
  keepPreviousData,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { MAX_TRANSACTIONS_PER_CALL, type TransactionInfo } from '../../src-shared/catalog-api';
import type { TableAt } from '../../src-shared/studio-schemas';
import { queryKeys, type TableRef } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { tableInput } from '../api/table-input';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { ErrorMessage } from '../common/ErrorMessage';
import { TableHead } from '../common/TableHead';
import { BranchesSection } from './BranchesSection';
import { TagChip, TagForm } from './tags';
import { VersionDiffPanel } from './VersionDiffPanel';
import { VersionsChart } from './VersionsChart';
import { timelineOf, type TimelineEntry } from './version-timeline';
import './versions.css';
import { formatBytes, formatDateTime, formatNumber } from '../../src-shared/format';

/** Versions the first paint shows: a screenful, read before the rest. */
const FIRST_PAINT_VERSIONS = 50;

export function VersionsTab({
  tableRef,
  at,
  onAt,
  writable,
}: {
  /** The table itself, without a view. */
  tableRef: TableRef;
  at: TableAt | undefined;
  onAt: (at: TableAt | undefined) => void;
  writable: boolean;
}) {
  const call = useCall();
  const client = useQueryClient();
  const branch = at?.branch;
  // The timeline is of the branch in view, whatever version is checked out.
  const branchRef: TableRef = branch ? { ...tableRef, at: { branch } } : tableRef;
  const input = tableInput(branchRef);
  // The newest window first, for the first paint; the whole list (the chart, the count, older
  // windows) follows. A long history's full list takes the engine a manifest read per version.
  const newest = useQuery({
    queryKey: [...queryKeys.versions(branchRef), 'newest'],
    queryFn: () => call('tables:versions', { ...input, newest: FIRST_PAINT_VERSIONS }),
    // Only until the whole list is in: after a commit both would be read again.
    enabled: client.getQueryData(queryKeys.versions(branchRef)) === undefined,
  });
  const all = useQuery({
    queryKey: queryKeys.versions(branchRef),
    queryFn: () => call('tables:versions', input),
    // After the window: read at once, the two would share the host's one thread.
    // (isLoading, not isPending: a window not wanted, the list being known, is pending forever.)
    enabled: !newest.isLoading,
  });
  const list = all.data ?? newest.data;
  const tags = useQuery({
    queryKey: queryKeys.tags(tableRef),
    queryFn: () => call('tags:list', tableInput(tableRef)),
    enabled: branch === undefined,
  });
  const [pages, setPages] = useState(1);
  const [restoring, setRestoring] = useState<number>();
  const [tagging, setTagging] = useState<{ version: number; moving?: string }>();
  const [branchFrom, setBranchFrom] = useState<number>();
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.table(tableRef) });
  const deleteTag = useMutation({
    mutationFn: (tag: string) => call('tags:delete', { ...tableInput(tableRef), tag }),
    onSettled: refresh,
  });

  const newestFirst = useMemo(
    () => [...(list ?? [])].map((v) => v.version).sort((a, b) => b - a),
    [list],
  );
  const windows = useMemo(() => {
    const out: number[][] = [];
    for (let p = 0; p < pages; p++) {
      const slice = newestFirst.slice(
        p * MAX_TRANSACTIONS_PER_CALL,
        (p + 1) * MAX_TRANSACTIONS_PER_CALL,
      );
      if (slice.length > 0) out.push(slice);
    }
    return out;
  }, [newestFirst, pages]);
  const transactions = useQueries({
    queries: windows.map((window) => ({
      queryKey: queryKeys.transactions(branchRef, window),
      queryFn: () => call('tables:transactions', { ...input, versions: window }),
      staleTime: Infinity,
      // The first window grows from the first paint's versions to a full one: what was read
      // stays shown meanwhile.
      placeholderData: keepPreviousData,
    })),
  });
  // useQueries answers a new array each render; the map is rebuilt only when some data changed.
  const stamp = transactions.map((t) => t.dataUpdatedAt).join(',');
  const known = useMemo(() => {
    const map = new Map<number, TransactionInfo>();
    for (const t of transactions) for (const info of t.data ?? []) map.set(info.version, info);
    return map;
  }, [stamp]);
  const entries = useMemo(() => timelineOf(list ?? [], known), [list, known]);

  if (!list && (all.isPending || newest.isPending)) return <p className="muted">Loading…</p>;
  if (!list) return <ErrorMessage error={all.error ?? newest.error} />;
  const partial = !all.data;
  const latest = newestFirst[0];
  const shown = entries.slice(0, pages * MAX_TRANSACTIONS_PER_CALL);
  const tagsOn = (version: number) => (tags.data ?? []).filter((t) => t.version === version);
  const transactionError = transactions.find((t) => t.error)?.error ?? (partial ? all.error : null);
  return (
    <div className="versions-tab">
      <p className="muted" aria-label="Version summary">
        {partial && entries.length >= FIRST_PAINT_VERSIONS
          ? `The newest ${formatNumber(entries.length)} versions (reading the rest…)`
          : `${formatNumber(entries.length)} version${entries.length === 1 ? '' : 's'}`}
        {branch ? ` on branch ${branch}` : ''}
        {branch === undefined &&
          ` · ${(tags.data ?? []).length} tag${(tags.data ?? []).length === 1 ? '' : 's'}`}
      </p>
      <VersionsChart entries={entries} checkedOut={at?.version} />
      <VersionDiffPanel
        key={branch ?? ''}
        tableRef={branchRef}
        versions={newestFirst}
        entries={entries}
      />
      <ErrorMessage error={tags.error ?? deleteTag.error ?? transactionError} />
      <table className="data-table" aria-label="Version timeline">
        <TableHead columns={['Version', 'Written', 'Operation', 'Rows', 'Size', 'Tags']} actions />
        <tbody>
          {shown.map((e) => (
            <TimelineRow
              key={e.version}
              entry={e}
              latest={e.version === latest}
              checkedOut={at?.version === e.version}
              writable={writable}
              tags={tagsOn(e.version).map((t) => (
                <TagChip
                  key={t.name}
                  tag={t}
                  writable={writable}
                  onMove={() => setTagging({ version: t.version, moving: t.name })}
                  onDelete={() => deleteTag.mutate(t.name)}
                />
              ))}
              onCheckout={() =>
                onAt(
                  e.version === latest
                    ? branch
                      ? { branch }
                      : undefined
                    : { ...at, version: e.version },
                )
              }
              onTag={branch === undefined ? () => setTagging({ version: e.version }) : undefined}
              onRestore={() => setRestoring(e.version)}
              onBranch={() => setBranchFrom(e.version)}
            />
          ))}
        </tbody>
      </table>
      {entries.length > shown.length && (
        <button type="button" onClick={() => setPages((p) => p + 1)}>
          Show {formatNumber(Math.min(MAX_TRANSACTIONS_PER_CALL, entries.length - shown.length))}{' '}
          older versions
        </button>
      )}
      {tagging && (
        <TagForm
          tableRef={tableRef}
          version={tagging.version}
          moving={tagging.moving}
          versions={newestFirst}
          onDone={() => {
            setTagging(undefined);
            void refresh();
          }}
        />
      )}
      <BranchesSection
        key={branch ?? ''}
        tableRef={tableRef}
        at={at}
        writable={writable}
        versions={newestFirst}
        branchFrom={branchFrom}
        onBranchFromDone={() => setBranchFrom(undefined)}
        onSwitch={(name) => onAt(name ? { branch: name } : undefined)}
      />
      {restoring !== undefined && latest !== undefined && (
        <RestoreDialog
          entries={entries}
          restoring={restoring}
          latest={latest}
          branch={branch}
          onConfirm={async () => {
            await call('tables:restore', { ...input, version: restoring, expectLatest: latest });
            onAt(branch ? { branch } : undefined);
            await refresh();
          }}
          onClose={() => setRestoring(undefined)}
        />
      )}
    </div>
  );
}

function TimelineRow({
  entry: e,
  latest,
  checkedOut,
  writable,
  tags,
  onCheckout,
  onTag,
  onRestore,
  onBranch,
}: {
  entry: TimelineEntry;
  latest: boolean;
  checkedOut: boolean;
  writable: boolean;
  tags: React.ReactNode;
  onCheckout: () => void;
  onTag: (() => void) | undefined;
  onRestore: () => void;
  onBranch: () => void;
}) {
  return (
    <tr aria-label={`Version ${e.version}`} className={checkedOut ? 'version-checked-out' : ''}>
      <td className="mono">
        {e.version}
        {latest && <span className="version-latest"> latest</span>}
        {checkedOut && <span className="version-latest"> checked out</span>}
      </td>
      <td>{formatDateTime(e.timestampMillis)}</td>
      <td>
        {e.operation ?? <span className="muted">…</span>}
        {e.detail && <span className="muted"> {e.detail}</span>}
        {e.schemaChange && <span className="schema-change-chip">schema</span>}
      </td>
      <td className="num">
        {e.rows !== undefined ? formatNumber(e.rows) : '—'}
        {e.rowsDelta !== undefined && e.rowsDelta !== 0 && (
          <span className={e.rowsDelta > 0 ? 'diff-added' : 'diff-removed'}>
            {' '}
            ({e.rowsDelta > 0 ? '+' : '−'}
            {formatNumber(Math.abs(e.rowsDelta))})
          </span>
        )}
      </td>
      <td className="num">{e.bytes !== undefined ? formatBytes(e.bytes) : '—'}</td>
      <td>{tags}</td>
      <td>
        <div className="row">
          {!checkedOut && !latest && (
            <button
              type="button"
              aria-label={`Check out version ${e.version}`}
              onClick={onCheckout}
            >
              Check out
            </button>
          )}
          {writable && onTag && (
            <button type="button" aria-label={`Tag version ${e.version}`} onClick={onTag}>
              Tag…
            </button>
          )}
          {writable && !latest && (
            <button type="button" aria-label={`Restore version ${e.version}`} onClick={onRestore}>
              Restore…
            </button>
          )}
          {writable && (
            <button
              type="button"
              aria-label={`Branch from version ${e.version}`}
              onClick={onBranch}
            >
              Branch…
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

function RestoreDialog({
  entries,
  restoring,
  latest,
  branch,
  onConfirm,
  onClose,
}: {
  entries: readonly TimelineEntry[];
  restoring: number;
  latest: number;
  branch: string | undefined;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const now = entries.find((e) => e.version === latest);
  const then = entries.find((e) => e.version === restoring);
  const rows =
    now?.rows !== undefined && then?.rows !== undefined
      ? ` Rows go from ${formatNumber(now.rows)} to ${formatNumber(then.rows)}.`
      : '';
  return (
    <ConfirmDialog
      title={`Restore version ${restoring}`}
      consequence={
        <p>
          {branch ? `Branch ${branch}` : 'The table'} becomes what it was at version {restoring}, as
          a new version {latest + 1}.{rows} Versions {restoring + 1} to {latest} stay and can be
          restored in turn; nothing is deleted. If another writer has committed since this list was
          read, nothing is restored and you are told.
        </p>
      }
      confirmLabel={`Restore version ${restoring}`}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
