/**
 * Where a table lives: connection › namespace › … › table. The connection and each namespace are
 * links to their pages (the connection's is its root), real links with addresses, so they open
 * in a new browser tab too and Back returns to the table.
 */
import type { Connection } from '../../src-shared/studio-procedures';
import type { NamespacePath } from '../api/query-keys';
import { routeHash } from '../state/deep-link';

export function Breadcrumbs({
  connection,
  path,
  table,
}: {
  connection: Connection;
  path: NamespacePath;
  table: string;
}) {
  const connectionId = connection.id;
  return (
    <nav aria-label="Breadcrumbs" className="breadcrumbs">
      <ol>
        <li>
          <span className="swatch" style={{ background: connection.color }} aria-hidden />
          <a className="link" href={routeHash({ view: 'namespace', connectionId, path: [] })}>
            {connection.name}
          </a>
        </li>
        {path.map((part, i) => (
          <li key={i}>
            <a
              className="link"
              href={routeHash({ view: 'namespace', connectionId, path: path.slice(0, i + 1) })}
            >
              {part}
            </a>
          </li>
        ))}
        <li aria-current="page">
          <strong>{table}</strong>
        </li>
      </ol>
    </nav>
  );
}
