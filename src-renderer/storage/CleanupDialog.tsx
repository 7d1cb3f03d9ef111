/**
 * Cleaning up old versions: those written more than N days ago go, with the files only they hold.
 * Tagged versions and the versions open tabs have checked out stay, and so does every version
 * after them (the engine moves the cutoff back; the result says why). LanceDB prunes only inside
 * its optimize, so the same act merges small fragments and updates indexes; the dialog says so.
 */
import { useMemo, useState } from 'react';
import type { VersionBytes, VersionInfo } from '../../src-shared/catalog-api';
import type { TableRef } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { tableInput } from '../api/table-input';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { useToasts } from '../common/toasts';
import { tableKey } from '../state/deep-link';
import { useWorkspace } from '../state/workspace';
import { formatBytes } from '../../src-shared/format';

const DAY_MS = 86_400_000;

export function CleanupDialog({
  tableRef,
  versions,
  held,
  onClose,
}: {
  tableRef: TableRef;
  versions: readonly VersionInfo[];
  /** The bytes only old versions hold, when known. */
  held?: VersionBytes | undefined;
  onClose: () => void;
}) {
  const ws = useWorkspace();
  const call = useCall();
  const toasts = useToasts();
  const [days, setDays] = useState('7');
  const valid = /^\d{1,5}$/.test(days);
  // Read once: the cutoff must not move while the user reads the dialog.
  const [now] = useState(() => Date.now());
  const cutoff = now - Number(days) * DAY_MS;
  const latest = Math.max(...versions.map((v) => v.version));
  // The latest never goes, however old it is.
  const older = valid
    ? versions.filter((v) => v.timestampMillis < cutoff && v.version !== latest).length
    : 0;
  const checkedOut = useMemo(
    () =>
      ws.tabs
        .filter((t) => tableKey(t.ref) === tableKey(tableRef) && t.at?.version !== undefined)
        .filter((t) => (t.at?.branch ?? undefined) === tableRef.at?.branch)
        .map((t) => t.at!.version!),
    [ws.tabs, tableRef],
  );
  return (
    <ConfirmDialog
      title={`Clean up ${tableRef.table}`}
      consequence={
        <>
          <p>
            Versions written more than{' '}
            <input
              aria-label="Days"
              className="days-input"
              inputMode="numeric"
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />{' '}
            days ago are removed with the files only they hold: {older} of {versions.length}{' '}
            versions. Tagged versions
            {checkedOut.length > 0
              ? ` and the checked-out version ${checkedOut.join(', ')}`
              : ''}{' '}
            stay, with every version after them. The latest never goes.
          </p>
          {held && (
            <p data-testid="cleanup-frees">
              {held.onlyOld > 0
                ? `Old versions hold ${formatBytes(held.onlyOld)} that no tag keeps: removing every one of them would free that much.`
                : 'No untagged old version holds a file the latest does not read: cleanup would free nothing.'}
            </p>
          )}
          <p className="muted">
            LanceDB removes versions only as part of its optimize, so this also merges small
            fragments and brings indexes up to date. Only when there is something to merge or to
            index does that write a new version; removing old versions writes none. A writer
            committing at the same time is not affected: Lance keeps what it reads.
          </p>
        </>
      }
      confirmLabel="Clean up"
      disabled={!valid}
      onConfirm={async () => {
        await call('tables:cleanup', {
          ...tableInput(tableRef),
          olderThanMillis: cutoff,
          ...(checkedOut.length > 0 ? { keepVersions: checkedOut } : {}),
        });
        toasts.push('info', `Cleanup of ${tableRef.table} started: its progress is in Storage`);
      }}
      onClose={onClose}
    />
  );
}
