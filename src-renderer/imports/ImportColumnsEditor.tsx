/** The inferred schema of a file, editable: keep or leave out, rename, change the type. */
import { IMPORT_COLUMN_TYPES } from '../../src-shared/studio-procedures';
import { TableHead } from '../common/TableHead';
import { importColumnsProblems, type DraftType, type ImportColumnDraft } from './import-columns';
import { IMPORT_TYPE_LABELS } from '../common/schema/type-names';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '../../src-shared/vocabulary/date-formats';

export function ImportColumnsEditor({
  drafts,
  onChange,
}: {
  drafts: ImportColumnDraft[];
  onChange: (drafts: ImportColumnDraft[]) => void;
}) {
  const { byColumn } = importColumnsProblems(drafts);
  const set = (i: number, patch: Partial<ImportColumnDraft>) =>
    onChange(drafts.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  return (
    <div className="wide-box">
      <table className="data-table columns-editor" aria-label="Columns to import">
        <TableHead columns={['Import', 'File column', 'Name in the table', 'Type', 'Dimension']} />
        <tbody>
          {drafts.map((d, i) => {
            const problem = byColumn.get(i);
            return (
              <tr key={d.source} className={d.include ? undefined : 'excluded'}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Import column ${d.source}`}
                    checked={d.include}
                    onChange={(e) => set(i, { include: e.target.checked })}
                  />
                </td>
                <td>
                  <code>{d.source}</code>
                  <div className="help">
                    read as {d.inferred}
                    {d.inferredType === 'date32' && ` (${DATE_FORMAT})`}
                    {d.inferredType === 'timestamp' && ` (${DATE_TIME_FORMAT})`}
                  </div>
                </td>
                <td>
                  <input
                    type="text"
                    aria-label={`Name of column ${d.source}`}
                    value={d.name}
                    disabled={!d.include}
                    aria-invalid={Boolean(problem)}
                    onChange={(e) => set(i, { name: e.target.value })}
                  />
                  {problem && (
                    <span className="field-error" role="alert">
                      {problem}
                    </span>
                  )}
                </td>
                <td>
                  <select
                    aria-label={`Type of column ${d.source}`}
                    value={d.type}
                    disabled={!d.include}
                    onChange={(e) => set(i, { type: e.target.value as DraftType })}
                  >
                    {d.inferredType === 'as-is' && (
                      <option value="as-is">as in the file ({d.inferred})</option>
                    )}
                    {IMPORT_COLUMN_TYPES.map((t) => (
                      <option key={t} value={t}>
                        {IMPORT_TYPE_LABELS[t]}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  {d.type === 'vector' && (
                    <input
                      type="text"
                      inputMode="numeric"
                      className="dimension"
                      aria-label={`Dimension of column ${d.source}`}
                      value={d.dimension}
                      disabled={!d.include}
                      onChange={(e) => set(i, { dimension: e.target.value })}
                    />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
