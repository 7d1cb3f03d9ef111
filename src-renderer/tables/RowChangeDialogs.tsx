/**
 * Deleting a row and editing a value from the grid, each behind a confirmation that shows the
 * generated `delete` or `update` and how many rows its predicate matches right now, so a row that
 * is not unique is never changed by surprise. Each change is one new table version.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys, type TableRef } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { tableInput } from '../api/table-input';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { ErrorMessage } from '../common/ErrorMessage';
import { useToasts } from '../common/toasts';
import { useWorkspace } from '../state/workspace';
import { FLOAT, INT, sqlIdentifier, sqlString } from '../common/grid/row-predicate';
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

/** The SQL literal for what was typed into a column of this type, or why it cannot be one. */
export function typedLiteral(
  typed: string,
  typeLabel: string,
  nullable: boolean,
): { literal: string; problem?: undefined } | { literal?: undefined; problem: string } {
  if (typed === '' && nullable && !/utf8/.test(typeLabel)) return { literal: 'NULL' };
  if (INT.test(typeLabel)) {
    return /^-?\d+$/.test(typed.trim())
      ? { literal: typed.trim() }
      : { problem: 'Enter a whole number' };
  }
  if (FLOAT.test(typeLabel)) {
    const n = Number(typed);
    return typed.trim() !== '' && Number.isFinite(n)
      ? { literal: String(n) }
      : { problem: 'Enter a number' };
  }
  if (typeLabel === 'bool') {
    return /^(true|false)$/.test(typed) ? { literal: typed } : { problem: 'Enter true or false' };
  }
  return { literal: sqlString(typed) };
}

export function EditCellDialog({
  table,
  predicate,
  column,
  typeLabel,
  current,
}: {
  table: TableRef;
  predicate: string;
  column: string;
  typeLabel: string;
  current: string;
}) {
  const ws = useWorkspace();
  const call = useCall();
  const toasts = useToasts();
  const matches = useMatches(table, predicate);
  const [typed, setTyped] = useState(current);
  const value = typedLiteral(typed, typeLabel, true);
  return (
    <ConfirmDialog
      title={`Edit ${column}`}
      consequence={
        <>
          <label className="field">
            <span>
              New value ({typeLabel}
              {/utf8/.test(typeLabel) ? '' : '; empty for null'})
            </span>
            <input
              aria-label={`New value of ${column}`}
              value={typed}
              autoFocus
              aria-invalid={value.problem !== undefined}
              onChange={(e) => setTyped(e.target.value)}
            />
            {value.problem !== undefined && (
              <span className="field-error" role="alert">
                {value.problem}
              </span>
            )}
          </label>
          {value.literal !== undefined && (
            <pre className="sql-preview" aria-label="The update to run">
              UPDATE {table.table} SET {sqlIdentifier(column)} = {value.literal} WHERE {predicate}
            </pre>
          )}
          <Matches count={matches.data} error={matches.error} />
          <p>It becomes a new version of the table; earlier versions keep the old value.</p>
        </>
      }
      confirmLabel="Save"
      disabled={value.problem !== undefined || typed === current || matches.data === undefined}
      onConfirm={async () => {
        if (value.literal === undefined) return;
        const literal = value.literal;
        const result = await call('rows:update', {
          ...tableInput(table),
          updates: { [column]: literal },
          filter: predicate,
        });
        toasts.push('success', `Updated ${rowsText(result.numRows)} (version ${result.version})`);
      }}
      onClose={ws.closeDialog}
    />
  );
}
