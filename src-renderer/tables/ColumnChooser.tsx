/** Show or hide columns; hidden columns are not read at all (they leave the page's projection). */
import { Popover } from 'radix-ui';

export function ColumnChooser({
  all,
  visible,
  onChange,
}: {
  all: readonly string[];
  visible: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
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
          </div>
          <ul>
            {all.map((name) => {
              const checked = visible.has(name);
              return (
                <li key={name}>
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
                </li>
              );
            })}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
