/**
 * A search handed to a table's Search tab from elsewhere ("Find similar" in the row inspector):
 * kept until the tab takes it, so it arrives whether or not the tab was already mounted.
 */
import { useSyncExternalStore } from 'react';
import type { TableRef } from '../api/query-keys';
import { tableKey } from './deep-link';

/**
 * The fields a handed-over search sets (a vector search by one column); the Search tab starts the
 * rest of its form from its defaults. Here rather than the Search tab's form type, so the row
 * inspector (a shared widget) can hand one over without importing the search feature.
 */
export interface SearchSeedForm {
  vectorColumn: string;
  /** The query vector as JSON. */
  vectorText: string;
}

const seeds = new Map<string, { form: SearchSeedForm; run: boolean; serial: number }>();
const listeners = new Set<() => void>();
let serial = 0;

export function seedSearch(ref: TableRef, form: SearchSeedForm, run = true): void {
  seeds.set(tableKey(ref), { form, run, serial: ++serial });
  for (const listener of listeners) listener();
}

export function useSearchSeed(ref: TableRef) {
  const key = tableKey(ref);
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => seeds.get(key),
  );
}

export function takeSeed(ref: TableRef): void {
  seeds.delete(tableKey(ref));
}
