/** The table at a glance: rows, version, size, fragments, and its indexes. */
import type { TableRef } from '../api/query-keys';
import { useIndexes, useTableDescription } from '../api/catalog-queries';
import { ErrorMessage } from '../common/ErrorMessage';

export function OverviewTab({ tableRef }: { tableRef: TableRef }) {
  const description = useTableDescription(tableRef);
  const indexes = useIndexes(tableRef);
  if (description.isPending) return <p className="muted">Loading…</p>;
  if (!description.data) return <ErrorMessage error={description.error} />;
  const d = description.data;
  return (
    <div className="overview">
      <dl className="stats">
        <div>
          <dt>Rows</dt>
          <dd data-testid="row-count">{d.rowCount.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Version</dt>
          <dd>{d.version}</dd>
        </div>
        <div>
          <dt>Columns</dt>
          <dd>{d.schema.fields.length}</dd>
        </div>
      </dl>
      <h3>Indexes</h3>
      <ErrorMessage error={indexes.error} />
      {indexes.data?.length === 0 && <p className="muted">No indexes.</p>}
      <ul>
        {indexes.data?.map((i) => (
          <li key={i.name}>
            {i.name} ({i.indexType} on {i.columns.join(', ')})
          </li>
        ))}
      </ul>
    </div>
  );
}
