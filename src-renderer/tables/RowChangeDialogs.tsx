/**
 * Deleting rows from the grid, behind a confirmation that shows the generated `delete` and how
 * many rows its predicate matches right now, so a row that is not unique is never deleted by
 * surprise. It is one new table version. (Values are edited in the grid itself, as pending
 * changes committed together: `pending/`.)
 */
import { useQuery } from '@tanstack/react-query';
import { queryKeys, type TableRef } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { tableInput } from '../api/table-input';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { ErrorMessage } from '../common/ErrorMessage';
import { useToasts } from '../common/toasts';
import { useWorkspace } from '../state/workspace';
import { formatNumber } from '../../src-shared/format';

const rowsText = (n: number) => `${formatNumber(n)} row${n === 1 ? '' : 's'}`;

function useMatches(table: TableRef, predicate: string) {
  const call = useCall();
  return useQuery({
    queryKey: [...queryKeys.table(table), 'matches', predicate],
    queryFn: () => call('tables:count', { ...tableInput(table), filter: predicate }),
    gcTime: 0,
  });
}

function Matches({ count, error }: { count: number | undefined; error: unknown }) {
  if (error) return <ErrorMessage error={error} label="Could not count the rows it matches" />;
  if (count === undefined) return <p className="muted">Counting the rows it matches…</p>;
  return (
    <p>
      It matches <strong>{rowsText(count)}</strong>
      {count > 1 ? ': every one of them changes.' : '.'}
    </p>
  );
}

export function DeleteRowsDialog({
  table,
  predicate,
  selected,
}: {
  table: TableRef;
  predicate: string;
  /** How many rows were chosen; the predicate's own count is shown beside it. */
  selected: number;
}) {
  const ws = useWorkspace();
  const call = useCall();
  const toasts = useToasts();
  const matches = useMatches(table, predicate);
  return (
    <ConfirmDialog
      title={selected === 1 ? 'Delete row' : `Delete ${rowsText(selected)}`}
      consequence={
        <>
          <pre className="sql-preview" aria-label="The delete to run">
            DELETE FROM {table.table} WHERE {predicate}
          </pre>
          <Matches count={matches.data} error={matches.error} />
          <p>It becomes a new version of the table; earlier versions keep the rows.</p>
        </>
      }
      confirmLabel={matches.data === undefined ? 'Delete' : `Delete ${rowsText(matches.data)}`}
      // Not before the person has seen how many rows it takes.
      disabled={matches.data === undefined}
      onConfirm={async () => {
        const result = await call('rows:delete', { ...tableInput(table), filter: predicate });
        toasts.push('success', `Deleted ${rowsText(result.numRows)} (version ${result.version})`);
      }}
      onClose={ws.closeDialog}
    />
  );
}
