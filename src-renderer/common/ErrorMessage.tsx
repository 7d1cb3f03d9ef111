/** An error as a person reads it: title, detail and the next step, in an alert region. */
import { describeError, type NextSteps } from '../api/studio-error';

export function ErrorMessage({
  error,
  label,
  nextSteps,
}: {
  error: unknown;
  label?: string;
  nextSteps?: NextSteps;
}) {
  if (!error) return null;
  const view = describeError(error, nextSteps);
  return (
    <div role="alert" className="error-box" aria-label={label}>
      <strong>{view.title}</strong>
      <span className="error-detail">{view.detail}</span>
      {view.next && <span className="error-next">{view.next}</span>}
    </div>
  );
}
