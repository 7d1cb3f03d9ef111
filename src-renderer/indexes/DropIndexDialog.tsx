/**
 * Dropping an index: it can be rebuilt, so one click confirms it; the confirmation says what
 * queries lose meanwhile.
 */
import type { TableRef } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { tableInput } from '../api/table-input';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { useToasts } from '../common/toasts';
import { useWorkspace } from '../state/workspace';

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
