/**
 * The schema as a collapsible tree: each field's type, nullability, vector dimension and the
 * canonical path a filter or index request uses, with a copy button. On a writable connection,
 * columns can be added, and each addressable one renamed, cast, made nullable or dropped.
 */
import { useMemo, useState } from 'react';
import type { JsonArrowField } from '../../src-shared/vocabulary/json-arrow-types';
import type { Connection } from '../../src-shared/studio-procedures';
import type { TableRef } from '../api/query-keys';
import { useTableDescription } from '../api/catalog-queries';
import { ColumnActions } from './columns/ColumnActions';
import { fieldAt } from './columns/schema-change';
import { ErrorMessage } from '../common/ErrorMessage';
import { TableHead } from '../common/TableHead';
import { canChange, refusalFor } from '../api/connection-rights';
import { useWorkspace } from '../state/workspace';
import { CopyButton } from '../common/CopyButton';
import { flattenSchema } from '../common/schema/schema-tree';
import './columns/columns.css';

export function SchemaTab({
  tableRef,
  connection,
  readOnly = false,
}: {
  tableRef: TableRef;
  connection: Connection;
  /** A checked-out version: nothing here may be changed. */
  readOnly?: boolean;
}) {
  const ws = useWorkspace();
  // Changes here need write access where the table is; a connection without it shows none.
  const writable =
    !readOnly && canChange(connection) && !refusalFor(connection, 'write', tableRef.path);
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
    <>
      {writable && (
        <div className="schema-toolbar">
          <button
            type="button"
            onClick={() => ws.openDialog({ kind: 'add-column', table: tableRef })}
          >
            Add column…
          </button>
        </div>
      )}
      <table className="schema-table" aria-label="Schema">
        <TableHead columns={['Field', 'Type', 'Nullable', 'Path']} actions={writable} />
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
              {writable && (
                <td>
                  {row.path && row.segments && (
                    <ColumnActions
                      table={tableRef}
                      path={row.path}
                      segments={row.segments}
                      field={fieldAt(fields, row.segments)!}
                    />
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
