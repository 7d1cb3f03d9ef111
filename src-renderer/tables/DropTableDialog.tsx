/**
 * Dropping a table, behind a confirmation that names what will be lost (its rows and versions)
 * and asks for its name typed.
 */
import { useQuery } from '@tanstack/react-query';
import type { TableRef } from '../api/query-keys';
import { queryKeys } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { tableInput } from '../api/table-input';
import { ShowCode } from '../common/code/ShowCode';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { displayPath } from '../common/format-path';
import { useToasts } from '../common/toasts';
import { useWorkspace } from '../state/workspace';
import { tableKey } from '../state/deep-link';
import { formatNumber } from '../../src-shared/format';
import { forgetTable } from './pending/pending-store';

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
          {rows.data !== undefined ? ` and its ${formatNumber(rows.data)} rows` : ''}, with every
          version, index, tag and branch. It cannot be undone.
        </p>
      }
      confirmLabel="Drop table"
      typeToConfirm={table.table}
      onConfirm={async () => {
        await call('tables:drop', input);
        ws.closeTab(tableKey(table));
        forgetTable(tableKey(table));
        toasts.push('success', `Dropped table ${displayPath([...table.path, table.table])}`);
      }}
      onClose={ws.closeDialog}
    >
      <div className="show-code">
        <ShowCode
          connectionId={table.connectionId}
          action={() => ({
            kind: 'drop-table',
            target: { namespacePath: [...table.path], table: table.table },
          })}
        />
      </div>
    </ConfirmDialog>
  );
}
