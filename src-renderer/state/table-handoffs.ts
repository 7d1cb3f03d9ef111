/**
 * What one table's tabs hand each other without importing each other (feature folders never
 * do): a filter for the Data tab (the map's lasso), and the Search tab's last search, which the
 * map marks. Kept per table until taken (a filter) or replaced (a search), so each arrives whether
 * or not the receiving tab is mounted; search-seed.ts does the same for "Find similar".
 */
import { useSyncExternalStore } from 'react';
import type { TableRef } from '../api/query-keys';
import { tableKey } from './deep-link';
import type { LastSearch } from './last-search';

export type { LastSearch } from './last-search';

const filters = new Map<string, { predicate: string; serial: number }>();
const searches = new Map<string, LastSearch>();
const listeners = new Set<() => void>();
let serial = 0;
const changed = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function handFilter(ref: TableRef, predicate: string): void {
  filters.set(tableKey(ref), { predicate, serial: ++serial });
  changed();
}

export function useHandedFilter(ref: TableRef) {
  const key = tableKey(ref);
  return useSyncExternalStore(subscribe, () => filters.get(key));
}

export function takeFilter(ref: TableRef): void {
  filters.delete(tableKey(ref));
}

export function publishSearch(ref: TableRef, search: LastSearch): void {
  searches.set(tableKey(ref), search);
  changed();
}

export function useLastSearch(ref: TableRef): LastSearch | undefined {
  const key = tableKey(ref);
  return useSyncExternalStore(subscribe, () => searches.get(key));
}
