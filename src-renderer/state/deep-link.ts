/**
 * A deep link per table: `#/t/<connection>/<namespace>/…/<table>/<tab>`, each part
 * percent-encoded, so any name (dots, slashes, unicode) survives and a reload reopens the table.
 */
import type { TableRef } from '../api/query-keys';

export const TABLE_TABS = [
  'overview',
  'schema',
  'data',
  'search',
  'indexes',
  'versions',
  'storage',
] as const;
export type TableTab = (typeof TABLE_TABS)[number];

export interface TableLink {
  ref: TableRef;
  tab: TableTab;
}

export function tableHash(ref: TableRef, tab: TableTab): string {
  const parts = [ref.connectionId, ...ref.path, ref.table].map(encodeURIComponent);
  return `#/t/${parts.join('/')}/${tab}`;
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
