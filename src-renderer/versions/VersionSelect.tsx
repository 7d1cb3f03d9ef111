/**
 * A labelled choice among a table's versions, in the order given: the branch form's starting
 * version, the tag form's target and the two ends of a comparison.
 */
export function VersionSelect({
  label,
  name = label,
  value,
  versions,
  onChange,
}: {
  label: string;
  /** The accessible name, where the visible label carries more than the name should. */
  name?: string;
  value: string | number;
  versions: readonly number[];
  onChange: (value: string) => void;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <select aria-label={name} value={value} onChange={(e) => onChange(e.target.value)}>
        {versions.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </label>
  );
}
