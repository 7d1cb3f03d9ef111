/**
 * A struct column's header: a menu of the fields rows can be ordered by. Choosing one moves its
 * order on as a plain column's header does (ascending, descending, the table's own order).
 */
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';

export function FieldSortMenu({
  column,
  paths,
  sorted,
  onSort,
  children,
}: {
  column: string;
  paths: readonly string[];
  sorted: { column: string; ascending: boolean } | undefined;
  onSort: (path: string) => void;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button type="button" className="header-sort" aria-label={`Sort by a field of ${column}`}>
          {children}
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="start" aria-label={`Fields of ${column}`}>
          {paths.map((path) => {
            const mark =
              sorted?.column === path ? (sorted.ascending ? ' (ascending)' : ' (descending)') : '';
            return (
              <DropdownMenu.Item key={path} className="menu-item" onSelect={() => onSort(path)}>
                Sort by {path}
                {mark}
              </DropdownMenu.Item>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
