/**
 * A labelled text input. Its visible label is its accessible name, word for word, so screen
 * readers, voice control and tests find it by the words on screen; what explains the field
 * more than a name should say is a hint under it, read as the input's description. What is
 * wrong with the input, when shown, follows it.
 */
import { useId, type ComponentProps, type ReactNode } from 'react';

export function TextField({
  label,
  hint,
  onChange,
  children,
  ...input
}: Omit<ComponentProps<'input'>, 'onChange' | 'aria-label' | 'children'> & {
  label: string;
  /** Said under the input and announced as its description, not as part of its name. */
  hint?: string;
  onChange: (value: string) => void;
  children?: ReactNode;
}) {
  const hintId = useId();
  return (
    <label className="field">
      <span>{label}</span>
      <input
        aria-label={label}
        aria-describedby={hint ? hintId : undefined}
        {...input}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && (
        <span id={hintId} className="help">
          {hint}
        </span>
      )}
      {children}
    </label>
  );
}
