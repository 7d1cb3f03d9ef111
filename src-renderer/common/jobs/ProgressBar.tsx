/**
 * How far a job has got, as a bar. With no known fraction a third-wide fill slides instead, and
 * aria-valuenow is left out so a screen reader calls it indeterminate rather than 0%.
 */
export function ProgressBar({ fraction, label }: { fraction: number | undefined; label: string }) {
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      {...(fraction === undefined ? {} : { 'aria-valuenow': Math.round(fraction * 100) })}
    >
      <div
        className={fraction === undefined ? 'progress-fill indeterminate' : 'progress-fill'}
        style={{ width: `${Math.round((fraction ?? 0.3) * 100)}%` }}
      />
    </div>
  );
}
