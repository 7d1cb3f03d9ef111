/**
 * A column's name, where the dialog puts the cursor first. Spell-check stays off: column names
 * are identifiers, often abbreviations a checker would underline.
 */
import { TextField } from '../../common/TextField';

export function ColumnNameField({
  label,
  value,
  onChange,
  invalid,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
}) {
  return (
    <TextField
      label={label}
      value={value}
      autoFocus
      spellCheck={false}
      aria-invalid={invalid}
      onChange={onChange}
    />
  );
}
