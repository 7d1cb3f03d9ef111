/**
 * A name input checked live against the catalog's identifier rules (the engine's own
 * `componentProblem`), so the form says what is wrong before anything is sent.
 */
import { componentProblem } from '../../src-shared/vocabulary/ids';
import { TextField } from './TextField';

export function nameProblem(name: string): string | undefined {
  const problem = componentProblem(name);
  return problem ? `The name ${problem}` : undefined;
}

export function NameField({
  label,
  value,
  onChange,
  touched,
  autoFocus,
  problem: otherProblem,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Show the problem only once something was typed, not on an untouched empty field. */
  touched?: boolean;
  autoFocus?: boolean;
  /** A problem the rules cannot see (the name is taken), shown in the same place. */
  problem?: string;
}) {
  const problem = nameProblem(value) ?? otherProblem;
  const show = (touched ?? value.length > 0) && problem;
  return (
    <TextField
      label={label}
      value={value}
      autoFocus={autoFocus}
      aria-invalid={Boolean(show)}
      onChange={onChange}
    >
      {show && (
        <span className="field-error" role="alert">
          {problem}
        </span>
      )}
    </TextField>
  );
}
