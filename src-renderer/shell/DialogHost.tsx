/** Renders the one open dialog, whichever screen asked for it. */
import { DeleteRowsDialog } from '../tables/RowChangeDialogs';
import { CompactDialog } from '../storage/CompactDialog';
import { ExportTableDialog } from '../tables/ExportTableDialog';
import { ServeDialog } from '../connections/ServeDialog';
import { CopyDialog } from '../tables/CopyDialog';
import { AddColumnDialog } from '../tables/columns/AddColumnDialog';
import { ColumnChangeDialog } from '../tables/columns/ColumnChangeDialog';
import { CreateIndexDialog } from '../indexes/CreateIndexDialog';
import { CreateTableDialog } from './CreateTableDialog';
import { ConnectUrlDialog } from '../connections/ConnectUrlDialog';
import { OpenFolderDialog } from '../connections/OpenFolderDialog';
import { OpenObjectStoreDialog } from '../connections/OpenObjectStoreDialog';
import { useWorkspace } from '../state/workspace';
import { CreateNamespaceDialog } from '../namespaces/CreateNamespaceDialog';
import { DropIndexDialog } from '../indexes/DropIndexDialog';
import { DropNamespaceDialog } from '../namespaces/DropNamespaceDialog';
import { DropTableDialog } from '../tables/DropTableDialog';
import { RenameTableDialog } from '../tables/RenameTableDialog';

export function DialogHost() {
  const { dialog } = useWorkspace();
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'open-folder':
      return <OpenFolderDialog create={dialog.create} />;
    case 'connect-url':
      return <ConnectUrlDialog />;
    case 'open-object-store':
      return <OpenObjectStoreDialog />;
    case 'create-namespace':
      return <CreateNamespaceDialog connectionId={dialog.connectionId} parent={dialog.parent} />;
    case 'create-table':
      return <CreateTableDialog connectionId={dialog.connectionId} path={dialog.path} />;
    case 'create-index':
      return (
        <CreateIndexDialog
          table={dialog.table}
          {...(dialog.column ? { column: dialog.column } : {})}
        />
      );
    case 'rename-table':
      return <RenameTableDialog table={dialog.table} />;
    case 'drop-table':
      return <DropTableDialog table={dialog.table} />;
    case 'drop-namespace':
      return <DropNamespaceDialog connectionId={dialog.connectionId} path={dialog.path} />;
    case 'drop-index':
      return <DropIndexDialog table={dialog.table} name={dialog.name} />;
    case 'add-column':
      return <AddColumnDialog table={dialog.table} />;
    case 'column-change':
      return (
        <ColumnChangeDialog
          table={dialog.table}
          action={dialog.action}
          segments={dialog.segments}
        />
      );
    case 'delete-rows':
      return (
        <DeleteRowsDialog
          table={dialog.table}
          predicate={dialog.predicate}
          selected={dialog.rows ?? 1}
        />
      );
    case 'compact-table':
      return <CompactDialog table={dialog.table} small={dialog.small} />;
    case 'copy':
      return (
        <CopyDialog connectionId={dialog.connectionId} path={dialog.path} table={dialog.table} />
      );
    case 'serve':
      return <ServeDialog connectionId={dialog.connectionId} name={dialog.name} />;
    case 'export-table':
      return (
        <ExportTableDialog
          table={dialog.table}
          filter={dialog.filter}
          selection={dialog.selection}
        />
      );
  }
}
