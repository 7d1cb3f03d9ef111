/**
 * Open tables as tabs; middle click or the ✕ closes one, after asking when the table has pending
 * changes not committed. Tables of the same name say which connection (and namespace) they are
 * in, beside the name.
 */
import type { Connection } from '../../src-shared/studio-procedures';
import { tableKey } from '../state/deep-link';
import { useWorkspace } from '../state/workspace';
import { connectionLabels, tableContexts } from './table-labels';
import { confirmLeavingTable } from '../tables/pending/confirm-leaving';

export function TabBar({ connections }: { connections: readonly Connection[] }) {
  const ws = useWorkspace();
  if (ws.tabs.length === 0) return null;
  const labels = connectionLabels(connections);
  const contexts = tableContexts(
    ws.tabs.map((t) => t.ref),
    labels,
  );
  return (
    <div className="tabbar" role="tablist" aria-label="Open tables">
      {ws.tabs.map((t, i) => {
        const key = tableKey(t.ref);
        const connection = connections.find((c) => c.id === t.ref.connectionId);
        // Selected only while the table is the view: a namespace's page or the console is not.
        const active = key === ws.active && ws.route.view === 'table';
        const context = contexts[i];
        const name = context ? `${t.ref.table} · ${context}` : t.ref.table;
        const close = () => {
          if (confirmLeavingTable(key, t.ref.table)) ws.closeTab(key);
        };
        return (
          <div
            key={key}
            className={active ? 'open-tab active' : 'open-tab'}
            style={{ borderTopColor: connection?.color }}
          >
            <button
              type="button"
              role="tab"
              aria-selected={active}
              title={[labels.get(t.ref.connectionId), ...t.ref.path, t.ref.table].join(' / ')}
              onClick={() => ws.activate(key)}
              onAuxClick={(e) => {
                if (e.button === 1) close();
              }}
            >
              {t.ref.table}
              {context && <span className="tab-context"> · {context}</span>}
            </button>
            <button type="button" aria-label={`Close ${name}`} onClick={close}>
              ✕
            </button>
          </div>
        );
      })}
    </div>
  );
}
