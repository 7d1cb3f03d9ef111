/**
 * What every schema dialog shares: its own inputs on top, then the preview of the resulting
 * schema, the sentence naming what will be rewritten, what stops the change (said before it is
 * sent), the host's refusal if it comes, and the confirmation.
 */
import type { ReactNode } from 'react';
import type { JsonArrowField } from '../../src-shared/vocabulary/json-arrow-types';
import type { TableRef } from '../api/query-keys';
import { ErrorMessage } from '../common/ErrorMessage';
import { displayPath } from '../common/format-path';
import { Modal } from '../common/Modal';
import { useWorkspace } from '../state/workspace';
import type { SchemaChange } from './schema-change';
import { SchemaPreview } from './SchemaPreview';
import { useSchemaChange } from './use-schema-change';
import '../create/create.css';
import './columns.css';

export function SchemaChangeFrame({
  title,
  table,
  fields,
  change,
  problem,
  waiting,
  consequence,
  confirmLabel,
  danger,
  children,
}: {
  title: string;
  table: TableRef;
  fields: readonly JsonArrowField[];
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
  const ws = useWorkspace();
  const apply = useSchemaChange(table);
  const ready = change !== undefined && !problem && !waiting;
  return (
    <Modal
      wide
      title={title}
      description={`On ${displayPath([...table.path, table.table])}`}
      onClose={ws.closeDialog}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) apply.mutate(change);
        }}
      >
        {children}
        <SchemaPreview fields={fields} change={change} />
        <section className="consequence" aria-label="What this changes">
          {waiting ? <p className="muted">{waiting}</p> : consequence}
        </section>
        {problem && (
          <p className="form-problem" role="alert" aria-label="Why this cannot be done">
            {problem}
          </p>
        )}
        <ErrorMessage error={apply.error} />
        <div className="modal-actions">
          <button type="button" onClick={ws.closeDialog}>
            Cancel
          </button>
          <button
            type="submit"
            className={danger ? 'danger' : 'primary'}
            disabled={!ready || apply.isPending}
          >
            {apply.isPending ? 'Working…' : confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
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
  const ws = useWorkspace();
  return (
    <Modal
      wide
      title={title}
      description={`On ${displayPath([...table.path, table.table])}`}
      onClose={ws.closeDialog}
    >
      {error ? (
        <ErrorMessage error={error} />
      ) : (
        <p className="muted">Reading the table’s schema…</p>
      )}
      <div className="modal-actions">
        <button type="button" onClick={ws.closeDialog}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
