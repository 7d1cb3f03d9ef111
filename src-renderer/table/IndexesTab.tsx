/**
 * The table's indexes with their coverage, and create/drop for writable connections. Host
 * events keep it current: a running build invalidates this list, and its end the whole table.
 */
import type { Connection } from '../../src-shared/studio-procedures';
import type { TableRef } from '../api/query-keys';
import { useIndexes } from '../api/catalog-queries';
import { ErrorMessage } from '../common/ErrorMessage';
import { TableHead } from '../common/TableHead';
import { canChange, refusalFor } from '../api/connection-rights';
import { useWorkspace } from '../state/workspace';
import { IndexStateCells } from './IndexStateCells';
import { humanBytes } from './format-bytes';

export function IndexesTab({
  tableRef,
  connection,
}: {
  tableRef: TableRef;
  connection: Connection;
}) {
  const ws = useWorkspace();
  const indexes = useIndexes(tableRef);
  // Changes here need write access where the table is; a connection without it shows none.
  const writable = canChange(connection) && !refusalFor(connection, 'write', tableRef.path);
  return (
    <div className="indexes-tab">
      <div className="data-toolbar">
        <span className="muted">
          {indexes.data
            ? `${indexes.data.length} index${indexes.data.length === 1 ? '' : 'es'}`
            : ''}
        </span>
      </div>
      <ErrorMessage error={indexes.error} />
      {indexes.isPending && <p className="muted">Loading…</p>}
      {indexes.data?.length === 0 && (
        <p className="empty-state">
          No indexes yet. Queries scan every row; an index speeds up filters on a column or vector
          search.
        </p>
      )}
      {indexes.data && indexes.data.length > 0 && (
        <table className="data-table" aria-label="Indexes">
          <TableHead
            columns={['Name', 'Type', 'Column', 'Distance', 'Status', 'Coverage', 'Size']}
            actions={writable}
          />
          <tbody>
            {indexes.data.map((index) => (
              <tr key={index.name}>
                <th scope="row" className="mono">
                  {index.name}
                </th>
                <td>{index.indexType}</td>
                <td className="mono">{index.columns.join(', ')}</td>
                <td>{index.distanceType ?? <span className="muted">—</span>}</td>
                <IndexStateCells index={index} />
                <td>
                  {index.sizeBytes !== undefined ? (
                    humanBytes(index.sizeBytes)
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
                {writable && (
                  <td>
                    <button
                      type="button"
                      className="danger"
                      aria-label={`Drop index ${index.name}`}
                      disabled={index.status === 'building'}
                      onClick={() =>
                        ws.openDialog({ kind: 'drop-index', table: tableRef, name: index.name })
                      }
                    >
                      Drop…
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
