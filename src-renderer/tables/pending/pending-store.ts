/**
 * Each table's pending changes, kept while its tab is open: outside React's tree, so that moving
 * to the Schema tab and back (which unmounts the grid) keeps them, and the tab bar can ask before
 * closing a table that has some. Keyed by the table and the branch shown.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { TableRef } from '../../api/query-keys';
import { tableKey } from '../../state/deep-link';
import { NO_CHANGES, pendingCount, type PendingChanges } from './pending-changes';

const store = new Map<string, PendingChanges>();
const listeners = new Set<() => void>();

const keyOf = (ref: TableRef) => `${tableKey(ref)}@${ref.at?.branch ?? ''}`;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function set(key: string, changes: PendingChanges) {
  if (pendingCount(changes) === 0) store.delete(key);
  else store.set(key, changes);
  for (const listener of listeners) listener();
}

export function usePendingChanges(
  ref: TableRef,
): [PendingChanges, (change: (current: PendingChanges) => PendingChanges) => void] {
  const key = keyOf(ref);
  const changes = useSyncExternalStore(subscribe, () => store.get(key) ?? NO_CHANGES);
  const update = useCallback(
    (change: (current: PendingChanges) => PendingChanges) =>
      set(key, change(store.get(key) ?? NO_CHANGES)),
    [key],
  );
  return [changes, update];
}

/** How many changes wait in a table (any branch of it), by its tab's key (`tableKey`). */
export function pendingInTable(key: string): number {
  let n = 0;
  for (const [k, changes] of store) if (k.startsWith(`${key}@`)) n += pendingCount(changes);
  return n;
}

/**
 * Whether the table's tab may close: yes when nothing waits, else when the person agrees to lose
 * what does (which then goes).
 */
export function confirmLeavingTable(key: string, name: string): boolean {
  const n = pendingInTable(key);
  if (n === 0) return true;
  const leave = window.confirm(
    `${name} has ${n} pending change${n === 1 ? '' : 's'} that were not committed. Close it and discard them?`,
  );
  if (leave) forgetTable(key);
  return leave;
}

/** A dropped table's pending changes go with it: a new table of the same name starts clean. */
export function forgetTable(key: string): void {
  for (const k of [...store.keys()]) if (k.startsWith(`${key}@`)) store.delete(k);
  for (const listener of listeners) listener();
}

/** Anything pending in any table: the window asks before it is closed or reloaded. */
export function anyPending(): boolean {
  return store.size > 0;
}
