/** Name, colour and read-only: how a connection shows and whether it may change anything. */
import { useState } from 'react';

export const CONNECTION_COLORS = ['#2563eb', '#16a34a', '#d97706', '#dc2626', '#7c3aed', '#0891b2'];

/** What each swatch is called, aloud and on hover: a person names a colour, not its hex code. */
const COLOR_NAMES: Record<string, string> = {
  '#2563eb': 'Blue',
  '#16a34a': 'Green',
  '#d97706': 'Amber',
  '#dc2626': 'Red',
  '#7c3aed': 'Violet',
  '#0891b2': 'Teal',
};

export function useDisplayFields() {
  const [name, setName] = useState('');
  const [color, setColor] = useState(CONNECTION_COLORS[0]!);
  const [readOnly, setReadOnly] = useState(false);
  return {
    name,
    setName,
    color,
    setColor,
    readOnly,
    setReadOnly,
    values: { ...(name.trim() ? { name: name.trim() } : {}), color, readOnly },
  };
}

export function ConnectionDisplayFields({
  fields,
}: {
  fields: ReturnType<typeof useDisplayFields>;
}) {
  return (
    <fieldset className="display-fields">
      <legend>Display</legend>
      <label className="field">
        <span>Connection name (optional)</span>
        <input
          aria-label="Connection name (optional)"
          value={fields.name}
          maxLength={100}
          onChange={(e) => fields.setName(e.target.value)}
        />
      </label>
      <div className="field" role="radiogroup" aria-label="Colour">
        <span>Colour</span>
        <div className="row">
          {CONNECTION_COLORS.map((c) => (
            <button
              key={c}
              type="button"
              role="radio"
              aria-checked={fields.color === c}
              aria-label={COLOR_NAMES[c] ?? c}
              title={COLOR_NAMES[c] ?? c}
              className={fields.color === c ? 'swatch-button chosen' : 'swatch-button'}
              style={{ background: c }}
              onClick={() => fields.setColor(c)}
            />
          ))}
        </div>
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={fields.readOnly}
          onChange={(e) => fields.setReadOnly(e.target.checked)}
        />
        Read-only (hides and blocks every change)
      </label>
    </fieldset>
  );
}
