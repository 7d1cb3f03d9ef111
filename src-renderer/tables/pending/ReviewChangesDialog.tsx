/**
 * The pending changes before they are committed: the statements that will run (the UPDATE with a
 * CASE per edited column, the INSERT, the DELETE) and, for each row an edit or a deletion names,
 * how many rows its predicate matches right now. A predicate that matches none or several is
 * refused by the commit before anything is written; here the person sees it first.
 */
import { useQueries } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryKeys, type TableRef } from '../../api/query-keys';
import { useCall } from '../../api/studio-context';
import { tableInput } from '../../api/table-input';
import { DialogActions } from '../../common/DialogActions';
import { Modal } from '../../common/Modal';
import type { JsonArrowField } from '../../../src-shared/vocabulary/json-arrow-types';
import { formatNumber } from '../../../src-shared/format';
import { statements, type PendingChanges } from './pending-changes';

/** Rows whose matches are counted; past these the commit's own check still holds. */
const COUNTED = 100;

function RowMatches({
  table,
  rows,
}: {
  table: TableRef;
  rows: ReadonlyArray<{ predicate: string; row: number; what: string }>;
}) {
  const call = useCall();
  const counted = rows.slice(0, COUNTED);
  const counts = useQueries({
    queries: counted.map((r) => ({
      queryKey: [...queryKeys.table(table), 'matches', r.predicate],
      queryFn: () => call('tables:count', { ...tableInput(table), filter: r.predicate }),
      gcTime: 0,
    })),
  });
  return (
    <table className="data-table compact" aria-label="Rows the changes name">
      <thead>
        <tr>
          <th scope="col">Row</th>
          <th scope="col">Change</th>
          <th scope="col">Predicate</th>
          <th scope="col">Matches</th>
        </tr>
      </thead>
      <tbody>
        {counted.map((r, i) => {
          const count = counts[i];
          const n = count?.data;
          return (
            <tr key={`${r.what} ${r.predicate}`}>
              <td>{formatNumber(r.row + 1)}</td>
              <td>{r.what}</td>
              <td className="mono">{r.predicate}</td>
              <td className={n !== undefined && n !== 1 ? 'match-wrong' : undefined}>
                {count?.error
                  ? 'could not count'
                  : n === undefined
                    ? 'counting…'
                    : n === 1
                      ? '1 row'
                      : `${formatNumber(n)} rows: refused`}
              </td>
            </tr>
          );
        })}
        {rows.length > COUNTED && (
          <tr>
            <td colSpan={4} className="muted">
              …and {formatNumber(rows.length - COUNTED)} more, each checked by the commit.
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

export function ReviewChangesDialog({
  table,
  fields,
  changes,
  committing,
  refusal,
  onCommit,
  onClose,
}: {
  table: TableRef;
  fields: readonly JsonArrowField[];
  changes: PendingChanges;
  committing: boolean;
  /** The host's refusal of the last commit, said in the dialog's foot. */
  refusal: ReactNode;
  onCommit: () => void;
  onClose: () => void;
}) {
  const sql = statements(table.table, changes, fields);
  const named = [
    ...changes.edits.map((e) => ({
      predicate: e.predicate,
      row: e.row,
      what: `edit ${Object.keys(e.values).join(', ')}`,
    })),
    ...changes.deletes.map((d) => ({ predicate: d.predicate, row: d.row, what: 'delete' })),
  ];
  const versions = [sql.update, sql.insert, sql.delete].filter(Boolean).length;
  return (
    <Modal title="Review pending changes" onClose={onClose} wide>
      <p>
        {versions === 1
          ? 'Committing runs this as one new version of the table.'
          : `Committing runs these in order, each as one new version of the table (${versions} in all).`}{' '}
        Earlier versions keep the old values.
      </p>
      {sql.update && (
        <pre className="sql-preview" aria-label="The update to run">
          {sql.update}
        </pre>
      )}
      {sql.insert && (
        <pre className="sql-preview" aria-label="The insert to run">
          {sql.insert}
        </pre>
      )}
      {sql.delete && (
        <pre className="sql-preview" aria-label="The delete to run">
          {sql.delete}
        </pre>
      )}
      {named.length > 0 && <RowMatches table={table} rows={named} />}
      {refusal}
      <DialogActions
        label="Commit"
        pendingLabel="Committing…"
        pending={committing}
        onAct={onCommit}
        cancelLabel="Close"
        onCancel={onClose}
      />
    </Modal>
  );
}
