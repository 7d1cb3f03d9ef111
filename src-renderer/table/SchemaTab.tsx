/**
 * The schema as a collapsible tree: each field's type, nullability, vector dimension and the
 * canonical path a filter or index request uses, with a copy button.
 */
import { useMemo, useState } from 'react';
import type { JsonArrowField } from '../../src-main/catalog/json-arrow-types';
import type { TableRef } from '../api/query-keys';
import { useTableDescription } from '../api/catalog-queries';
import { ErrorMessage } from '../common/ErrorMessage';
import { CopyButton } from './CopyButton';
import { flattenSchema } from './schema-tree';

export function SchemaTab({ tableRef }: { tableRef: TableRef }) {
  const description = useTableDescription(tableRef);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const fields = description.data?.schema.fields as JsonArrowField[] | undefined;
  const rows = useMemo(() => (fields ? flattenSchema(fields, collapsed) : []), [fields, collapsed]);
  if (description.isPending) return <p className="muted">Loading…</p>;
  if (!fields) return <ErrorMessage error={description.error} />;
  if (fields.length === 0) return <p className="empty-state">This table has no columns.</p>;

  const toggle = (id: string) => {
    const next = new Set(collapsed);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setCollapsed(next);
  };

  return (
    <table className="schema-table" aria-label="Schema">
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Type</th>
          <th scope="col">Nullable</th>
          <th scope="col">Path</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-depth={row.depth}>
            <th scope="row" className="schema-name" style={{ paddingLeft: 8 + row.depth * 18 }}>
              <span className="schema-name-inner">
                {row.expandable ? (
                  <button
                    type="button"
                    className="twisty-button"
                    aria-expanded={row.expanded}
                    aria-label={`${row.expanded ? 'Collapse' : 'Expand'} ${row.name}`}
                    onClick={() => toggle(row.id)}
                  >
                    {row.expanded ? '▾' : '▸'}
                  </button>
                ) : (
                  <span className="twisty-space" />
                )}
                <span className="field-name">{row.name}</span>
              </span>
            </th>
            <td className="mono">
              {row.typeLabel}
              {row.dimension !== undefined && <span className="badge">dim {row.dimension}</span>}
            </td>
            <td>{row.nullable ? 'yes' : <span className="muted">no</span>}</td>
            <td>
              {row.path ? (
                <span className="path-cell">
                  <code>{row.path}</code>
                  <CopyButton text={row.path} label={`Copy path ${row.path}`} />
                </span>
              ) : (
                <span className="muted" title="List elements have no column path">
                  —
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
