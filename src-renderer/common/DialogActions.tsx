/**
 * The foot of a dialog: the host's refusal when one came, what still stops the form, then Cancel
 * and the button that acts. That button names its work while it runs and stays disabled
 * meanwhile, so a second press cannot send the action twice.
 */
import type { ReactNode } from 'react';
import { useWorkspace } from '../state/workspace';
import { ErrorMessage } from './ErrorMessage';
import { FormProblem } from './FormProblem';

export function DialogActions({
  label,
  pendingLabel,
  pending = false,
  disabled = false,
  danger = false,
  onAct,
  error,
  errorLabel,
  problem,
  problemLabel,
  cancelLabel = 'Cancel',
  onCancel,
  sticky = true,
  note,
  children,
}: {
  /** The acting button's name; without one the dialog can only be left (while it loads). */
  label?: string;
  /** Shown instead of the label while the action runs. */
  pendingLabel?: string;
  pending?: boolean;
  /** For reasons other than running: running always disables it. */
  disabled?: boolean;
  danger?: boolean;
  /** Acts on click instead of submitting, for a dialog with no form around it. */
  onAct?: () => void;
  error?: unknown;
  errorLabel?: string;
  problem?: string | false | undefined;
  problemLabel?: string;
  cancelLabel?: string;
  /** Closes the workspace's dialog unless the dialog closes some other way. */
  onCancel?: () => void;
  /**
   * Keeps the buttons in view at the bottom of a form taller than the window, so the button
   * that acts is never below the fold (Create index was, under its parameters). On by default.
   */
  sticky?: boolean;
  /** Said at the start of the row, before the buttons. */
  note?: ReactNode;
  /** Buttons between Cancel and the one that acts. */
  children?: ReactNode;
}) {
  const ws = useWorkspace();
  return (
    <>
      <ErrorMessage error={error} label={errorLabel} />
      <FormProblem problem={problem} label={problemLabel} />
      <div className={sticky ? 'modal-actions sticky' : 'modal-actions'}>
        {note}
        <button type="button" onClick={onCancel ?? ws.closeDialog}>
          {cancelLabel}
        </button>
        {children}
        {label !== undefined && (
          <button
            type={onAct ? 'button' : 'submit'}
            className={danger ? 'danger' : 'primary'}
            disabled={pending || disabled}
            onClick={onAct}
          >
            {pending ? (pendingLabel ?? label) : label}
          </button>
        )}
      </div>
    </>
  );
}
