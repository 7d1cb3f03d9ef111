/**
 * Every react-query key, from one factory. Keys are scoped by connection, so closing or changing
 * a connection invalidates exactly its own entries, and nested under the table they read, so a
 * change to a table invalidates all of its views with one prefix.
 */
import type { TableAt } from '../../src-shared/studio-schemas';

export type NamespacePath = readonly string[];

/** A namespace of one connection, where a table is created or listed. */
export interface NamespaceRef {
  connectionId: string;
  path: NamespacePath;
}

export interface TableRef {
  connectionId: string;
  path: NamespacePath;
  table: string;
  /**
   * A checked-out version or a branch the view reads. Not part of the table's identity (its tab,
   * its deep link): a key built from a ref with `at` lies under the plain table's key, so a change
   * to the table invalidates every view of it.
   */
  at?: TableAt;
}

function atKey(at: TableAt | undefined): string[] {
  if (!at || (at.version === undefined && at.branch === undefined)) return [];
  return [`@${at.branch ?? ''}#${at.version ?? ''}`];
}

export const queryKeys = {
  connections: () => ['connections'] as const,
  storeStatus: (connectionId: string) => ['store-status', connectionId] as const,
  recent: () => ['recent-connections'] as const,
  jobs: () => ['jobs'] as const,
  folder: (path: string | undefined) => ['folder', path ?? ''] as const,
  importPreview: (path: string, format: string | undefined) =>
    ['import-preview', path, format ?? ''] as const,

  connection: (connectionId: string) => ['c', connectionId] as const,
  /** Everything under a namespace: its children, tables, and their views. */
  namespace: (connectionId: string, path: NamespacePath) =>
    ['c', connectionId, 'ns', ...path.map((p) => `/${p}`)] as const,
  namespaces: (connectionId: string, path: NamespacePath) =>
    [...queryKeys.namespace(connectionId, path), 'namespaces'] as const,
  namespaceProperties: (connectionId: string, path: NamespacePath) =>
    [...queryKeys.namespace(connectionId, path), 'properties'] as const,
  tables: (connectionId: string, path: NamespacePath) =>
    [...queryKeys.namespace(connectionId, path), 'tables'] as const,
  /** A namespace page's list of what is inside, with numbers. */
  namespaceChildren: (connectionId: string, path: NamespacePath) =>
    [...queryKeys.namespace(connectionId, path), 'children'] as const,
  search: (connectionId: string, query: string) =>
    [...queryKeys.connection(connectionId), 'search', query] as const,

  table: (ref: TableRef) =>
    [
      ...queryKeys.namespace(ref.connectionId, ref.path),
      'table',
      ref.table,
      ...atKey(ref.at),
    ] as const,
  describe: (ref: TableRef) => [...queryKeys.table(ref), 'describe'] as const,
  indexes: (ref: TableRef) => [...queryKeys.table(ref), 'indexes'] as const,
  indexStats: (ref: TableRef, name: string) =>
    [...queryKeys.table(ref), 'index-stats', name] as const,
  versions: (ref: TableRef) => [...queryKeys.table(ref), 'versions'] as const,
  tags: (ref: TableRef) => [...queryKeys.table(ref), 'tags'] as const,
  /** A table's branches, whatever view asks: under the plain table's key. */
  branches: (ref: TableRef) =>
    [...queryKeys.namespace(ref.connectionId, ref.path), 'table', ref.table, 'branches'] as const,
  transactions: (ref: TableRef, versions: readonly number[]) =>
    [...queryKeys.table(ref), 'transactions', versions.join(',')] as const,
  count: (ref: TableRef, filter: string) => [...queryKeys.table(ref), 'count', filter] as const,
  distinct: (ref: TableRef, column: string) =>
    [...queryKeys.table(ref), 'distinct', column] as const,
  searchHistory: (ref: TableRef) => [...queryKeys.table(ref), 'search-history'] as const,
  page: (
    ref: TableRef,
    view: {
      offset: number;
      limit: number;
      columns?: readonly string[];
      filter?: string;
      sort?: { column: string; ascending: boolean };
    },
  ) => [...queryKeys.table(ref), 'page', view] as const,
};
