/**
 * The tree as a flat list of rows, the shape a virtualizer needs: connections, then for each
 * expanded namespace its child namespaces and tables. Children are loaded lazily, so an
 * expanded namespace whose listing has not arrived shows a loading row instead.
 */
import type { Connection } from '../../../src-shared/studio-procedures';
import type { NamespacePath } from '../../api/query-keys';

export type TreeRow =
  | { kind: 'connection'; key: string; depth: 0; connection: Connection; expanded: boolean }
  | {
      kind: 'namespace';
      key: string;
      depth: number;
      connection: Connection;
      path: NamespacePath;
      expanded: boolean;
    }
  | {
      kind: 'table';
      key: string;
      depth: number;
      connection: Connection;
      path: NamespacePath;
      table: string;
    }
  | { kind: 'status'; key: string; depth: number; text: string; error?: unknown };

export interface Listing {
  namespaces?: string[] | undefined;
  tables?: string[] | undefined;
  error?: unknown;
}

export function nodeKey(connectionId: string, path: NamespacePath, table?: string): string {
  return JSON.stringify(table === undefined ? [connectionId, path] : [connectionId, path, table]);
}

export function buildTreeRows(
  connections: readonly Connection[],
  expanded: ReadonlySet<string>,
  listingOf: (connectionId: string, path: NamespacePath) => Listing | undefined,
): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (connection: Connection, path: NamespacePath, depth: number) => {
    const listing = listingOf(connection.id, path);
    const statusKey = `${nodeKey(connection.id, path)}:status`;
    if (listing?.error) {
      rows.push({
        kind: 'status',
        key: statusKey,
        depth,
        text: 'Could not load',
        error: listing.error,
      });
      return;
    }
    if (!listing || listing.namespaces === undefined) {
      rows.push({ kind: 'status', key: statusKey, depth, text: 'Loading…' });
      return;
    }
    if (listing.namespaces.length === 0 && listing.tables?.length === 0) {
      rows.push({ kind: 'status', key: statusKey, depth, text: 'Empty' });
      return;
    }
    // Namespaces paint as soon as they arrive: at a catalog's root, LanceDB lists tables by
    // scanning the folder, which takes far longer than the namespace listing when it is large.
    for (const name of listing.namespaces) {
      const child = [...path, name];
      const key = nodeKey(connection.id, child);
      const isOpen = expanded.has(key);
      rows.push({ kind: 'namespace', key, depth, connection, path: child, expanded: isOpen });
      if (isOpen) walk(connection, child, depth + 1);
    }
    if (listing.tables === undefined) {
      rows.push({ kind: 'status', key: `${statusKey}:tables`, depth, text: 'Loading tables…' });
      return;
    }
    for (const table of listing.tables) {
      rows.push({
        kind: 'table',
        key: nodeKey(connection.id, path, table),
        depth,
        connection,
        path,
        table,
      });
    }
  };
  for (const connection of connections) {
    const key = nodeKey(connection.id, []);
    const isOpen = expanded.has(key);
    rows.push({ kind: 'connection', key, depth: 0, connection, expanded: isOpen });
    if (isOpen) walk(connection, [], 1);
  }
  return rows;
}

/** The expanded-node keys for each namespace on the way to `path`, to reveal it. */
export function ancestorKeys(connectionId: string, path: NamespacePath): string[] {
  return Array.from({ length: path.length + 1 }, (_, i) => nodeKey(connectionId, path.slice(0, i)));
}
