/**
 * A confirmation that names what will be lost. For the worst changes it asks the person to type
 * the name, so a stray Enter cannot drop a table.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { DialogActions } from './DialogActions';
import { Modal } from './Modal';

export function ConfirmDialog({
  title,
  consequence,
  confirmLabel,
  typeToConfirm,
  onConfirm,
  onClose,
  children,
  resetKey,
  disabled = false,
}: {
  title: string;
  consequence: ReactNode;
  confirmLabel: string;
  /** When set, the confirm button stays disabled until this exact text is typed. */
  typeToConfirm?: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  children?: ReactNode;
  /** When this changes (an option the person changed), an earlier refusal no longer applies. */
  resetKey?: unknown;
  /** The form inside is not ready (a value to fix): the confirm button waits. */
  disabled?: boolean;
}) {
  const [typed, setTyped] = useState('');
  const action = useMutation({ mutationFn: onConfirm, onSuccess: onClose });
  const armed = typeToConfirm === undefined || typed === typeToConfirm;
  const { reset } = action;
  useEffect(() => reset(), [resetKey, reset]);
  return (
    <Modal title={title} onClose={onClose}>
      <div className="consequence">{consequence}</div>
      {children}
      {typeToConfirm !== undefined && (
        <label className="field">
          <span>
            Type the name to confirm: <code>{typeToConfirm}</code>
          </span>
          <input
            // The caption's words, the name included, so what is heard is what is seen.
            aria-label={`Type the name to confirm: ${typeToConfirm}`}
            value={typed}
            autoFocus
            onChange={(e) => setTyped(e.target.value)}
          />
        </label>
      )}
      <DialogActions
        label={confirmLabel}
        pendingLabel="Working…"
        pending={action.isPending}
        disabled={!armed || disabled}
        danger
        onAct={() => action.mutate()}
        error={action.error}
        onCancel={onClose}
      />
    </Modal>
  );
}
