/**
 * A labelled text input. Its visible label is its accessible name too, so screen readers and
 * tests find it by the words on screen, unless the label explains more than a name should say.
 * What is wrong with the input, when shown, follows it.
 */
import type { ComponentProps, ReactNode } from 'react';

export function TextField({
  label,
  accessibleName = label,
  onChange,
  children,
  ...input
}: Omit<ComponentProps<'input'>, 'onChange' | 'aria-label' | 'children'> & {
  label: string;
  accessibleName?: string;
  onChange: (value: string) => void;
  children?: ReactNode;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <input aria-label={accessibleName} {...input} onChange={(e) => onChange(e.target.value)} />
      {children}
    </label>
  );
}
