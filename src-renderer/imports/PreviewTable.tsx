/** The first rows of a file as read for the import, so a person sees what the schema means. */
import { TableHead } from '../common/TableHead';

function cellText(value: unknown): string {
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
  columns,
  rows,
}: {
  columns: readonly string[];
  rows: ReadonlyArray<Record<string, unknown>>;
}) {
  return (
    <div className="wide-box">
      <table className="data-table" aria-label="Preview of the first rows">
        <TableHead columns={columns} />
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {columns.map((c) =>
                row[c] === null || row[c] === undefined ? (
                  <td key={c} className="null">
                    null
                  </td>
                ) : (
                  <td key={c} title={cellText(row[c])}>
                    {cellText(row[c])}
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
