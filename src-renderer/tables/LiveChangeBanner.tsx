/**
 * Another writer's commit, seen within a second or two: the open table's newest version is polled
 * (one cheap call a second, while the tab is shown), and when versions past the one the tabs show
 * were committed elsewhere, a banner says so with a Reload. The host counts those (`elsewhere`):
 * versions this app committed itself (a compaction, an import, an index build, an edit, through
 * any of its connections) never raise it. Nothing reloads by itself: the grid keeps its rows and
 * scroll position until the user asks, and then keeps its scroll position.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, type TableRef } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { tableInput } from '../api/table-input';

/** How often an open table asks for its newest version. */
export const LIVE_POLL_MS = 1000;

export function LiveChangeBanner({
  tableRef,
  shownVersion,
}: {
  /** The table on the branch in view, not at a checked-out version. */
  tableRef: TableRef;
  shownVersion: number | undefined;
}) {
  const call = useCall();
  const client = useQueryClient();
  const head = useQuery({
    queryKey: [...queryKeys.table(tableRef), 'head', shownVersion],
    queryFn: () => call('tables:head', { ...tableInput(tableRef), since: shownVersion }),
    refetchInterval: LIVE_POLL_MS,
    enabled: shownVersion !== undefined,
  });
  const latest = head.data?.version;
  const behind = head.data?.elsewhere ?? 0;
  if (latest === undefined || shownVersion === undefined || behind === 0) return null;
  return (
    <div className="live-change-banner" role="status" aria-label="Table changed">
      <span>
        {behind === 1 ? 'A new version' : `${behind} new versions`} committed elsewhere: you see
        version {shownVersion}, the latest is {latest}.
      </span>
      <button
        type="button"
        className="primary"
        onClick={() => void client.invalidateQueries({ queryKey: queryKeys.table(tableRef) })}
      >
        Reload
      </button>
    </div>
  );
}
