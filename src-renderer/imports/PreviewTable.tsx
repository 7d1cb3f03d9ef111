/** The first rows of a file as read for the import, so a person sees what the schema means. */
import type { JsonArrowField } from '../../src-shared/vocabulary/json-arrow-types';
import { temporalText } from '../common/decode/temporal-text';
import { TableHead } from '../common/TableHead';

const DAYS = new Set(['date32', 'date64']);

function cellText(value: unknown, field: JsonArrowField): string {
  // Dates and timestamps arrive as milliseconds: shown as the table will show them, not as
  // the number, so the preview agrees with the type the columns below say.
  const type = field.type.type;
  if (type === 'timestamp' || DAYS.has(type)) return temporalText(value, DAYS.has(type));
  if (Array.isArray(value)) {
    const shown = (value as unknown[])
      .slice(0, 6)
      .map((v) => (typeof v === 'number' ? +v.toFixed(4) : v));
    return `[${shown.join(', ')}${value.length > 6 ? `, … ${value.length} items` : ''}]`;
  }
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function PreviewTable({
  fields,
  rows,
}: {
  fields: readonly JsonArrowField[];
  rows: ReadonlyArray<Record<string, unknown>>;
}) {
  return (
    <div className="wide-box">
      <table className="data-table" aria-label="Preview of the first rows">
        <TableHead columns={fields.map((f) => f.name)} />
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {fields.map((f) =>
                row[f.name] === null || row[f.name] === undefined ? (
                  <td key={f.name} className="null">
                    null
                  </td>
                ) : (
                  <td key={f.name} title={cellText(row[f.name], f)}>
                    {cellText(row[f.name], f)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
