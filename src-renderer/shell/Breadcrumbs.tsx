/** Where a table lives: connection › namespace › … › table. Each namespace reveals itself in the tree. */
import type { Connection } from '../../src-shared/studio-procedures';
import type { NamespacePath } from '../api/query-keys';
import { useWorkspace } from '../state/workspace';

export function Breadcrumbs({
  connection,
  path,
  table,
}: {
  connection: Connection;
  path: NamespacePath;
  table: string;
}) {
  const ws = useWorkspace();
  return (
    <nav aria-label="Breadcrumbs" className="breadcrumbs">
      <ol>
        <li>
          <span className="swatch" style={{ background: connection.color }} aria-hidden />
          <button type="button" className="link" onClick={() => ws.reveal(connection.id, [])}>
            {connection.name}
          </button>
        </li>
        {path.map((part, i) => (
          <li key={i}>
            <button
              type="button"
              className="link"
              onClick={() =>
                ws.openNamespace({ connectionId: connection.id, path: path.slice(0, i + 1) })
              }
            >
              {part}
            </button>
          </li>
        ))}
        <li aria-current="page">
          <strong>{table}</strong>
        </li>
      </ol>
    </nav>
  );
}
