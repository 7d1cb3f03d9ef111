/** Open tables as tabs; middle click or the ✕ closes one. */
import type { Connection } from '../../src-shared/studio-procedures';
import { tableKey } from '../state/deep-link';
import { useWorkspace } from '../state/workspace';

export function TabBar({ connections }: { connections: readonly Connection[] }) {
  const ws = useWorkspace();
  if (ws.tabs.length === 0) return null;
  return (
    <div className="tabbar" role="tablist" aria-label="Open tables">
      {ws.tabs.map((t) => {
        const key = tableKey(t.ref);
        const connection = connections.find((c) => c.id === t.ref.connectionId);
        const active = key === ws.active;
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
              title={[connection?.name, ...t.ref.path, t.ref.table].join(' / ')}
              onClick={() => ws.activate(key)}
              onAuxClick={(e) => {
                if (e.button === 1) ws.closeTab(key);
              }}
            >
              {t.ref.table}
            </button>
            <button
              type="button"
              aria-label={`Close ${t.ref.table}`}
              onClick={() => ws.closeTab(key)}
            >
              ✕
            </button>
          </div>
        );
      })}
    </div>
  );
}
