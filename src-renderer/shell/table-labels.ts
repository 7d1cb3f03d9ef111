/**
 * Names told apart. Two open connections may share a name (two folders called `catalog`), and
 * two tables a name (`reviews` in two catalogs, or in two namespaces): where names collide, a
 * tab or a palette entry says which one it is, visibly, not only on hover.
 */
import type { Connection } from '../../src-shared/studio-procedures';
import type { TableRef } from '../api/query-keys';
import { displayPath } from '../common/format-path';

/** A connection's name, with its folder, URL or URI when another open connection has the same name. */
export function connectionLabels(
  connections: readonly Pick<Connection, 'id' | 'name' | 'target'>[],
): Map<string, string> {
  const count = new Map<string, number>();
  for (const c of connections) count.set(c.name, (count.get(c.name) ?? 0) + 1);
  return new Map(
    connections.map((c) => [
      c.id,
      (count.get(c.name) ?? 0) > 1 ? `${c.name} (${c.target})` : c.name,
    ]),
  );
}

/**
 * For each table, what tells it from the others of the same name in the list: nothing when its
 * name is its own; its connection when the same name is in other connections; connection and
 * namespace when it is in other namespaces too.
 */
export function tableContexts(
  refs: readonly TableRef[],
  connections: ReadonlyMap<string, string>,
): string[] {
  const byName = new Map<string, TableRef[]>();
  for (const ref of refs) byName.set(ref.table, [...(byName.get(ref.table) ?? []), ref]);
  return refs.map((ref) => {
    const same = byName.get(ref.table) ?? [];
    if (same.length < 2) return '';
    const connection = connections.get(ref.connectionId) ?? ref.connectionId;
    const paths = new Set(same.map((r) => JSON.stringify(r.path)));
    return paths.size > 1 ? displayPath([connection, ...ref.path]) : connection;
  });
}
