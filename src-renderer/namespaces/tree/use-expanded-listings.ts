/** Lazily loads the children of every expanded node, and nothing else. */
import { useQueries } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { Connection } from '../../../src-shared/studio-procedures';
import { listingQuery } from '../../api/catalog-queries';
import type { NamespacePath } from '../../api/query-keys';
import { useCall } from '../../api/studio-context';
import { nodeKey, type Listing } from './tree-rows';
import { inScopeOf } from '../../../src-shared/vocabulary/rights';

export function useExpandedListings(
  connections: readonly Connection[],
  expanded: ReadonlySet<string>,
): (connectionId: string, path: NamespacePath) => Listing | undefined {
  const call = useCall();
  const open = useMemo(() => {
    const known = new Set(connections.map((c) => c.id));
    return [...expanded]
      .map((key) => JSON.parse(key) as [string, string[], string?])
      .filter(([connectionId, , table]) => known.has(connectionId) && table === undefined);
  }, [connections, expanded]);

  // A connection limited to some namespaces may list the way to them, not the tables on the way
  // (the server refuses those listings): outside its scope a node lists no tables.
  const scopes = useMemo(
    () => new Map(connections.map((c) => [c.id, c.rights.namespaces])),
    [connections],
  );
  const tablesListed = (connectionId: string, path: string[]) =>
    inScopeOf(scopes.get(connectionId), path);
  const results = useQueries({
    queries: open.flatMap(([connectionId, path]) => [
      listingQuery(call, 'namespaces', connectionId, path),
      {
        ...listingQuery(call, 'tables', connectionId, path),
        enabled: tablesListed(connectionId, path),
      },
    ]),
  });

  const byKey = useMemo(() => {
    const map = new Map<string, Listing>();
    open.forEach(([connectionId, path], i) => {
      const namespaces = results[i * 2];
      const tables = results[i * 2 + 1];
      map.set(nodeKey(connectionId, path), {
        namespaces: namespaces?.data,
        tables: tablesListed(connectionId, path) ? tables?.data : [],
        error: namespaces?.error ?? tables?.error ?? undefined,
      });
    });
    return map;
  }, [open, results, scopes]);

  return useCallback((connectionId, path) => byKey.get(nodeKey(connectionId, path)), [byKey]);
}
