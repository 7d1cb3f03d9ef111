/**
 * A namespace's page: its properties, and what is directly inside it, tables with their rows,
 * size and indexes, sortable by any of them; new tables and namespaces are made from here. The
 * contract has no way to change a namespace's properties after it is made, so they are shown,
 * not edited.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Connection } from '../../src-shared/studio-procedures';
import { canChange, refusalFor } from '../api/connection-rights';
import { queryKeys, type NamespaceRef } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { ErrorMessage } from '../common/ErrorMessage';
import { displayPath } from '../common/format-path';
import { GuardedButton } from '../common/GuardedButton';
import { useWorkspace } from '../state/workspace';
import { formatBytes, formatNumber } from '../../src-shared/format';

type SortKey = 'name' | 'rows' | 'bytes' | 'indexes';
const HEADERS: ReadonlyArray<readonly [SortKey, string]> = [
  ['name', 'Table'],
  ['rows', 'Rows'],
  ['bytes', 'Size'],
  ['indexes', 'Indexes'],
];

export function NamespaceView({
  namespace,
  connection,
}: {
  namespace: NamespaceRef;
  connection: Connection;
}) {
  const ws = useWorkspace();
  const call = useCall();
  const { connectionId, path } = namespace;
  const [sort, setSort] = useState<{ key: SortKey; ascending: boolean }>({
    key: 'name',
    ascending: true,
  });
  const properties = useQuery({
    queryKey: queryKeys.namespaceProperties(connectionId, path),
    queryFn: () => call('namespaces:describe', { connectionId, path: [...path] }),
    enabled: path.length > 0,
  });
  const children = useQuery({
    queryKey: queryKeys.namespaceChildren(connectionId, path),
    queryFn: () => call('namespaces:children', { connectionId, path: [...path] }),
  });
  const tables = useMemo(() => {
    const list = [...(children.data?.tables ?? [])];
    const value = (t: (typeof list)[number]) => (sort.key === 'name' ? t.name : t[sort.key]);
    list.sort((a, b) => {
      const [x, y] = [value(a), value(b)];
      // Tables without numbers go last either way.
      if (x === null || y === null) return x === null ? (y === null ? 0 : 1) : -1;
      const order = x < y ? -1 : x > y ? 1 : 0;
      return sort.ascending ? order : -order;
    });
    return list;
  }, [children.data, sort]);
  const writable = canChange(connection);
  const title = path.length ? displayPath(path) : connection.name;
  const props = Object.entries(properties.data?.properties ?? {});

  return (
    <section className="namespace-view" aria-label={`Namespace ${title}`}>
      <header className="table-header">
        <h2>{title}</h2>
        <div className="table-actions">
          {writable && (
            <>
              <GuardedButton
                refusal={refusalFor(connection, 'write', path)}
                onClick={() => ws.openDialog({ kind: 'create-table', connectionId, path })}
              >
                New table…
              </GuardedButton>
              <GuardedButton
                refusal={refusalFor(connection, 'admin', path)}
                onClick={() =>
                  ws.openDialog({ kind: 'create-namespace', connectionId, parent: path })
                }
              >
                New namespace…
              </GuardedButton>
            </>
          )}
          {/* The console is a view of its own (an address, a history entry); it starts on this
              namespace's first table. */}
          <button type="button" onClick={() => ws.openConsole(connectionId, { path })}>
            Query console
          </button>
          <button type="button" onClick={ws.closeNamespace}>
            Close
          </button>
        </div>
      </header>

      {path.length > 0 && (
        <>
          <h3>Properties</h3>
          <ErrorMessage error={properties.error} />
          {props.length === 0 ? (
            <p className="muted">{properties.isPending ? 'Loading…' : 'No properties.'}</p>
          ) : (
            <table className="data-table" aria-label="Properties">
              <tbody>
                {props.map(([key, value]) => (
                  <tr key={key}>
                    <th scope="row" className="mono">
                      {key}
                    </th>
                    <td className="mono">{value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}

      <h3>Inside</h3>
      <ErrorMessage error={children.error} />
      {children.data && children.data.namespaces.length > 0 && (
        <ul className="namespace-children" aria-label="Namespaces inside">
          {children.data.namespaces.map((name) => (
            <li key={name}>
              <button
                type="button"
                className="link"
                onClick={() => ws.openNamespace({ connectionId, path: [...path, name] })}
              >
                {name}
              </button>
            </li>
          ))}
        </ul>
      )}
      {children.data && tables.length === 0 && children.data.namespaces.length === 0 && (
        <p className="empty-state">Nothing here yet.</p>
      )}
      {tables.length > 0 && (
        <table className="data-table" aria-label="Tables inside">
          <thead>
            <tr>
              {HEADERS.map(([key, label]) => (
                <th
                  key={key}
                  aria-sort={
                    sort.key === key ? (sort.ascending ? 'ascending' : 'descending') : 'none'
                  }
                >
                  <button
                    type="button"
                    className="link"
                    onClick={() =>
                      setSort((s) => ({
                        key,
                        ascending: s.key === key ? !s.ascending : key === 'name',
                      }))
                    }
                  >
                    {label}
                    {sort.key === key ? (sort.ascending ? ' ▲' : ' ▼') : ''}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {tables.map((t) => (
              <tr key={t.name}>
                <th scope="row">
                  <button
                    type="button"
                    className="link"
                    onClick={() => ws.openTable({ connectionId, path, table: t.name })}
                  >
                    {t.name}
                  </button>
                </th>
                <td>{t.rows === null ? '—' : formatNumber(t.rows)}</td>
                <td>{t.bytes === null ? '—' : formatBytes(t.bytes)}</td>
                <td>{t.indexes === null ? '—' : t.indexes}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
