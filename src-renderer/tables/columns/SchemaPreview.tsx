/**
 * The schema as it will be after a change, the changed row highlighted and said in words in its
 * own column, so the change does not rest on colour alone.
 */
import type { JsonArrowField } from '../../../src-shared/vocabulary/json-arrow-types';
import { TableHead } from '../../common/TableHead';
import { previewSchema, type ChangeMark, type SchemaChange } from './schema-change';

const WORDS: Record<ChangeMark, string> = {
  added: 'added',
  renamed: 'renamed',
  retyped: 'new type',
  nullable: 'now nullable',
  dropped: 'dropped',
};

export function SchemaPreview({
  fields,
  change,
}: {
  fields: readonly JsonArrowField[];
  change: SchemaChange | undefined;
}) {
  const rows = previewSchema(fields, change);
  return (
    <div className="schema-preview">
      <table className="schema-table" aria-label="Schema after the change">
        <TableHead columns={['Field', 'Type', 'Nullable', 'Change']} />
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.id}
              data-change={row.change}
              className={row.change ? `preview-${row.change}` : undefined}
              // The changed row may sit below the fold of a long schema.
              ref={row.change ? (el) => el?.scrollIntoView({ block: 'nearest' }) : undefined}
            >
              <th scope="row" style={{ paddingLeft: 8 + row.depth * 18 }}>
                <span className="field-name">{row.name}</span>
              </th>
              <td className="mono">{row.typeLabel}</td>
              <td>
                {row.nullable === undefined ? (
                  <span className="muted" title="Decided by the expression">
                    —
                  </span>
                ) : row.nullable ? (
                  'yes'
                ) : (
                  <span className="muted">no</span>
                )}
              </td>
              <td>
                {row.change && <strong>{WORDS[row.change]}</strong>}
                {row.note && <span className="mono preview-note"> {row.note}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
