/** One column's header: its name and type, and the sort it offers (a click, or a struct's fields). */
import { formatFieldPath } from '../../../src-shared/vocabulary/field-paths';
import { FieldSortMenu } from './FieldSortMenu';
import type { GridColumn } from './grid-model';
import { sortColumnOf } from './sortable-fields';
import type { GridView } from './use-table-data';

export function GridHeaderCell({
  column,
  index,
  left,
  width,
  sort,
  onSort,
}: {
  column: GridColumn;
  index: number;
  left: number;
  width: number;
  sort: GridView['sort'];
  onSort: ((path: string) => void) | undefined;
}) {
  const sorted = sort && sortColumnOf(sort.column) === column.name ? sort : undefined;
  const own = formatFieldPath([column.name]);
  const byField = sorted && sorted.column !== own ? sorted.column : undefined;
  const label = (
    <>
      <span className="header-name">
        {column.name}
        {sorted && (
          <span className="sort-mark" aria-hidden="true">
            {sorted.ascending ? ' ▲' : ' ▼'}
            {byField && ` ${byField.slice(own.length + 1)}`}
          </span>
        )}
      </span>
      <span className="header-type">{column.typeLabel}</span>
    </>
  );
  return (
    <div
      role="columnheader"
      aria-colindex={index + 1}
      aria-sort={
        column.sortable || column.sortPaths?.length
          ? sorted
            ? sorted.ascending
              ? 'ascending'
              : 'descending'
            : 'none'
          : undefined
      }
      className="grid-header-cell"
      style={{ left, width }}
      title={`${column.name}: ${column.typeLabel}`}
    >
      {column.sortable && onSort ? (
        <button
          type="button"
          className="header-sort"
          aria-label={`Sort by ${column.name}`}
          onClick={() => onSort(own)}
        >
          {label}
        </button>
      ) : column.sortPaths?.length && onSort ? (
        <FieldSortMenu
          column={column.name}
          paths={column.sortPaths}
          sorted={sorted}
          onSort={onSort}
        >
          {label}
        </FieldSortMenu>
      ) : (
        label
      )}
    </div>
  );
}
