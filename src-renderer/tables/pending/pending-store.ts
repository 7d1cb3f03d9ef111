/**
 * Each table's pending changes, kept while its tab is open: outside React's tree, so that moving
 * to the Schema tab and back (which unmounts the grid) keeps them, and the tab bar can ask before
 * closing a table that has some. Keyed by the table and the branch shown. Free of React and the
 * DOM (the grid's hook is use-pending-changes.ts), so that it is tested as it is.
 */
import type { TableRef } from '../../api/query-keys';
import { tableKey } from '../../state/deep-link';
import { onNamespaceDropped } from '../../state/dropped-namespaces';
import { NO_CHANGES, pendingCount, type PendingChanges } from './pending-changes';

const store = new Map<string, PendingChanges>();
const listeners = new Set<() => void>();

/** The store's key of a table and the branch shown. */
export const pendingKey = (ref: TableRef) => `${tableKey(ref)}@${ref.at?.branch ?? ''}`;

export function subscribePending(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function pendingAt(key: string): PendingChanges {
  return store.get(key) ?? NO_CHANGES;
}

function set(key: string, changes: PendingChanges) {
  if (pendingCount(changes) === 0) store.delete(key);
  else store.set(key, changes);
  for (const listener of listeners) listener();
}

/** Changes the pending changes of a table and branch, by their key (`pendingKey`). */
export function updatePendingAt(
  key: string,
  change: (current: PendingChanges) => PendingChanges,
): void {
  set(key, change(pendingAt(key)));
}

/** How many changes wait in a table (any branch of it), by its tab's key (`tableKey`). */
export function pendingInTable(key: string): number {
  let n = 0;
  for (const [k, changes] of store) if (k.startsWith(`${key}@`)) n += pendingCount(changes);
  return n;
}

/** A dropped table's pending changes go with it: a new table of the same name starts clean. */
export function forgetTable(key: string): void {
  forgetKeysFrom(`${key}@`);
}

/** Drops every table's changes whose key starts so, and tells the grids. */
function forgetKeysFrom(prefix: string): void {
  for (const k of [...store.keys()]) if (k.startsWith(prefix)) store.delete(k);
  for (const listener of listeners) listener();
}

/**
 * A dropped namespace's tables, at every depth, lose their pending changes with it: a table made
 * again under the same names starts clean.
 */
export function forgetNamespace(connectionId: string, path: readonly string[]): void {
  // A table's key is the JSON array of its connection, namespaces and name (`tableKey`).
  forgetKeysFrom(`${JSON.stringify([connectionId, ...path]).slice(0, -1)},`);
}
onNamespaceDropped(forgetNamespace);

/** Anything pending in any table: the window asks before it is closed or reloaded. */
export function anyPending(): boolean {
  return store.size > 0;
}
