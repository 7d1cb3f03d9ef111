/**
 * One column's header: its name and type, the sort it offers (a click, or a struct's fields),
 * and, where the grid's owner keeps a layout, its resize edge and a press that starts a move.
 */
import type { PointerEvent } from 'react';
import { ColumnResizer } from './ColumnResizer';
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
  onResize,
  onMoveBy,
  onMovePress,
  moving,
}: {
  column: GridColumn;
  index: number;
  left: number;
  width: number;
  sort: GridView['sort'];
  onSort: ((path: string) => void) | undefined;
  onResize?: (width: number) => void;
  onMoveBy?: (delta: -1 | 1) => void;
  /** A press on the header, which becomes a move if the pointer then travels. */
  onMovePress?: (event: PointerEvent<HTMLDivElement>) => void;
  /** This header is being moved, or the one moved would land before or after it. */
  moving?: 'dragged' | 'before' | 'after';
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
      className={moving ? `grid-header-cell ${moving}` : 'grid-header-cell'}
      data-column={column.name}
      style={{ left, width }}
      onPointerDown={onMovePress}
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
      {onResize && (
        <ColumnResizer column={column.name} width={width} onResize={onResize} onMoveBy={onMoveBy} />
      )}
    </div>
  );
}
