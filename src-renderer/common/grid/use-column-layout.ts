/**
 * A table's column layout (order, widths, hidden) as state that is saved as it changes and read
 * back for the same table in a later session (column-prefs.ts says under what name).
 */
import { useCallback, useMemo, useState } from 'react';
import { useConnections } from '../../api/catalog-queries';
import type { TableRef } from '../../api/query-keys';
import {
  applyPrefs,
  clampWidth,
  moveColumn,
  prefsKey,
  prefsOf,
  readPrefs,
  writePrefs,
  type AppliedLayout,
  type ColumnPrefs,
  type PrefsStorage,
} from './column-prefs';

const storage: PrefsStorage | undefined =
  typeof localStorage === 'undefined' ? undefined : localStorage;

export interface ColumnLayout extends AppliedLayout {
  /** Whether anything differs from the table's default layout (Reset has something to do). */
  customized: boolean;
  setHidden: (hidden: ReadonlySet<string>) => void;
  resize: (name: string, width: number) => void;
  /** Moves `name` to where `target` is. */
  move: (name: string, target: string) => void;
  reset: () => void;
}

/**
 * The layout of the table's columns `names`. Until the connection list has loaded, the table's
 * catalog is unknown: the default layout shows, and changes then are kept for the session only.
 */
export function useColumnLayout(tableRef: TableRef, names: readonly string[]): ColumnLayout {
  const connection = useConnections().data?.find((c) => c.id === tableRef.connectionId);
  const key = connection ? prefsKey(connection, tableRef.path, tableRef.table) : undefined;

  const [stored, setStored] = useState(() => ({
    key,
    prefs: key ? readPrefs(storage, key) : undefined,
  }));
  // Another table (or its catalog now known): its own saved layout, read during render so the
  // first page is already fetched with the right columns.
  let prefs: ColumnPrefs | undefined = stored.prefs;
  if (stored.key !== key) {
    prefs = key ? readPrefs(storage, key) : undefined;
    setStored({ key, prefs });
  }
  const fresh = useMemo(() => applyPrefs(names, prefs), [names, prefs]);
  // The same set while its members are the same: the grid's view is built on it, and a resize
  // or a move must not remake the view (which would clear the selection and read pages again).
  const hiddenKey = JSON.stringify([...fresh.hidden]);
  const hidden = useMemo(() => fresh.hidden, [hiddenKey]); // keyed by its members, on purpose
  const applied = useMemo(() => ({ ...fresh, hidden }), [fresh, hidden]);

  const save = useCallback(
    (next: ColumnPrefs | undefined) => {
      setStored({ key, prefs: next });
      if (key) writePrefs(storage, key, next);
    },
    [key],
  );
  const setHidden = useCallback(
    (hidden: ReadonlySet<string>) => save(prefsOf({ ...applied, hidden })),
    [applied, save],
  );
  const resize = useCallback(
    (name: string, width: number) =>
      save(prefsOf({ ...applied, widths: new Map(applied.widths).set(name, clampWidth(width)) })),
    [applied, save],
  );
  const move = useCallback(
    (name: string, target: string) =>
      save(prefsOf({ ...applied, order: moveColumn(applied.order, name, target) })),
    [applied, save],
  );
  const reset = useCallback(() => save(undefined), [save]);

  return useMemo(
    () => ({
      ...applied,
      customized: prefs !== undefined,
      setHidden,
      resize,
      move,
      reset,
    }),
    [applied, prefs, setHidden, resize, move, reset],
  );
}
