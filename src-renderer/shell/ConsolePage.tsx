/**
 * The query console as a view of its own: one connection's console at its own address, opened
 * from a namespace's page, a table or the palette. Its first query reads the table it was opened
 * from, or the first table of the namespace.
 */
import { useTables } from '../api/catalog-queries';
import type { Connection } from '../../src-shared/studio-procedures';
import { ConsolePanel } from '../console/ConsolePanel';
import type { ConsoleFrom } from '../state/deep-link';
import { useWorkspace } from '../state/workspace';
import { firstQuery } from './console-start';

export function ConsolePage({ connection, from }: { connection: Connection; from?: ConsoleFrom }) {
  const ws = useWorkspace();
  const path = from?.path ?? [];
  // The namespace's tables, only when no table was named (the tree's listing: usually cached).
  const tables = useTables(connection.id, path, from?.table === undefined);
  const first = from?.table ?? [...(tables.data ?? [])].sort()[0];
  return (
    <div className="namespace-view console-page">
      <header className="table-header">
        <h2>
          Query console <span className="muted">· {connection.name}</span>
        </h2>
        <div className="table-actions">
          <button type="button" onClick={ws.closeNamespace}>
            Close
          </button>
        </div>
      </header>
      <ConsolePanel
        key={connection.id}
        connectionId={connection.id}
        initial={firstQuery(path, first)}
      />
    </div>
  );
}
