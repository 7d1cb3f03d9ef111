/**
 * Compacting a table: what it does and what it keeps, then LanceDB's optimize (no version
 * removed) as a job, which the Storage tab and the jobs panel follow.
 */
import type { TableRef } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { tableInput } from '../api/table-input';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { useToasts } from '../common/toasts';
import { useWorkspace } from '../state/workspace';
import { formatNumber } from '../../src-shared/format';

export function CompactDialog({ table, small }: { table: TableRef; small: number }) {
  const ws = useWorkspace();
  const call = useCall();
  const toasts = useToasts();
  return (
    <ConfirmDialog
      title={`Compact ${table.table}`}
      consequence={
        <p>
          This merges the table’s {formatNumber(small)} small fragments into fewer, larger ones and
          brings its indexes up to date, as new versions of the table. Reads get faster; no row
          changes, and no earlier version is removed. It runs as a job: cancel stops it between
          passes, and a pass under way finishes.
        </p>
      }
      confirmLabel="Compact"
      onConfirm={async () => {
        await call('tables:compact', tableInput(table));
        toasts.push('info', `Compaction of ${table.table} started: its progress is in Storage`);
      }}
      onClose={ws.closeDialog}
    />
  );
}
