/**
 * "Test connection": opens the catalog as the dialog's own button would, without keeping it, so
 * what is wrong is named before anything is saved. Not a submit: Enter in a field opens.
 */
export function TestButton({
  pending,
  disabled,
  onTest,
}: {
  pending: boolean;
  disabled: boolean;
  onTest: () => void;
}) {
  return (
    <button type="button" disabled={disabled || pending} onClick={onTest}>
      {pending ? 'Testing…' : 'Test connection'}
    </button>
  );
}
