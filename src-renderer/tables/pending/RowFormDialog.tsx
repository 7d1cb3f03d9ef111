/**
 * A new row, typed into a form built from the table's schema: one field per column, checked by
 * its type as it is typed, nullable ones optional. Duplicating a row opens it filled with that
 * row's values. The row joins the pending changes; nothing is written until they are committed.
 */
import { useState } from 'react';
import { DialogActions } from '../../common/DialogActions';
import { DialogForm } from '../../common/DialogForm';
import { Modal } from '../../common/Modal';
import { typeLabel } from '../../common/schema/schema-tree';
import type { JsonArrowField } from '../../../src-shared/vocabulary/json-arrow-types';
import { checkTyped, editKindOf, inputHint, insertRefusal, type CellText } from './cell-input';

export function RowFormDialog({
  title,
  fields,
  initial,
  onAdd,
  onClose,
}: {
  title: string;
  fields: readonly JsonArrowField[];
  /** Values to start from (a duplicated row's), by column; absent: every field empty. */
  initial?: Readonly<Record<string, string>>;
  onAdd: (values: Record<string, CellText>) => void;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState<Record<string, string>>(() => ({ ...initial }));
  const typedFields = fields.filter((f) => editKindOf(f) !== undefined);
  const leftNull = fields.filter((f) => editKindOf(f) === undefined);
  const checked = typedFields.map((f) => ({
    field: f,
    result: checkTyped(typed[f.name] ?? '', f),
  }));
  const wrong = checked.find((c) => c.result.problem !== undefined);
  const refusal = insertRefusal(fields);
  const add = () => {
    if (wrong || refusal) return;
    onAdd(Object.fromEntries(checked.map((c) => [c.field.name, c.result.value ?? null])));
    onClose();
  };
  return (
    <Modal title={title} onClose={onClose}>
      <DialogForm onSubmit={add} className="row-form">
        <p className="help">
          The row is added to the pending changes, and written when they are committed.
        </p>
        {typedFields.map((f) => {
          const problem = checked.find((c) => c.field === f)?.result.problem;
          const value = typed[f.name] ?? '';
          return (
            <label key={f.name} className="field">
              <span>{f.name}</span>
              <input
                aria-label={f.name}
                className="mono"
                value={value}
                placeholder={inputHint(f)}
                spellCheck={false}
                aria-invalid={problem !== undefined && value !== ''}
                onChange={(e) => setTyped((t) => ({ ...t, [f.name]: e.target.value }))}
              />
              <span className="help">
                {typeLabel(f)}
                {f.nullable ? ', optional' : ', required'}
              </span>
              {problem !== undefined && (value !== '' || !f.nullable) && (
                <span className="field-error">{problem}</span>
              )}
            </label>
          );
        })}
        {leftNull.length > 0 && (
          <p className="help">
            Left null (their values cannot be typed in):{' '}
            {leftNull.map((f) => `${f.name} (${typeLabel(f)})`).join(', ')}.
          </p>
        )}
        <DialogActions
          label="Add to pending changes"
          disabled={wrong !== undefined || refusal !== undefined}
          problem={refusal ?? (wrong ? `${wrong.field.name}: ${wrong.result.problem}` : undefined)}
          onCancel={onClose}
        />
      </DialogForm>
    </Modal>
  );
}
