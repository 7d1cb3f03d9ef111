/** One cell in the grid, compact: vectors as dim, norm and a sparkline; images as thumbnails. */
import type { Cell } from './cell-model';
import { splitMatches, type Highlight } from './highlight';
import { Sparkline } from './Sparkline';
import { useObjectUrl } from './use-object-url';
import { formatBytes } from '../../../src-shared/format';

function Thumbnail({ bytes, mime }: { bytes: Uint8Array; mime: string }) {
  const url = useObjectUrl(bytes, mime);
  return url ? (
    <img
      className="thumb"
      src={url}
      alt={`${mime.slice(6).toUpperCase()} image, ${formatBytes(bytes.length)}`}
    />
  ) : null;
}

export function formatNorm(norm: number): string {
  return norm >= 100 ? norm.toFixed(0) : norm.toPrecision(3);
}

export function CellView({ cell, highlight }: { cell: Cell; highlight?: Highlight }) {
  switch (cell.kind) {
    case 'null':
      return <span className="cell-null">null</span>;
    case 'bool':
      return <span className="cell-text">{cell.text}</span>;
    case 'text':
      return (
        <span className="cell-text">
          {highlight
            ? splitMatches(cell.text, highlight).map((run, i) =>
                i % 2 === 1 ? <mark key={i}>{run}</mark> : run,
              )
            : cell.text}
        </span>
      );
    case 'number':
      return <span className="cell-number">{cell.text}</span>;
    case 'nested':
      return <span className="cell-nested mono">{cell.text}</span>;
    case 'vector':
      return (
        <span className="cell-vector">
          <Sparkline values={cell.values} />
          <span className="mono" title={`dimension ${cell.dim}, L2 norm ${cell.norm}`}>
            dim {cell.dim} · ‖{formatNorm(cell.norm)}‖
          </span>
        </span>
      );
    case 'image':
      return (
        <span className="cell-image">
          <Thumbnail bytes={cell.bytes} mime={cell.mime} />
          <span className="muted">{formatBytes(cell.bytes.length)}</span>
        </span>
      );
    case 'binary':
      return (
        <span className="cell-binary mono">
          <span className="muted">{formatBytes(cell.bytes.length)}</span> {cell.hex}
        </span>
      );
  }
}
