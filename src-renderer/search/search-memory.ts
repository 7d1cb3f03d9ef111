/**
 * What the Search tab keeps while it is not shown: its form, its last result and plan, and where
 * its query vector came from, per table, for as long as the page lives. The table view mounts
 * only the tab in view, so without this, leaving Search and coming back emptied the form and the
 * results (and Show code then said "Fill in the form first").
 */
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import type { TableRef } from '../api/query-keys';
import { tableKey } from '../state/deep-link';

const kept = new Map<string, unknown>();

/** `useState` whose value outlives the component, under the table and a name. */
export function useKept<T>(
  ref: TableRef,
  name: string,
  initial: T,
): [T, Dispatch<SetStateAction<T>>] {
  const key = `${tableKey(ref)}\u0000${name}`;
  const [value, setValue] = useState<T>(() => (kept.has(key) ? (kept.get(key) as T) : initial));
  useEffect(() => {
    kept.set(key, value);
  }, [key, value]);
  return [value, setValue];
}
