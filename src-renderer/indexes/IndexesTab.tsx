/**
 * The table's indexes with their coverage, and create/drop for writable connections. Host
 * events keep it current: a running build invalidates this list, and its end the whole table.
 */
import type { Connection } from '../../src-shared/studio-procedures';
import type { TableRef } from '../api/query-keys';
import { useIndexes, useJobs, useTableDescription } from '../api/catalog-queries';
import { RecallSection } from './recall/RecallSection';
import './recall/recall.css';
import { ErrorMessage } from '../common/ErrorMessage';
import { TableHead } from '../common/TableHead';
import { canChange, refusalFor } from '../api/connection-rights';
import { useWorkspace } from '../state/workspace';
import { IndexStateCells } from '../common/index-state/IndexStateCells';
import { IndexDetails } from './IndexDetails';
import { Fragment, useState } from 'react';
import { formatBytes } from '../../src-shared/format';

export function IndexesTab({
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
  const indexes = useIndexes(tableRef);
  const description = useTableDescription(tableRef);
  const jobs = useJobs();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  /** The newest finished build of this index on this table: its parameters and time. */
  const buildOf = (name: string) =>
    jobs.data?.find(
      (j) =>
        j.kind === 'create_index' &&
        j.state === 'succeeded' &&
        j.connectionId === tableRef.connectionId &&
        j.target.table === tableRef.table &&
        j.target.index === name &&
        j.target.namespacePath.join('\u0000') === tableRef.path.join('\u0000'),
    );
  // Changes here need write access where the table is; a connection without it shows none.
  const writable =
    !readOnly && canChange(connection) && !refusalFor(connection, 'write', tableRef.path);
  return (
    <div className="indexes-tab">
      <div className="data-toolbar">
        <span className="muted">
          {indexes.data
            ? `${indexes.data.length} index${indexes.data.length === 1 ? '' : 'es'}`
            : ''}
        </span>
        {/* Here too, besides the header's Create index…: messages about a missing index send
            people to this tab, and this is where they look for it. */}
        {writable && (
          <button
            type="button"
            className="primary"
            onClick={() => ws.openDialog({ kind: 'create-index', table: tableRef })}
          >
            New index…
          </button>
        )}
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
              <Fragment key={index.name}>
                <tr>
                  <th scope="row" className="mono">
                    <button
                      type="button"
                      className="link"
                      aria-expanded={open.has(index.name)}
                      aria-label={`Details of ${index.name}`}
                      onClick={() =>
                        setOpen((prev) => {
                          const next = new Set(prev);
                          if (next.has(index.name)) next.delete(index.name);
                          else next.add(index.name);
                          return next;
                        })
                      }
                    >
                      {open.has(index.name) ? '▾' : '▸'} {index.name}
                    </button>
                  </th>
                  <td>{index.indexType}</td>
                  <td className="mono">{index.columns.join(', ')}</td>
                  <td>{index.distanceType ?? <span className="muted">—</span>}</td>
                  <IndexStateCells index={index} />
                  <td>
                    {index.sizeBytes !== undefined ? (
                      formatBytes(index.sizeBytes)
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
                {open.has(index.name) && (
                  <tr className="index-details-row">
                    <td colSpan={writable ? 8 : 7}>
                      <IndexDetails index={index} build={buildOf(index.name)} />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
      {indexes.data && (
        <RecallSection
          tableRef={tableRef}
          indexes={indexes.data}
          rowCount={description.data?.rowCount}
        />
      )}
    </div>
  );
}
