/**
 * What stops a form, said before anything is sent. An alert, so a screen reader hears it the
 * moment a submit is refused rather than finding a disabled button.
 */
export function FormProblem({
  problem,
  label,
}: {
  problem: string | false | undefined;
  label?: string;
}) {
  if (!problem) return null;
  return (
    <p className="form-problem" role="alert" aria-label={label}>
      {problem}
    </p>
  );
}
