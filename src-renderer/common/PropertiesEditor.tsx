/** Key/value rows for namespace properties. */
export interface PropertyRow {
  key: string;
  value: string;
}

export function propertiesProblem(rows: readonly PropertyRow[]): string | undefined {
  const seen = new Set<string>();
  for (const row of rows) {
    const key = row.key.trim();
    if (!key) return 'Every property needs a key';
    if (seen.has(key)) return `The property ${key} is given twice`;
    seen.add(key);
  }
  return undefined;
}

export function PropertiesEditor({
  rows,
  onChange,
}: {
  rows: PropertyRow[];
  onChange: (rows: PropertyRow[]) => void;
}) {
  const problem = propertiesProblem(rows);
  const set = (i: number, patch: Partial<PropertyRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="properties">
      <legend>Properties (optional)</legend>
      {rows.map((row, i) => (
        <div className="row" key={i}>
          <input
            aria-label={`Property ${i + 1} key`}
            placeholder="key"
            value={row.key}
            onChange={(e) => set(i, { key: e.target.value })}
          />
          <input
            aria-label={`Property ${i + 1} value`}
            placeholder="value"
            value={row.value}
            onChange={(e) => set(i, { value: e.target.value })}
          />
          <button
            type="button"
            aria-label={`Remove property ${i + 1}`}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            ✕
          </button>
        </div>
      ))}
      <button type="button" onClick={() => onChange([...rows, { key: '', value: '' }])}>
        Add property
      </button>
      {problem && rows.length > 0 && <span className="field-error">{problem}</span>}
    </fieldset>
  );
}
