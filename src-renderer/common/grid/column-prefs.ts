/**
 * A table's column layout as the person left it: the order of its columns, the widths they were
 * given and the ones hidden, kept in this window's localStorage (Electron and a browser tab both
 * have it) under the table's catalog, namespace and name. The catalog is named by its kind and
 * target rather than the connection's id, which is new each time a catalog is opened, so the
 * layout outlives the session. Only what was changed is kept: a table never touched has no entry,
 * and "Reset columns" removes it.
 */
import type { GridColumn } from './grid-model';

export const MIN_COLUMN_WIDTH = 60;
export const MAX_COLUMN_WIDTH = 1200;

const KEY_PREFIX = 'catalog-studio.columns.v1:';

/** What is stored for one table. */
export interface ColumnPrefs {
  /** Every column at the time of the change, in the order shown. */
  order: string[];
  /** Widths in CSS pixels, only for columns given one. */
  widths: Record<string, number>;
  hidden: string[];
}

/** The layout for the columns a table has now: saved choices laid over its schema. */
export interface AppliedLayout {
  order: string[];
  hidden: ReadonlySet<string>;
  widths: ReadonlyMap<string, number>;
}

export type PrefsStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface CatalogIdentity {
  kind: string;
  target: string;
}

export function prefsKey(catalog: CatalogIdentity, path: readonly string[], table: string): string {
  // JSON keeps the parts apart whatever characters the names hold.
  return KEY_PREFIX + JSON.stringify([catalog.kind, catalog.target, path, table]);
}

export function clampWidth(width: number): number {
  return Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width)));
}

const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((s) => typeof s === 'string');

/** The stored prefs, or undefined when there are none, they do not parse, or storage refuses. */
export function readPrefs(storage: PrefsStorage | undefined, key: string): ColumnPrefs | undefined {
  let raw: string | null | undefined;
  try {
    raw = storage?.getItem(key);
  } catch {
    // Storage refused (a locked-down profile): the default layout.
    return undefined;
  }
  if (!raw) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { order, widths, hidden } = parsed as Record<string, unknown>;
  const keptWidths: Record<string, number> = {};
  if (typeof widths === 'object' && widths !== null) {
    for (const [name, width] of Object.entries(widths)) {
      if (typeof width === 'number' && Number.isFinite(width)) keptWidths[name] = width;
    }
  }
  return {
    order: isStringArray(order) ? order : [],
    widths: keptWidths,
    hidden: isStringArray(hidden) ? hidden : [],
  };
}

export function writePrefs(
  storage: PrefsStorage | undefined,
  key: string,
  prefs: ColumnPrefs | undefined,
): void {
  try {
    if (prefs) storage?.setItem(key, JSON.stringify(prefs));
    else storage?.removeItem(key);
  } catch {
    // Not kept (storage full or refused): the layout holds for this session only.
  }
}

/**
 * Saved prefs laid over the columns the table has now: a column that is gone is dropped, a new
 * one comes at the end in schema order, and if every column left would be hidden, all show (a
 * page with no columns has no rows to show).
 */
export function applyPrefs(
  names: readonly string[],
  prefs: ColumnPrefs | undefined,
): AppliedLayout {
  if (!prefs) return { order: [...names], hidden: new Set(), widths: new Map() };
  const present = new Set(names);
  const saved = prefs.order.filter((n, i) => present.has(n) && prefs.order.indexOf(n) === i);
  const placed = new Set(saved);
  const order = [...saved, ...names.filter((n) => !placed.has(n))];
  const hidden = new Set(prefs.hidden.filter((n) => present.has(n)));
  const widths = new Map(
    Object.entries(prefs.widths)
      .filter(([n]) => present.has(n))
      .map(([n, w]) => [n, clampWidth(w)] as const),
  );
  return { order, hidden: hidden.size >= order.length ? new Set() : hidden, widths };
}

/** The prefs that keep a layout. */
export function prefsOf(layout: AppliedLayout): ColumnPrefs {
  return {
    order: [...layout.order],
    widths: Object.fromEntries(layout.widths),
    hidden: layout.order.filter((n) => layout.hidden.has(n)),
  };
}

/**
 * `order` with `name` taken out and put where `target` was: after it when moving right, before
 * it when moving left (as a dragged header lands on the one it is dropped on).
 */
export function moveColumn(order: readonly string[], name: string, target: string): string[] {
  const from = order.indexOf(name);
  const to = order.indexOf(target);
  if (from === -1 || to === -1 || from === to) return [...order];
  const next = order.filter((n) => n !== name);
  next.splice(to, 0, name);
  return next;
}

/** The shown columns in the layout's order, each at its chosen width if it was given one. */
export function arrangeColumns(
  columns: readonly GridColumn[],
  layout: Pick<AppliedLayout, 'order' | 'widths'>,
): GridColumn[] {
  const at = new Map(layout.order.map((n, i) => [n, i]));
  return [...columns]
    .sort((a, b) => (at.get(a.name) ?? at.size) - (at.get(b.name) ?? at.size))
    .map((c) => {
      const width = layout.widths.get(c.name);
      return width === undefined ? c : { ...c, width };
    });
}
