/**
 * The pending changes before they are committed, as the host plans them (`rows:plan`, the
 * commit's own preparation with nothing written): each statement exactly as it will run, with a
 * line in plain words above it, and each edit's or deletion's predicate with the one row the host
 * resolved it to. What the commit would refuse (a bad value, a predicate naming no row or two, a
 * gate limit) is refused here in the same words, so the person sees it before committing.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryKeys, type TableRef } from '../../api/query-keys';
import { useCall } from '../../api/studio-context';
import { tableInput } from '../../api/table-input';
import { DialogActions } from '../../common/DialogActions';
import { ErrorMessage } from '../../common/ErrorMessage';
import { Modal } from '../../common/Modal';
import { formatNumber } from '../../../src-shared/format';
import { commitInput, refusedRow, type PendingChanges } from './pending-changes';
import { plannedRows, statementSummary, type PlannedRow } from './review-plan';

/** Rows listed; past these the host has resolved them all the same. */
const LISTED = 100;

const LABELS = {
  update: 'The update to run',
  insert: 'The insert to run',
  delete: 'The delete to run',
} as const;

function PlannedRows({ rows }: { rows: readonly PlannedRow[] }) {
  return (
    <table className="data-table compact" aria-label="Rows the changes name">
      <thead>
        <tr>
          <th scope="col">Row</th>
          <th scope="col">Change</th>
          <th scope="col">Predicate</th>
          <th scope="col">Names</th>
          <th scope="col">Row id</th>
        </tr>
      </thead>
      <tbody>
        {rows.slice(0, LISTED).map((r) => (
          <tr key={`${r.change} ${r.predicate}`}>
            <td>{formatNumber(r.row + 1)}</td>
            <td>{r.change}</td>
            <td className="mono">{r.predicate}</td>
            <td>1 row</td>
            <td className="mono">{r.rowId}</td>
          </tr>
        ))}
        {rows.length > LISTED && (
          <tr>
            <td colSpan={5} className="muted">
              …and {formatNumber(rows.length - LISTED)} more, each naming one row.
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

export function ReviewChangesDialog({
  table,
  changes,
  committing,
  refusal,
  onCommit,
  onClose,
}: {
  table: TableRef;
  changes: PendingChanges;
  committing: boolean;
  /** The host's refusal of the last commit, said in the dialog's foot. */
  refusal: ReactNode;
  onCommit: () => void;
  onClose: () => void;
}) {
  const call = useCall();
  const input = commitInput(changes);
  // Planned again whenever the changes or the table change (its key is under the table's).
  const plan = useQuery({
    queryKey: [...queryKeys.table(table), 'rows-plan', input],
    queryFn: () => call('rows:plan', { ...tableInput(table), ...input }),
    gcTime: 0,
    retry: false,
  });
  const statements = plan.data?.statements ?? [];
  const refusedAt =
    plan.error instanceof Error ? refusedRow(plan.error.message, changes) : undefined;
  return (
    <Modal title="Review pending changes" onClose={onClose} wide>
      {plan.isPending && (
        <p role="status" className="muted">
          Planning the commit…
        </p>
      )}
      {plan.error && (
        <>
          <ErrorMessage error={plan.error} label="The commit would be refused" />
          {refusedAt && (
            <p className="help">{refusedAt}. Fix it in the grid, or discard it, to commit.</p>
          )}
        </>
      )}
      {plan.data && (
        <>
          <p>
            {statements.length === 1
              ? 'Committing runs this as one new version of the table.'
              : `Committing runs these in order, each as one new version of the table (${statements.length} in all).`}{' '}
            Earlier versions keep the old values.
          </p>
          {statements.map((s) => (
            <section key={s.kind} className="review-statement">
              <p className="review-summary">{statementSummary(s, changes)}</p>
              <pre className="sql-preview review-text" aria-label={LABELS[s.kind]}>
                {s.text}
              </pre>
            </section>
          ))}
          {plan.data.rows.length > 0 && <PlannedRows rows={plannedRows(changes, plan.data)} />}
        </>
      )}
      {refusal}
      <DialogActions
        label="Commit"
        pendingLabel="Committing…"
        pending={committing}
        disabled={!plan.data}
        onAct={onCommit}
        cancelLabel="Close"
        onCancel={onClose}
      />
    </Modal>
  );
}
