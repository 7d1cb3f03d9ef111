/**
 * Show, hide and order columns; hidden columns are not read (they leave the page's projection),
 * but for those that name rows on a writable table (naming-columns.ts). Order by the move buttons (keyboard and pointer alike) or by dragging headers in
 * the grid; "Reset columns" brings back the table's own order, widths and columns.
 */
import { Popover } from 'radix-ui';
import './column-chooser.css';

export function ColumnChooser({
  all,
  visible,
  onChange,
  onMove,
  onReset,
  customized,
}: {
  /** Every column, in the order shown. */
  all: readonly string[];
  visible: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** Moves a column to where another is. */
  onMove: (name: string, target: string) => void;
  onReset: () => void;
  /** Whether the layout differs from the table's default. */
  customized: boolean;
}) {
  const toggle = (name: string, on: boolean) => {
    const next = new Set(visible);
    if (on) next.add(name);
    else next.delete(name);
    onChange(next);
  };
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <button type="button">
          Columns {visible.size < all.length ? `(${visible.size} of ${all.length})` : ''}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="popover column-chooser"
          aria-label="Columns"
          align="start"
          sideOffset={4}
        >
          <div className="row">
            <button type="button" className="link" onClick={() => onChange(new Set(all))}>
              Show all
            </button>
            <button type="button" className="link" disabled={!customized} onClick={onReset}>
              Reset columns
            </button>
          </div>
          <ul>
            {all.map((name, i) => {
              const checked = visible.has(name);
              return (
                <li key={name} className="column-choice">
                  <label className="check">
                    <input
                      type="checkbox"
                      checked={checked}
                      // At least one column stays: a page with no columns has no rows to show.
                      disabled={checked && visible.size === 1}
                      onChange={(e) => toggle(name, e.target.checked)}
                    />
                    <span>{name}</span>
                  </label>
                  <span className="column-moves">
                    <button
                      type="button"
                      className="icon"
                      aria-label={`Move ${name} up`}
                      disabled={i === 0}
                      onClick={() => onMove(name, all[i - 1]!)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="icon"
                      aria-label={`Move ${name} down`}
                      disabled={i === all.length - 1}
                      onClick={() => onMove(name, all[i + 1]!)}
                    >
                      ↓
                    </button>
                  </span>
                </li>
              );
            })}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
