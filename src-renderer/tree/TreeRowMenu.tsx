/**
 * The context menu of a tree row (right click, or the Menu key / Shift+F10 on a focused row).
 * Read-only connections get no change items at all, not disabled ones.
 */
import { ContextMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/query-keys';
import { useWorkspace } from '../state/workspace';
import { tableHash } from '../state/deep-link';
import { formatPath } from '../common/format-path';
import type { TreeRow } from './tree-rows';

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
  const writable = !connection.readOnly;
  const path = row.kind === 'connection' ? [] : row.path;

  return (
    <ContextMenu.Root>
      <ContextMenu.Trigger asChild>{children}</ContextMenu.Trigger>
      <ContextMenu.Portal>
        <ContextMenu.Content className="menu" aria-label="Actions">
          {row.kind === 'table' ? (
            <>
              <ContextMenu.Item className="menu-item" onSelect={() => ws.openTable(ref(row))}>
                Open
              </ContextMenu.Item>
              <ContextMenu.Item
                className="menu-item"
                onSelect={() => ws.openTable(ref(row), 'data')}
              >
                Open data
              </ContextMenu.Item>
              {writable && (
                <>
                  <ContextMenu.Item
                    className="menu-item"
                    onSelect={() => ws.openDialog({ kind: 'create-index', table: ref(row) })}
                  >
                    Create index…
                  </ContextMenu.Item>
                  <ContextMenu.Item
                    className="menu-item"
                    onSelect={() => ws.openDialog({ kind: 'rename-table', table: ref(row) })}
                  >
                    Rename…
                  </ContextMenu.Item>
                </>
              )}
              <ContextMenu.Item
                className="menu-item"
                onSelect={() => copy(formatPath([...row.path, row.table]))}
              >
                Copy identifier
              </ContextMenu.Item>
              <ContextMenu.Item
                className="menu-item"
                onSelect={() =>
                  copy(
                    `${window.location.origin}${window.location.pathname}${window.location.search}${tableHash(ref(row), 'overview')}`,
                  )
                }
              >
                Copy link
              </ContextMenu.Item>
              {writable && (
                <>
                  <ContextMenu.Separator className="menu-separator" />
                  <ContextMenu.Item
                    className="menu-item danger"
                    onSelect={() => ws.openDialog({ kind: 'drop-table', table: ref(row) })}
                  >
                    Drop table…
                  </ContextMenu.Item>
                </>
              )}
            </>
          ) : (
            <>
              {writable && (
                <>
                  <ContextMenu.Item
                    className="menu-item"
                    onSelect={() =>
                      ws.openDialog({
                        kind: 'create-namespace',
                        connectionId: connection.id,
                        parent: path,
                      })
                    }
                  >
                    New namespace…
                  </ContextMenu.Item>
                  <ContextMenu.Item
                    className="menu-item"
                    onSelect={() =>
                      ws.openDialog({ kind: 'create-table', connectionId: connection.id, path })
                    }
                  >
                    New table…
                  </ContextMenu.Item>
                </>
              )}
              <ContextMenu.Item
                className="menu-item"
                onSelect={() =>
                  void client.invalidateQueries({
                    queryKey: queryKeys.namespace(connection.id, path),
                  })
                }
              >
                Refresh
              </ContextMenu.Item>
              {row.kind === 'namespace' && (
                <ContextMenu.Item className="menu-item" onSelect={() => copy(formatPath(row.path))}>
                  Copy identifier
                </ContextMenu.Item>
              )}
              {row.kind === 'namespace' && writable && (
                <>
                  <ContextMenu.Separator className="menu-separator" />
                  <ContextMenu.Item
                    className="menu-item danger"
                    onSelect={() =>
                      ws.openDialog({
                        kind: 'drop-namespace',
                        connectionId: connection.id,
                        path: row.path,
                      })
                    }
                  >
                    Drop namespace…
                  </ContextMenu.Item>
                </>
              )}
              {row.kind === 'connection' && (
                <>
                  <ContextMenu.Separator className="menu-separator" />
                  <ContextMenu.Item
                    className="menu-item"
                    onSelect={() => onCloseConnection(connection.id)}
                  >
                    Close connection
                  </ContextMenu.Item>
                </>
              )}
            </>
          )}
        </ContextMenu.Content>
      </ContextMenu.Portal>
    </ContextMenu.Root>
  );
}

function ref(row: Extract<TreeRow, { kind: 'table' }>) {
  return { connectionId: row.connection.id, path: row.path, table: row.table };
}
