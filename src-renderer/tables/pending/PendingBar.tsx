/**
 * The table's changes not yet written: Insert row… and Duplicate row… (the inspected one), and
 * once anything waits, "N pending changes" with Review, Commit and Discard, and the new rows
 * listed. Commit sends everything in one `rows:commit`; a refusal keeps every change, so the
 * person fixes the one it names and commits again.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { TableRef } from '../../api/query-keys';
import { useCall } from '../../api/studio-context';
import { tableInput } from '../../api/table-input';
import { ErrorMessage } from '../../common/ErrorMessage';
import { useToasts } from '../../common/toasts';
import { editText } from '../../common/grid/grid-editing';
import type { OpenedRow } from '../../common/grid/grid-model';
import type { JsonArrowField } from '../../../src-shared/vocabulary/json-arrow-types';
import { MAX_PENDING_ROWS } from '../../../src-shared/procedures/rows';
import { formatNumber } from '../../../src-shared/format';
import { insertRefusal, sqlShown } from './cell-input';
import {
  commitInput,
  NO_CHANGES,
  pendingCount,
  refusedRow,
  withInsert,
  withoutCommitted,
  withoutInsert,
  type PendingChanges,
} from './pending-changes';
import { ReviewChangesDialog } from './ReviewChangesDialog';
import { RowFormDialog } from './RowFormDialog';

/** The host's refusal, and the grid's row it is about. */
function Refusal({ error, sent }: { error: unknown; sent: PendingChanges | undefined }) {
  if (!error) return null;
  const row = sent && error instanceof Error ? refusedRow(error.message, sent) : undefined;
  return (
    <>
      <ErrorMessage error={error} label="The commit was refused" />
      {row && <p className="help">{row}. Nothing was written; every change is still pending.</p>}
    </>
  );
}

const plural = (n: number, word: string) => `${formatNumber(n)} ${word}${n === 1 ? '' : 's'}`;

export function PendingBar({
  table,
  fields,
  changes,
  update,
  duplicable,
}: {
  table: TableRef;
  fields: readonly JsonArrowField[];
  changes: PendingChanges;
  update: (change: (current: PendingChanges) => PendingChanges) => void;
  /** The row open in the inspector, which Duplicate copies. */
  duplicable: OpenedRow | undefined;
}) {
  const call = useCall();
  const toasts = useToasts();
  const [form, setForm] = useState<{ title: string; initial?: Record<string, string> }>();
  const [reviewing, setReviewing] = useState(false);
  const commit = useMutation({
    mutationFn: (sent: PendingChanges) =>
      call('rows:commit', { ...tableInput(table), ...commitInput(sent) }),
    onSuccess: (result, sent) => {
      // What was sent is written, but for the kinds a failed step left; anything added while it
      // ran stays pending too.
      const left = new Set(result.notWritten?.kinds ?? []);
      const written = {
        ...sent,
        inserts: left.has('inserts') ? [] : sent.inserts,
        deletes: left.has('deletes') ? [] : sent.deletes,
      };
      update((current) => withoutCommitted(current, written));
      setReviewing(false);
      if (result.notWritten) {
        const kinds = result.notWritten.kinds
          .map((kind) => (kind === 'inserts' ? 'the new rows' : 'the deletions'))
          .join(' and ');
        toasts.push(
          'error',
          `Committed in part (version ${result.version}): ${kinds} could not be written and still wait: ${result.notWritten.message}`,
        );
        return;
      }
      const parts = [
        result.updated > 0 && plural(result.updated, 'row') + ' updated',
        result.inserted > 0 && plural(result.inserted, 'row') + ' inserted',
        result.deleted > 0 && plural(result.deleted, 'row') + ' deleted',
      ].filter(Boolean);
      toasts.push('success', `Committed: ${parts.join(', ')} (version ${result.version})`);
    },
  });
  const n = pendingCount(changes);
  const tooMany =
    changes.edits.length > MAX_PENDING_ROWS ||
    changes.inserts.length > MAX_PENDING_ROWS ||
    changes.deletes.length > MAX_PENDING_ROWS;
  const cannotInsert = insertRefusal(fields);
  const send = () => commit.mutate(changes);
  const byName = new Map(fields.map((f) => [f.name, f]));

  return (
    <>
      <div
        role="toolbar"
        aria-label="Pending changes"
        className={n > 0 ? 'pending-bar has-pending' : 'pending-bar'}
      >
        <button
          type="button"
          disabled={cannotInsert !== undefined}
          title={cannotInsert}
          onClick={() => setForm({ title: 'Insert row' })}
        >
          Insert row…
        </button>
        <button
          type="button"
          disabled={!duplicable || cannotInsert !== undefined}
          title={duplicable ? undefined : 'Open a row (click it) to duplicate it'}
          onClick={() =>
            duplicable &&
            setForm({
              title: `Duplicate row ${formatNumber(duplicable.index + 1)}`,
              initial: Object.fromEntries(
                duplicable.cells.map(({ column, cell }) => [column.name, editText(cell) ?? '']),
              ),
            })
          }
        >
          {duplicable ? `Duplicate row ${formatNumber(duplicable.index + 1)}…` : 'Duplicate row…'}
        </button>
        {n > 0 && (
          <>
            <strong className="pending-count" aria-live="polite">
              <span aria-hidden="true">✎ </span>
              {plural(n, 'pending change')}
            </strong>
            <button type="button" onClick={() => setReviewing(true)}>
              Review…
            </button>
            <button
              type="button"
              className="primary"
              disabled={commit.isPending || tooMany}
              title={
                tooMany ? `At most ${MAX_PENDING_ROWS} rows of each kind in one commit` : undefined
              }
              onClick={send}
            >
              {commit.isPending ? 'Committing…' : 'Commit'}
            </button>
            <button
              type="button"
              disabled={commit.isPending}
              onClick={() => {
                update(() => NO_CHANGES);
                commit.reset();
              }}
            >
              Discard
            </button>
          </>
        )}
      </div>
      {n > 0 && !reviewing && <Refusal error={commit.error} sent={commit.variables} />}
      {changes.inserts.length > 0 && (
        <table
          className="data-table compact pending-inserts"
          aria-label="New rows, not committed yet"
        >
          <caption className="muted">New rows, not committed yet</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
              {fields.map((f) => (
                <th key={f.name} scope="col">
                  {f.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {changes.inserts.map((row, i) => (
              <tr key={row.id}>
                <td>
                  <button
                    type="button"
                    className="link"
                    aria-label={`Remove new row ${i + 1}`}
                    onClick={() => update((current) => withoutInsert(current, row.id))}
                  >
                    ✕
                  </button>
                </td>
                {fields.map((f) => (
                  <td key={f.name} className="mono">
                    {row.values[f.name] === undefined || row.values[f.name] === null ? (
                      <span className="cell-null">null</span>
                    ) : (
                      sqlShown(row.values[f.name]!, byName.get(f.name)!)
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {form && (
        <RowFormDialog
          title={form.title}
          fields={fields}
          initial={form.initial}
          onAdd={(values) => update((current) => withInsert(current, values))}
          onClose={() => setForm(undefined)}
        />
      )}
      {reviewing && (
        <ReviewChangesDialog
          table={table}
          changes={changes}
          committing={commit.isPending}
          refusal={<Refusal error={commit.error} sent={commit.variables} />}
          onCommit={send}
          onClose={() => setReviewing(false)}
        />
      )}
    </>
  );
}
