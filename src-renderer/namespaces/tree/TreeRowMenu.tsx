/**
 * The context menu of a tree row (right click, or the Menu key / Shift+F10 on a focused row).
 * A connection that may only read gets no change items at all; one whose role or namespaces
 * do not allow an item shows it disabled, with the reason as its tooltip.
 */
import { ContextMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { useWorkspace, type Dialog } from '../../state/workspace';
import { tableHash } from '../../state/deep-link';
import { formatPath } from '../../common/format-path';
import type { TreeRow } from './tree-rows';
import { canChange, refusalFor } from '../../api/connection-rights';

function copy(text: string) {
  void navigator.clipboard?.writeText(text).catch(() => undefined);
}

export function TreeRowMenu({
  row,
  onCloseConnection,
  children,
}: {
  row: TreeRow;
  onCloseConnection: (connectionId: string) => void;
  children: ReactNode;
}) {
  const ws = useWorkspace();
  const client = useQueryClient();
  if (row.kind === 'status') return <>{children}</>;
  const connection = row.connection;
  const writable = canChange(connection);
  const path = row.kind === 'connection' ? [] : row.path;
  const refused = (access: 'write' | 'admin') => refusalFor(connection, access, path);
  const open = (dialog: Dialog) => () => ws.openDialog(dialog);

  return (
    <ContextMenu.Root>
      <ContextMenu.Trigger asChild>{children}</ContextMenu.Trigger>
      <ContextMenu.Portal>
        <ContextMenu.Content className="menu" aria-label="Actions">
          {row.kind === 'table' ? (
            <>
              <Item onSelect={() => ws.openTable(ref(row))}>Open</Item>
              <Item onSelect={() => ws.openTable(ref(row), 'data')}>Open data</Item>
              {writable && (
                <>
                  <Item
                    refusal={refused('write')}
                    onSelect={open({ kind: 'create-index', table: ref(row) })}
                  >
                    Create index…
                  </Item>
                  <Item
                    refusal={refused('admin')}
                    onSelect={open({ kind: 'rename-table', table: ref(row) })}
                  >
                    Rename…
                  </Item>
                </>
              )}
              <Item
                onSelect={open({
                  kind: 'copy',
                  connectionId: connection.id,
                  path: row.path,
                  table: row.table,
                })}
              >
                Copy to…
              </Item>
              <Item onSelect={() => copy(formatPath([...row.path, row.table]))}>
                Copy identifier
              </Item>
              <Item
                onSelect={() =>
                  copy(
                    `${window.location.origin}${window.location.pathname}${window.location.search}${tableHash(ref(row), 'overview')}`,
                  )
                }
              >
                Copy link
              </Item>
              {writable && (
                <>
                  <ContextMenu.Separator className="menu-separator" />
                  <Item
                    danger
                    refusal={refused('admin')}
                    onSelect={open({ kind: 'drop-table', table: ref(row) })}
                  >
                    Drop table…
                  </Item>
                </>
              )}
            </>
          ) : (
            <>
              <Item onSelect={() => ws.openNamespace({ connectionId: connection.id, path })}>
                Open
              </Item>
              {writable && (
                <>
                  <Item
                    refusal={refused('admin')}
                    onSelect={open({
                      kind: 'create-namespace',
                      connectionId: connection.id,
                      parent: path,
                    })}
                  >
                    New namespace…
                  </Item>
                  <Item
                    refusal={refused('write')}
                    onSelect={open({ kind: 'create-table', connectionId: connection.id, path })}
                  >
                    New table…
                  </Item>
                </>
              )}
              <Item
                onSelect={() =>
                  void client.invalidateQueries({
                    queryKey: queryKeys.namespace(connection.id, path),
                  })
                }
              >
                Refresh
              </Item>
              <Item onSelect={open({ kind: 'copy', connectionId: connection.id, path })}>
                Copy namespace to…
              </Item>
              {row.kind === 'namespace' && (
                <Item onSelect={() => copy(formatPath(row.path))}>Copy identifier</Item>
              )}
              {row.kind === 'namespace' && writable && (
                <>
                  <ContextMenu.Separator className="menu-separator" />
                  <Item
                    danger
                    refusal={refused('admin')}
                    onSelect={open({
                      kind: 'drop-namespace',
                      connectionId: connection.id,
                      path: row.path,
                    })}
                  >
                    Drop namespace…
                  </Item>
                </>
              )}
              {row.kind === 'connection' && connection.kind !== 'remote' && (
                <Item
                  onSelect={open({
                    kind: 'serve',
                    connectionId: connection.id,
                    name: connection.name,
                  })}
                >
                  Serve as REST catalog…
                </Item>
              )}
              {row.kind === 'connection' && (
                <>
                  <ContextMenu.Separator className="menu-separator" />
                  <Item onSelect={() => onCloseConnection(connection.id)}>Close connection</Item>
                </>
              )}
            </>
          )}
        </ContextMenu.Content>
      </ContextMenu.Portal>
    </ContextMenu.Root>
  );
}

/** Danger items are coloured as such before they are chosen, not only in their dialog. */
function Item({
  danger = false,
  refusal,
  onSelect,
  children,
}: {
  danger?: boolean;
  /** Why the item may not be chosen: it is then disabled, with this as its tooltip. */
  refusal?: string | undefined;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <ContextMenu.Item
      className={danger ? 'menu-item danger' : 'menu-item'}
      onSelect={onSelect}
      disabled={refusal !== undefined}
      title={refusal}
    >
      {children}
    </ContextMenu.Item>
  );
}

function ref(row: Extract<TreeRow, { kind: 'table' }>) {
  return { connectionId: row.connection.id, path: row.path, table: row.table };
}
