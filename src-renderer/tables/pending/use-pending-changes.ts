/** The grid's view of a table's pending changes, kept in pending-store.ts outside React. */
import { useCallback, useSyncExternalStore } from 'react';
import type { TableRef } from '../../api/query-keys';
import type { PendingChanges } from './pending-changes';
import { pendingAt, pendingKey, subscribePending, updatePendingAt } from './pending-store';

export function usePendingChanges(
  ref: TableRef,
): [PendingChanges, (change: (current: PendingChanges) => PendingChanges) => void] {
  const key = pendingKey(ref);
  const changes = useSyncExternalStore(subscribePending, () => pendingAt(key));
  const update = useCallback(
    (change: (current: PendingChanges) => PendingChanges) => updatePendingAt(key, change),
    [key],
  );
  return [changes, update];
}
