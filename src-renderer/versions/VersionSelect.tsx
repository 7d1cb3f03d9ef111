/**
 * A labelled choice among a table's versions, in the order given: the branch form's starting
 * version, the tag form's target and the two ends of a comparison.
 */
export function VersionSelect({
  label,
  value,
  versions,
  onChange,
}: {
  /** The caption on screen, and so the accessible name too. */
  label: string;
  value: string | number;
  versions: readonly number[];
  onChange: (value: string) => void;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        {versions.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </label>
  );
}
