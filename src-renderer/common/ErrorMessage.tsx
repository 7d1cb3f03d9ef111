/** An error as a person reads it: title, detail and the next step, in an alert region. */
import { describeError } from '../api/studio-error';

export function ErrorMessage({ error, label }: { error: unknown; label?: string }) {
  if (!error) return null;
  const view = describeError(error);
  return (
    <div role="alert" className="error-box" aria-label={label}>
      <strong>{view.title}</strong>
      <span className="error-detail">{view.detail}</span>
      {view.next && <span className="error-next">{view.next}</span>}
    </div>
  );
}
