/**
 * Every field of one row in full: vector values listed with their norm, images large, nested
 * values pretty-printed, each with a copy button. A side panel, so the grid stays in view.
 */
import { useEffect, useRef } from 'react';
import { formatNumber as cellNumber, type Cell } from './cell-model';
import { formatNorm } from './CellView';
import { CopyButton } from '../CopyButton';
import type { OpenedRow } from './DataGrid';
import { Sparkline } from './Sparkline';
import { useObjectUrl } from './use-object-url';
import { rowPredicate, rowsAsJson, rowsAsTsv } from './row-predicate';
import type { TableRef } from '../../api/query-keys';
import { useWorkspace } from '../../state/workspace';
import { tableKey } from '../../state/deep-link';
import { seedSearch } from '../../state/search-seed';
import { formatBytes, formatNumber, hexPrefix } from '../../../src-shared/format';

function LargeImage({ bytes, mime, name }: { bytes: Uint8Array; mime: string; name: string }) {
  const url = useObjectUrl(bytes, mime);
  return url ? <img className="inspector-image" src={url} alt={`Image in ${name}`} /> : null;
}

/** The text a Copy button puts on the clipboard for a cell. */
export function copyTextOf(cell: Cell): string {
  switch (cell.kind) {
    case 'null':
      return 'null';
    case 'bool':
    case 'text':
      return cell.text;
    case 'number':
      return cell.full;
    case 'nested':
      return cell.pretty;
    case 'vector':
      return `[${Array.from(cell.values).join(', ')}]`;
    case 'image':
    case 'binary':
      return hexPrefix(cell.bytes, cell.bytes.length);
  }
}

function FullValue({ cell, name }: { cell: Cell; name: string }) {
  switch (cell.kind) {
    case 'null':
      return <span className="cell-null">null</span>;
    case 'bool':
    case 'number':
      return <span className="mono">{cell.kind === 'number' ? cell.full : cell.text}</span>;
    case 'text':
      return <pre className="inspector-pre">{cell.text}</pre>;
    case 'nested':
      return <pre className="inspector-pre">{cell.pretty}</pre>;
    case 'vector':
      return (
        <div>
          <div className="row">
            <Sparkline values={cell.values} width={220} height={36} />
            <span className="mono">
              dim {cell.dim} · L2 norm {formatNorm(cell.norm)}
            </span>
          </div>
          <ol className="vector-values mono" aria-label={`Values of ${name}`}>
            {Array.from(cell.values, (v, i) => (
              <li key={i}>
                <span className="vector-index" aria-hidden="true">
                  {i}
                </span>
                {cellNumber(v)}
              </li>
            ))}
          </ol>
        </div>
      );
    case 'image':
      return (
        <div>
          <LargeImage bytes={cell.bytes} mime={cell.mime} name={name} />
          <div className="muted">
            {cell.mime} · {formatBytes(cell.bytes.length)}
          </div>
        </div>
      );
    case 'binary':
      return (
        <div>
          <div className="muted">{formatBytes(cell.bytes.length)}</div>
          <pre className="inspector-pre">{hexPrefix(cell.bytes, 256)}</pre>
        </div>
      );
  }
}

/**
 * Opening the inspector leaves focus where it was (the grid), so the keys go on moving through
 * rows and Enter opens the next one; it used to take focus to its Close button, where the next
 * Enter closed it. Escape closes it from the grid or from inside it.
 */

export function RowInspector({
  row,
  onClose,
  table,
  writable,
  edit,
}: {
  row: OpenedRow;
  onClose: () => void;
  table: TableRef;
  /** The connection may change this table's rows. */
  writable: boolean;
  /**
   * A value is edited in the grid, in place, as a pending change: Edit opens the grid's editor
   * on this row's cell. Absent: no Edit buttons.
   */
  edit?: { can(column: string): boolean; start(column: string): void };
}) {
  const ws = useWorkspace();
  const title = `Row ${formatNumber(row.index + 1)}`;
  // Named as the grid names it for editing: hidden columns that name rows included.
  const predicate = rowPredicate([...row.cells, ...(row.naming ?? [])]);
  const editable = writable && predicate !== undefined;
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // A dialog open above the grid owns Escape, and so does any other field (the filter box
      // clears itself with it): only from the grid or the inspector does it close the inspector.
      const from = document.activeElement;
      if (
        e.key !== 'Escape' ||
        e.defaultPrevented ||
        document.querySelector('[role="dialog"], [role="alertdialog"]') ||
        !from?.closest('[role="grid"], .inspector')
      )
        return;
      close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <aside className="inspector" aria-label={title}>
      <header className="inspector-head">
        <h3>{title}</h3>
        <button type="button" onClick={onClose} aria-label="Close row inspector">
          Close
        </button>
      </header>
      <div className="inspector-actions">
        <CopyButton text={rowsAsJson([row.cells])} label="Copy row as JSON" caption="Copy JSON" />
        <CopyButton text={rowsAsTsv([row.cells])} label="Copy row as TSV" caption="Copy TSV" />
        {editable && (
          <button
            type="button"
            className="danger"
            onClick={() => ws.openDialog({ kind: 'delete-rows', table, predicate })}
          >
            Delete row…
          </button>
        )}
      </div>
      {writable && predicate === undefined && (
        <p className="help">
          This row has no value that names it exactly (only floats, vectors or nested values), so it
          cannot be edited or deleted from here.
        </p>
      )}
      <dl className="inspector-fields">
        {row.cells.map(({ column, cell }) => (
          <div key={column.name} className="inspector-field">
            <dt>
              <span className="field-name">{column.name}</span>
              <span className="muted mono">{column.typeLabel}</span>
              <CopyButton text={copyTextOf(cell)} label={`Copy value of ${column.name}`} />
              {cell.kind === 'vector' && (
                <button
                  type="button"
                  className="link"
                  aria-label={`Find rows similar by ${column.name}`}
                  onClick={() => {
                    seedSearch(table, {
                      vectorColumn: column.name,
                      vectorText: JSON.stringify(Array.from(cell.values)),
                    });
                    ws.setTab(tableKey(table), 'search');
                  }}
                >
                  Find similar
                </button>
              )}
              {editable && edit?.can(column.name) && (
                <button
                  type="button"
                  className="link"
                  aria-label={`Edit ${column.name}`}
                  onClick={() => edit.start(column.name)}
                >
                  Edit
                </button>
              )}
            </dt>
            <dd>
              <FullValue cell={cell} name={column.name} />
            </dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
