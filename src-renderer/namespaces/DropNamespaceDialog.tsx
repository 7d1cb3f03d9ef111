/**
 * Dropping a namespace, behind a confirmation that names what will be lost (its contents at every
 * depth, when cascading) and asks for its name typed.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { NamespaceRef } from '../api/query-keys';
import { queryKeys } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { ShowCode } from '../common/code/ShowCode';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { ErrorMessage } from '../common/ErrorMessage';
import { displayPath } from '../common/format-path';
import { useToasts } from '../common/toasts';
import { useWorkspace } from '../state/workspace';
import { tableKey } from '../state/deep-link';
import { announceNamespaceDropped } from '../state/dropped-namespaces';
import type { ProcedureOutput } from '../../src-shared/studio-procedures';
import { formatNumber } from '../../src-shared/format';

const count = (n: number, one: string, many = `${one}s`) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

/** What a cascade destroys, at every depth: tables with their rows and versions, then namespaces. */
function ContentsList({ contents }: { contents: ProcedureOutput<'namespaces:contents'> }) {
  const moreTables = contents.totalTables - contents.tables.length;
  const moreNamespaces = contents.totalNamespaces - contents.namespaces.length;
  return (
    <ul className="drop-contents" aria-label="What will be dropped">
      {contents.tables.map((t) => (
        <li key={[...t.path, t.name].join('\u0000')}>
          table <strong>{displayPath([...t.path, t.name])}</strong>
          {t.rows !== null && t.versions !== null
            ? ` — ${count(t.rows, 'row')}, ${count(t.versions, 'version')}`
            : ''}
        </li>
      ))}
      {moreTables > 0 && <li>and {count(moreTables, 'more table')}</li>}
      {contents.namespaces.map((n) => (
        <li key={n.join('\u0000')}>
          namespace <strong>{displayPath(n)}</strong>
        </li>
      ))}
      {moreNamespaces > 0 && <li>and {count(moreNamespaces, 'more namespace')}</li>}
    </ul>
  );
}

export function DropNamespaceDialog({ connectionId, path }: NamespaceRef) {
  const ws = useWorkspace();
  const call = useCall();
  const toasts = useToasts();
  const [cascade, setCascade] = useState(false);
  const contents = useQuery({
    queryKey: [...queryKeys.namespace(connectionId, path), 'contents'],
    queryFn: () => call('namespaces:contents', { connectionId, path: [...path] }),
    gcTime: 0,
  });
  const name = path[path.length - 1]!;
  const c = contents.data;
  const empty = c !== undefined && c.totalNamespaces === 0 && c.totalTables === 0;
  // One count, said once, of everything at every depth.
  const summary = c
    ? `${count(c.totalTables, 'table')} and ${count(c.totalNamespaces, 'namespace')}${c.incomplete ? ' at least' : ''}`
    : undefined;
  return (
    <ConfirmDialog
      title={`Drop namespace ${name}`}
      resetKey={cascade}
      consequence={
        <>
          <p>
            {contents.isPending
              ? `Reading what ${displayPath(path)} holds…`
              : empty
                ? `${displayPath(path)} is empty; dropping it removes only the namespace.`
                : summary
                  ? `${displayPath(path)} holds ${summary}, at every depth.`
                  : ''}{' '}
            {!empty &&
              c &&
              (cascade
                ? 'Cascade drops all of it, and it cannot be undone:'
                : 'Without cascade, a namespace that is not empty is refused.')}
          </p>
          {cascade && c && !empty && <ContentsList contents={c} />}
          <ErrorMessage error={contents.error} />
        </>
      }
      confirmLabel={cascade ? 'Drop namespace and contents' : 'Drop namespace'}
      typeToConfirm={name}
      onConfirm={async () => {
        await call('namespaces:drop', {
          connectionId,
          path: [...path],
          behavior: cascade ? 'cascade' : 'restrict',
        });
        for (const tab of ws.tabs) {
          const r = tab.ref;
          if (r.connectionId === connectionId && path.every((p, i) => r.path[i] === p)) {
            ws.closeTab(tableKey(r));
          }
        }
        announceNamespaceDropped(connectionId, path);
        toasts.push('success', `Dropped namespace ${displayPath(path)}`);
      }}
      onClose={ws.closeDialog}
    >
      <label className="check">
        <input type="checkbox" checked={cascade} onChange={(e) => setCascade(e.target.checked)} />
        Cascade: also drop every namespace and table inside
      </label>
      <div className="show-code">
        <ShowCode
          connectionId={connectionId}
          action={() => ({
            kind: 'drop-namespace',
            namespacePath: [...path],
            options: { behavior: cascade ? 'cascade' : 'restrict' },
          })}
        />
      </div>
    </ConfirmDialog>
  );
}
