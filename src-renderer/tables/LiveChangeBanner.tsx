/**
 * Another writer's commit, seen within a second or two: the open table's newest version is polled
 * (one cheap call a second, while the tab is shown), and when it passes the version the tabs show,
 * a banner says so with a Reload. Nothing reloads by itself: the grid keeps its rows and scroll
 * position until the user asks, and then keeps its scroll position.
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
    queryKey: [...queryKeys.table(tableRef), 'head'],
    queryFn: () => call('tables:head', tableInput(tableRef)),
    refetchInterval: LIVE_POLL_MS,
    enabled: shownVersion !== undefined,
  });
  const latest = head.data?.version;
  if (latest === undefined || shownVersion === undefined || latest <= shownVersion) return null;
  const behind = latest - shownVersion;
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
