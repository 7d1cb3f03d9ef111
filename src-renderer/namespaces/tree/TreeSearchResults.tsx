/**
 * The tree filter's answer: names matching anywhere in each open catalog, found by the host
 * (the tree itself only knows what has been expanded). Choosing a table opens it and reveals
 * its namespace in the tree; choosing a namespace reveals it.
 */
import { useQueries } from '@tanstack/react-query';
import type { Connection } from '../../../src-shared/studio-procedures';
import { queryKeys } from '../../api/query-keys';
import { useCall } from '../../api/studio-context';
import { displayPath } from '../../common/format-path';
import { ErrorMessage } from '../../common/ErrorMessage';
import { useWorkspace } from '../../state/workspace';

export function TreeSearchResults({
  connections,
  query,
  onPick,
}: {
  connections: readonly Connection[];
  query: string;
  onPick: () => void;
}) {
  const call = useCall();
  const ws = useWorkspace();
  const results = useQueries({
    queries: connections.map((c) => ({
      queryKey: queryKeys.search(c.id, query),
      queryFn: () => call('catalog:search', { connectionId: c.id, query, limit: 500 }),
      staleTime: 10_000,
    })),
  });

  return (
    <div className="search-results" role="listbox" aria-label="Filter results">
      {connections.map((c, i) => {
        const result = results[i];
        return (
          <div key={c.id} role="group" aria-label={c.name}>
            <div className="search-connection">
              <span className="swatch" style={{ background: c.color }} aria-hidden />
              {c.name}
            </div>
            {result?.isPending && <div className="tree-status">Searching…</div>}
            <ErrorMessage error={result?.error} />
            {result?.data && result.data.matches.length === 0 && (
              <div className="tree-status">No names match “{query}”</div>
            )}
            {result?.data?.matches.map((m) => {
              const name = m.table ?? m.path[m.path.length - 1]!;
              const where = m.table ? m.path : m.path.slice(0, -1);
              return (
                <div
                  key={JSON.stringify([m.path, m.table])}
                  role="option"
                  aria-selected={false}
                  tabIndex={0}
                  aria-label={`${m.table ? 'Table' : 'Namespace'} ${displayPath([...m.path, ...(m.table ? [m.table] : [])])}`}
                  className="search-hit"
                  onClick={() => pick()}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') pick();
                  }}
                >
                  <span className="icon" aria-hidden>
                    {m.table ? '▦' : '◫'}
                  </span>
                  <Highlighted text={name} query={query} />
                  {where.length > 0 && <span className="muted"> in {displayPath(where)}</span>}
                </div>
              );
              function pick() {
                ws.reveal(c.id, m.path);
                if (m.table) ws.openTable({ connectionId: c.id, path: m.path, table: m.table });
                onPick();
              }
            })}
            {result?.data?.truncated && (
              <div className="tree-status">
                Showing the first {result.data.matches.length} of more; refine the filter.
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}

function Highlighted({ text, query }: { text: string; query: string }) {
  const at = text.toLowerCase().indexOf(query.trim().toLowerCase());
  if (at === -1) return <span>{text}</span>;
  const end = at + query.trim().length;
  return (
    <span>
      {text.slice(0, at)}
      <mark>{text.slice(at, end)}</mark>
      {text.slice(end)}
    </span>
  );
}
