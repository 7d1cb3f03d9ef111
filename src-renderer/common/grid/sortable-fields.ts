/**
 * What the grid can order rows by: a column of single values, or a scalar field inside a struct
 * column (`meta.score`, quoted as `` meta.`a.b` `` where a name has a dot), which LanceDB orders by
 * as well. Lists, vectors and maps hold many values per row, so they order nothing.
 */
import { formatFieldPath, parseFieldPath } from '../../../src-shared/vocabulary/field-paths';
import type { JsonArrowField } from '../../../src-shared/vocabulary/json-arrow-types';

const MANY_VALUES = new Set(['list', 'large_list', 'fixed_size_list', 'map']);

export function isSortableColumn(field: JsonArrowField): boolean {
  return field.type.type !== 'struct' && !MANY_VALUES.has(field.type.type);
}

/** The scalar fields of a struct column, nested structs walked, as paths; none for others. */
export function structSortPaths(field: JsonArrowField): string[] {
  if (field.type.type !== 'struct') return [];
  const paths: string[] = [];
  const walk = (f: JsonArrowField, segments: string[]) => {
    if (f.type.type === 'struct') {
      for (const child of f.type.fields ?? []) walk(child, [...segments, child.name]);
    } else if (!MANY_VALUES.has(f.type.type)) {
      paths.push(formatFieldPath(segments));
    }
  };
  walk(field, [field.name]);
  return paths;
}

/** The top-level column a sort path reads (LanceDB orders only by columns a query returns). */
export function sortColumnOf(path: string): string {
  try {
    return parseFieldPath(path)[0] ?? path;
  } catch {
    return path;
  }
}
