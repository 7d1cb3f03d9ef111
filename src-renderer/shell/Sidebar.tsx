/**
 * The left column: a filter box over every open catalog, and the tree. Typing filters across the
 * whole catalog (host-side search), not only what is expanded.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Connection } from '../../src-shared/studio-procedures';
import { useCall } from '../api/studio-context';
import { ErrorMessage } from '../common/ErrorMessage';
import { CatalogTree } from '../namespaces/tree/CatalogTree';
import { StoreStatusBanner } from './StoreStatusBanner';
import { TreeSearchResults } from '../namespaces/tree/TreeSearchResults';
import { useWorkspace } from '../state/workspace';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function Sidebar({ connections }: { connections: readonly Connection[] }) {
  const ws = useWorkspace();
  const call = useCall();
  const [filter, setFilter] = useState('');
  const query = useDebounced(filter.trim(), 200);
  const close = useMutation({
    mutationFn: (connectionId: string) => call('connections:close', { connectionId }),
    onSuccess: (_, connectionId) => ws.closeConnectionTabs(connectionId),
  });
  return (
    <nav className="sidebar" aria-label="Catalogs">
      <div className="sidebar-head">
        <input
          type="search"
          aria-label="Filter tree"
          placeholder="Filter namespaces and tables…"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setFilter('');
          }}
        />
      </div>
      <ErrorMessage error={close.error} />
      {connections
        .filter((connection) => connection.kind === 'object-store')
        .map((connection) => (
          <StoreStatusBanner key={connection.id} connection={connection} />
        ))}
      {connections.length === 0 ? (
        <p className="muted sidebar-empty">No catalog is open yet.</p>
      ) : query ? (
        <TreeSearchResults connections={connections} query={query} onPick={() => setFilter('')} />
      ) : (
        <CatalogTree connections={connections} onCloseConnection={(id) => close.mutate(id)} />
      )}
    </nav>
  );
}
