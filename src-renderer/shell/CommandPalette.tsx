/**
 * Ctrl/Cmd+K: every command and every view, and every namespace and table by name, from one box.
 * Names come from the host's search, so tables that were never expanded in the tree can be jumped
 * to; views and commands are found by the words people use for them too (view-words.ts).
 */
import { useQueries } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { useEffect, useState } from 'react';
import type { Connection } from '../../src-shared/studio-procedures';
import { queryKeys } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { displayPath } from '../common/format-path';
import type { ThemeChoice } from '../state/theme';
import { tableKey } from '../state/deep-link';
import { canChange, refusalFor } from '../api/connection-rights';
import { useWorkspace } from '../state/workspace';
import { PaletteViews } from './PaletteViews';
import { connectionLabels, tableContexts } from './table-labels';
import { EXPORT_WORDS, IMPORT_WORDS, JOB_WORDS } from './view-words';

export function usePaletteShortcut(): void {
  const ws = useWorkspace();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        ws.setPaletteOpen(!ws.paletteOpen);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [ws]);
}

export function CommandPalette({
  connections,
  onTheme,
}: {
  connections: readonly Connection[];
  onTheme: (theme: ThemeChoice) => void;
}) {
  const ws = useWorkspace();
  const call = useCall();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), 150);
    return () => clearTimeout(timer);
  }, [search]);

  const found = useQueries({
    queries: connections.map((c) => ({
      queryKey: queryKeys.search(c.id, query),
      queryFn: () => call('catalog:search', { connectionId: c.id, query, limit: 50 }),
      enabled: ws.paletteOpen && query.length > 0,
      staleTime: 10_000,
    })),
  });

  const run = (action: () => void) => {
    ws.setPaletteOpen(false);
    setSearch('');
    action();
  };
  // The palette offers only what the connection allows (at the catalog's root, where it creates).
  const allowed = (c: Connection, access: 'write' | 'admin', path: readonly string[] = []) =>
    canChange(c) && !refusalFor(c, access, path);
  const namespaceMakers = connections.filter((c) => allowed(c, 'admin'));
  const tableMakers = connections.filter((c) => allowed(c, 'write'));
  const activeConnection = ws.activeTab
    ? connections.find((c) => c.id === ws.activeTab!.ref.connectionId)
    : undefined;
  // Connections and open tables of the same name are told apart in what the entries say.
  const labels = connectionLabels(connections);
  const tabContexts = tableContexts(
    ws.tabs.map((t) => t.ref),
    labels,
  );

  return (
    <Command.Dialog
      open={ws.paletteOpen}
      onOpenChange={ws.setPaletteOpen}
      label="Command palette"
      className="palette"
      overlayClassName="modal-overlay"
      shouldFilter={true}
    >
      <Command.Input
        value={search}
        onValueChange={setSearch}
        placeholder="Type a command or a table name…"
      />
      <Command.List>
        <Command.Empty>Nothing matches.</Command.Empty>
        {query.length > 0 && (
          <Command.Group heading="Tables and namespaces">
            {connections.flatMap((c, i) =>
              (found[i]?.data?.matches ?? []).map((m) => {
                const label = displayPath([...m.path, ...(m.table ? [m.table] : [])]);
                return (
                  <Command.Item
                    key={`${c.id}:${JSON.stringify(m)}`}
                    value={`${c.name} ${label} ${JSON.stringify([c.id, m])}`}
                    keywords={[query]}
                    onSelect={() =>
                      run(() => {
                        ws.reveal(c.id, m.path);
                        if (m.table)
                          ws.openTable({ connectionId: c.id, path: m.path, table: m.table });
                      })
                    }
                  >
                    <span className="icon" aria-hidden>
                      {m.table ? '▦' : '◫'}
                    </span>
                    {label}
                    <span className="muted"> · {labels.get(c.id)}</span>
                  </Command.Item>
                );
              }),
            )}
          </Command.Group>
        )}
        {ws.tabs.length > 0 && (
          <Command.Group heading="Open tables">
            {ws.tabs.map((t, i) => (
              <Command.Item
                key={tableKey(t.ref)}
                // What it says, and its key: two tables may read the same.
                value={`Go to ${displayPath([...t.ref.path, t.ref.table])} ${tabContexts[i]} ${tableKey(t.ref)}`}
                keywords={['open tab']}
                onSelect={() => run(() => ws.activate(tableKey(t.ref)))}
              >
                Go to {displayPath([...t.ref.path, t.ref.table])}
                {tabContexts[i] && <span className="muted"> · {tabContexts[i]}</span>}
              </Command.Item>
            ))}
          </Command.Group>
        )}
        <Command.Group heading="Commands">
          <Command.Item
            onSelect={() => run(() => ws.openDialog({ kind: 'open-folder', create: false }))}
          >
            Open folder…
          </Command.Item>
          <Command.Item
            onSelect={() => run(() => ws.openDialog({ kind: 'open-folder', create: true }))}
          >
            New folder catalog…
          </Command.Item>
          <Command.Item onSelect={() => run(() => ws.openDialog({ kind: 'open-object-store' }))}>
            Open object store…
          </Command.Item>
          <Command.Item onSelect={() => run(() => ws.openDialog({ kind: 'connect-url' }))}>
            Connect to URL…
          </Command.Item>
          <Command.Item keywords={JOB_WORDS} onSelect={() => run(() => ws.setJobsOpen(true))}>
            Show jobs
          </Command.Item>
          {namespaceMakers.map((c) => (
            <Command.Item
              key={`ns-${c.id}`}
              onSelect={() =>
                run(() =>
                  ws.openDialog({ kind: 'create-namespace', connectionId: c.id, parent: [] }),
                )
              }
            >
              New namespace in {labels.get(c.id)}…
            </Command.Item>
          ))}
          {tableMakers.map((c) => (
            <Command.Item
              key={`t-${c.id}`}
              onSelect={() =>
                run(() => ws.openDialog({ kind: 'create-table', connectionId: c.id, path: [] }))
              }
            >
              New table in {labels.get(c.id)}…
            </Command.Item>
          ))}
          {tableMakers.map((c) => (
            <Command.Item
              key={`import-${c.id}`}
              keywords={IMPORT_WORDS}
              onSelect={() =>
                run(() => ws.openDialog({ kind: 'create-table', connectionId: c.id, path: [] }))
              }
            >
              Import a file into {labels.get(c.id)}…
            </Command.Item>
          ))}
          {connections
            .filter((c) => c.kind !== 'remote')
            .map((c) => (
              <Command.Item
                key={`serve-${c.id}`}
                onSelect={() =>
                  run(() => ws.openDialog({ kind: 'serve', connectionId: c.id, name: c.name }))
                }
              >
                Serve {labels.get(c.id)} as REST catalog…
              </Command.Item>
            ))}
          {ws.activeTab &&
            activeConnection &&
            allowed(activeConnection, 'write', ws.activeTab.ref.path) && (
              <Command.Item
                onSelect={() =>
                  run(() => ws.openDialog({ kind: 'create-index', table: ws.activeTab!.ref }))
                }
              >
                Create index on {ws.activeTab.ref.table}…
              </Command.Item>
            )}
          {ws.activeTab && (
            <Command.Item
              keywords={EXPORT_WORDS}
              onSelect={() =>
                run(() =>
                  ws.openDialog({ kind: 'export-table', table: ws.activeTab!.ref, filter: '' }),
                )
              }
            >
              Export {ws.activeTab.ref.table}…
            </Command.Item>
          )}
          <Command.Item onSelect={() => run(() => onTheme('light'))}>Theme: light</Command.Item>
          <Command.Item onSelect={() => run(() => onTheme('dark'))}>Theme: dark</Command.Item>
          <Command.Item onSelect={() => run(() => onTheme('system'))}>
            Theme: follow the system
          </Command.Item>
        </Command.Group>
        {/* After the commands, so an empty box still opens on them. */}
        <PaletteViews connections={connections} labels={labels} run={run} />
      </Command.List>
    </Command.Dialog>
  );
}
