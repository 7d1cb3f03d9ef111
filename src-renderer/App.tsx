/**
 * A first screen: open a catalog folder, see the open connections and the top level of each.
 * The full catalog browser replaces it; until then it proves the bridge end to end.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Connection } from '../src-main/shared/contract';
import { studio } from './bridge';
import { FolderBrowser } from './FolderBrowser';

interface Listing {
  namespaces: string[];
  tables: string[];
}

export function App() {
  const api = useMemo(() => studio(), []);
  const [connections, setConnections] = useState<Connection[]>([]);
  const [listings, setListings] = useState<Record<string, Listing>>({});
  const [path, setPath] = useState('');
  const [error, setError] = useState<string>();
  const [ready, setReady] = useState(false);
  const [browsing, setBrowsing] = useState(false);

  const refresh = async () => {
    const open = await api.call('connections:list-open', {});
    if (!open.ok) return setError(`${open.error.name}: ${open.error.message}`);
    setConnections(open.value);
    const next: Record<string, Listing> = {};
    for (const c of open.value) {
      const [ns, tables] = await Promise.all([
        api.call('namespaces:list', { connectionId: c.id, path: [] }),
        api.call('tables:list', { connectionId: c.id, path: [] }),
      ]);
      next[c.id] = {
        namespaces: ns.ok ? ns.value.namespaces : [],
        tables: tables.ok ? tables.value.tables : [],
      };
    }
    setListings(next);
  };

  useEffect(() => {
    void refresh().then(() => setReady(true));
    return api.on((event) => {
      if (event === 'catalog:changed' || event === 'connections:changed') void refresh();
    });
  }, []);

  const openFolder = async () => {
    setError(undefined);
    const result = await api.call('connections:open-folder', { path, create: true });
    if (!result.ok) setError(`${result.error.name}: ${result.error.message}`);
    await refresh();
  };

  return (
    <main data-app-state={ready ? 'ready' : 'loading'}>
      <h1>Catalog Studio</h1>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void openFolder();
        }}
      >
        <label>
          Catalog folder{' '}
          <input
            aria-label="Catalog folder"
            value={path}
            onChange={(e) => setPath(e.target.value)}
          />
        </label>{' '}
        <button type="submit">Open folder</button>{' '}
        <button type="button" onClick={() => setBrowsing((b) => !b)} aria-expanded={browsing}>
          Browse…
        </button>
      </form>
      {browsing && (
        <FolderBrowser
          api={api}
          start={path}
          onPick={(picked) => {
            setPath(picked);
            setBrowsing(false);
          }}
        />
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <section aria-label="Open connections">
        {connections.length === 0 && <p>No catalog is open yet.</p>}
        {connections.map((c) => (
          <div key={c.id} className="connection" style={{ ['--color' as string]: c.color }}>
            <strong>{c.name}</strong> <small>{c.target}</small>
            <ul aria-label={`Contents of ${c.name}`}>
              {listings[c.id]?.namespaces.map((n) => (
                <li key={`ns-${n}`}>{n}/</li>
              ))}
              {listings[c.id]?.tables.map((t) => (
                <li key={`t-${t}`}>{t}</li>
              ))}
            </ul>
          </div>
        ))}
      </section>
    </main>
  );
}
