/**
 * What every schema dialog shares: its own inputs on top, then the preview of the resulting
 * schema, the sentence naming what will be rewritten, what stops the change (said before it is
 * sent), the host's refusal if it comes, and the confirmation.
 */
import type { ReactNode } from 'react';
import type { JsonArrowField } from '../../../src-shared/vocabulary/json-arrow-types';
import type { TableRef } from '../../api/query-keys';
import { DialogActions } from '../../common/DialogActions';
import { DialogForm } from '../../common/DialogForm';
import { ErrorMessage } from '../../common/ErrorMessage';
import { FormProblem } from '../../common/FormProblem';
import { TableModal } from '../../common/TableModal';
import type { SchemaChange } from './schema-change';
import { SchemaPreview } from './SchemaPreview';
import { useSchemaChange } from './use-schema-change';
import '../../common/forms.css';
import './columns.css';

/** The table a schema dialog changes, its schema as read, and the dialog's title. */
export interface SchemaChangeTarget {
  title: string;
  table: TableRef;
  fields: readonly JsonArrowField[];
}

export function SchemaChangeFrame({
  title,
  table,
  fields,
  change: proposed,
  problem,
  waiting,
  consequence,
  confirmLabel,
  danger,
  children,
}: SchemaChangeTarget & {
  /** Undefined while the inputs do not make a change yet. */
  change: SchemaChange | undefined;
  /** Why the change cannot be made as it stands. */
  problem?: string | undefined;
  /** Something still loading that the confirmation must name (the indexes of a drop). */
  waiting?: string | undefined;
  consequence: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  children?: ReactNode;
}) {
  const apply = useSchemaChange(table);
  // A change that a problem stops is neither previewed nor sent.
  const change = problem ? undefined : proposed;
  const ready = change !== undefined && !waiting;
  return (
    <TableModal title={title} table={table}>
      <DialogForm
        noValidate
        onSubmit={() => {
          if (ready) apply.mutate(change);
        }}
      >
        {children}
        <SchemaPreview fields={fields} change={change} />
        <section className="consequence" aria-label="What this changes">
          {waiting ? <p className="muted">{waiting}</p> : consequence}
        </section>
        <FormProblem problem={problem} label="Why this cannot be done" />
        <DialogActions
          label={confirmLabel}
          pendingLabel="Working…"
          pending={apply.isPending}
          disabled={!ready}
          danger={danger}
          error={apply.error}
        />
      </DialogForm>
    </TableModal>
  );
}

/** The dialog while the table's schema is read, or why it could not be. */
export function SchemaChangeLoading({
  title,
  table,
  error,
}: {
  title: string;
  table: TableRef;
  error: unknown;
}) {
  return (
    <TableModal title={title} table={table}>
      {error ? (
        <ErrorMessage error={error} />
      ) : (
        <p className="muted">Reading the table’s schema…</p>
      )}
      <DialogActions />
    </TableModal>
  );
}
