/**
 * Every view's address, in the URL hash, each part percent-encoded so any name (dots, slashes,
 * unicode) survives:
 *
 * - `#/` the start screen
 * - `#/c/<connection>` a connection's root (its namespace page at the top)
 * - `#/n/<connection>/<namespace>/…` a namespace's page
 * - `#/t/<connection>/<namespace>/…/<table>/<tab>` a table and its tab
 * - `#/q/<connection>`, `…/n/<namespace>/…` or `…/t/<namespace>/…/<table>` the query console,
 *   opened from a connection, a namespace or a table (which names its first query)
 * - `#/j/<job>` a job
 *
 * The workspace pushes one history entry per view, so Back and Forward move between views and a
 * reload shows the same one.
 */
import type { NamespacePath, TableRef } from '../api/query-keys';

export const TABLE_TABS = [
  'overview',
  'schema',
  'data',
  'search',
  'map',
  'indexes',
  'versions',
  'storage',
] as const;
export type TableTab = (typeof TABLE_TABS)[number];

export interface TableLink {
  ref: TableRef;
  tab: TableTab;
}

/** Where the console was opened from: its first query reads that table, or the namespace's first. */
export interface ConsoleFrom {
  path: NamespacePath;
  table?: string;
}

export type Route =
  | { view: 'start' }
  /** A namespace's page; the empty path is the connection's root. */
  | { view: 'namespace'; connectionId: string; path: NamespacePath }
  | { view: 'table'; ref: TableRef; tab: TableTab }
  | { view: 'console'; connectionId: string; from?: ConsoleFrom }
  | { view: 'job'; jobId: string }
  /** A remote catalog's keys and audit trail. */
  | { view: 'access'; connectionId: string };

const encode = (parts: readonly string[]) => parts.map(encodeURIComponent).join('/');

export function routeHash(route: Route): string {
  switch (route.view) {
    case 'start':
      return '#/';
    case 'namespace':
      return route.path.length === 0
        ? `#/c/${encode([route.connectionId])}`
        : `#/n/${encode([route.connectionId, ...route.path])}`;
    case 'table':
      return tableHash(route.ref, route.tab);
    case 'console': {
      const { from } = route;
      const rest = !from
        ? []
        : from.table === undefined
          ? ['n', ...from.path]
          : ['t', ...from.path, from.table];
      return `#/q/${encode([route.connectionId, ...rest])}`;
    }
    case 'job':
      return `#/j/${encode([route.jobId])}`;
    case 'access':
      return `#/a/${encode([route.connectionId])}`;
  }
}

/**
 * The window's title for a view, which is also what the browser's history list shows for its
 * entry: the table, namespace or page first, then the app's name.
 */
export function routeTitle(route: Route): string {
  const app = 'Catalog Studio';
  switch (route.view) {
    case 'start':
      return app;
    case 'namespace':
      return route.path.length ? `${route.path.join(' / ')} · ${app}` : app;
    case 'table':
      return `${route.ref.table} (${route.tab}) · ${app}`;
    case 'console':
      return `Query console${route.from?.table ? ` on ${route.from.table}` : ''} · ${app}`;
    case 'job':
      return `Job · ${app}`;
    case 'access':
      return `Keys and audit · ${app}`;
  }
}

/** The view an address names, or undefined for an address of no view (then nothing moves). */
export function parseRoute(hash: string): Route | undefined {
  if (hash === '' || hash === '#' || hash === '#/') return { view: 'start' };
  const match = /^#\/([cnqtja])\/(.*)$/.exec(hash);
  if (!match) return undefined;
  let parts: string[];
  try {
    parts = match[2]!.split('/').map(decodeURIComponent);
  } catch {
    return undefined;
  }
  const [first, ...rest] = parts;
  if (!first) return undefined;
  switch (match[1]) {
    case 'c':
      return rest.length === 0 ? { view: 'namespace', connectionId: first, path: [] } : undefined;
    case 'n':
      return rest.length > 0 ? { view: 'namespace', connectionId: first, path: rest } : undefined;
    case 't': {
      const link = parseTableHash(hash);
      return link && { view: 'table', ...link };
    }
    case 'j':
      return rest.length === 0 ? { view: 'job', jobId: first } : undefined;
    case 'a':
      return rest.length === 0 ? { view: 'access', connectionId: first } : undefined;
    default:
      return parseConsole(first, rest);
  }
}

function parseConsole(connectionId: string, rest: string[]): Route | undefined {
  const [kind, ...names] = rest;
  if (kind === undefined) return { view: 'console', connectionId };
  if (kind === 'n') return { view: 'console', connectionId, from: { path: names } };
  const table = names.pop();
  if (kind === 't' && table) return { view: 'console', connectionId, from: { path: names, table } };
  return undefined;
}

export function tableHash(ref: TableRef, tab: TableTab): string {
  return `#/t/${encode([ref.connectionId, ...ref.path, ref.table])}/${tab}`;
}

export function parseTableHash(hash: string): TableLink | undefined {
  if (!hash.startsWith('#/t/')) return undefined;
  let parts: string[];
  try {
    parts = hash.slice(4).split('/').map(decodeURIComponent);
  } catch {
    return undefined;
  }
  if (parts.length < 3) return undefined;
  const tab = parts.pop() as TableTab;
  if (!TABLE_TABS.includes(tab)) return undefined;
  const [connectionId, ...rest] = parts;
  const table = rest.pop();
  if (!connectionId || !table) return undefined;
  return { ref: { connectionId, path: rest, table }, tab };
}

export function tableKey(ref: TableRef): string {
  return JSON.stringify([ref.connectionId, ...ref.path, ref.table]);
}
