/**
 * One choice among a few, as radio buttons each in its own label, inside the group that names
 * them for a screen reader. A group shown as a field also names itself on screen, above a row.
 */
import { useId, type ReactNode } from 'react';

export function RadioGroup<T extends string>({
  label,
  value,
  options,
  onChange,
  className,
  asField = false,
}: {
  label: string;
  value: T;
  options: ReadonlyArray<readonly [T, ReactNode]>;
  onChange: (value: T) => void;
  className?: string;
  asField?: boolean;
}) {
  // The browser groups radios by name; a generated one cannot clash with another group's.
  const name = useId();
  const radios = options.map(([option, text]) => (
    <label key={option} className="check">
      <input
        type="radio"
        name={name}
        checked={value === option}
        onChange={() => onChange(option)}
      />
      {text}
    </label>
  ));
  return (
    <div className={asField ? 'field' : className} role="radiogroup" aria-label={label}>
      {asField ? (
        <>
          <span>{label}</span>
          <div className="row">{radios}</div>
        </>
      ) : (
        radios
      )}
    </div>
  );
}
