/**
 * Key/value rows for namespace properties. What is wrong with them is said once the person has
 * left a key field or submitted the form, not the moment a new, still empty row appears.
 */
import { useState } from 'react';

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
  submitted = false,
}: {
  rows: PropertyRow[];
  onChange: (rows: PropertyRow[]) => void;
  /** The form was submitted: every problem shows, left fields or not. */
  submitted?: boolean;
}) {
  const [left, setLeft] = useState(false);
  const problem = submitted || left ? propertiesProblem(rows) : undefined;
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
            // A new row is where the person types next.
            autoFocus={i === rows.length - 1 && row.key === '' && row.value === ''}
            onChange={(e) => set(i, { key: e.target.value })}
            onBlur={() => setLeft(true)}
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
