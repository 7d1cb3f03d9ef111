/**
 * A labelled drop-down. Its visible label is its accessible name too, so tests and screen
 * readers find it by the words on screen; help text, if any, follows the control.
 */
import type { ReactNode } from 'react';

export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  className = 'field',
  children,
}: {
  label: string;
  value: T;
  /** Each value with the words shown for it. */
  options: ReadonlyArray<readonly [T, string]>;
  onChange: (value: T) => void;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <label className={className}>
      <span>{label}</span>
      <select
        aria-label={label}
        value={value}
        // The options hold only values of T, so the chosen one is one of them.
        onChange={(e) => onChange(e.target.value as T)}
      >
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
      {children}
    </label>
  );
}
