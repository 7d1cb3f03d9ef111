/**
 * Drops, each behind a confirmation that names what will be lost: a table's rows and versions,
 * a namespace's contents when cascading, an index's speed-up. Tables and namespaces need their
 * name typed; an index can be rebuilt, so one click confirms it.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { NamespaceRef, TableRef } from '../api/query-keys';
import { queryKeys } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { tableInput } from '../api/table-input';
import { useNamespaces, useTables } from '../api/catalog-queries';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { displayPath } from '../common/format-path';
import { useToasts } from '../shell/toasts';
import { useWorkspace } from '../state/workspace';
import { tableKey } from '../state/deep-link';

export function DropTableDialog({ table }: { table: TableRef }) {
  const ws = useWorkspace();
  const call = useCall();
  const toasts = useToasts();
  const input = tableInput(table);
  const rows = useQuery({
    queryKey: [...queryKeys.table(table), 'drop-count'],
    queryFn: () => call('tables:count', input),
  });
  return (
    <ConfirmDialog
      title={`Drop table ${table.table}`}
      consequence={
        <p>
          This deletes <strong>{displayPath([...table.path, table.table])}</strong>
          {rows.data !== undefined ? ` and its ${rows.data.toLocaleString('en-US')} rows` : ''},
          with every version, index, tag and branch. It cannot be undone.
        </p>
      }
      confirmLabel="Drop table"
      typeToConfirm={table.table}
      onConfirm={async () => {
        await call('tables:drop', input);
        ws.closeTab(tableKey(table));
        toasts.push('success', `Dropped table ${displayPath([...table.path, table.table])}`);
      }}
      onClose={ws.closeDialog}
    />
  );
}

export function DropNamespaceDialog({ connectionId, path }: NamespaceRef) {
  const ws = useWorkspace();
  const call = useCall();
  const toasts = useToasts();
  const [cascade, setCascade] = useState(false);
  const children = useNamespaces(connectionId, path);
  const tables = useTables(connectionId, path);
  const name = path[path.length - 1]!;
  const empty = children.data?.length === 0 && tables.data?.length === 0;
  return (
    <ConfirmDialog
      title={`Drop namespace ${name}`}
      consequence={
        <p>
          {empty
            ? `${displayPath(path)} is empty; dropping it removes only the namespace.`
            : `${displayPath(path)} holds ${children.data?.length ?? '…'} namespaces and ${tables.data?.length ?? '…'} tables directly inside it.`}{' '}
          {cascade
            ? 'Cascade drops everything inside it, at every depth, and cannot be undone.'
            : !empty && 'Without cascade, a namespace that is not empty is refused.'}
        </p>
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
        toasts.push('success', `Dropped namespace ${displayPath(path)}`);
      }}
      onClose={ws.closeDialog}
    >
      <label className="check">
        <input type="checkbox" checked={cascade} onChange={(e) => setCascade(e.target.checked)} />
        Cascade: also drop every namespace and table inside
      </label>
    </ConfirmDialog>
  );
}

export function DropIndexDialog({ table, name }: { table: TableRef; name: string }) {
  const ws = useWorkspace();
  const call = useCall();
  const toasts = useToasts();
  return (
    <ConfirmDialog
      title={`Drop index ${name}`}
      consequence={
        <p>
          Queries on {table.table} that use <strong>{name}</strong> fall back to a full scan until
          it is rebuilt. The table’s data is not touched.
        </p>
      }
      confirmLabel="Drop index"
      onConfirm={async () => {
        await call('indexes:drop', { ...tableInput(table), name });
        toasts.push('success', `Dropped index ${name}`);
      }}
      onClose={ws.closeDialog}
    />
  );
}
