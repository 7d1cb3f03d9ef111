/**
 * The grid's column keys, for react-virtual and React: a column's name, which stays with it when
 * it moves (so its header keeps its element, and the focus or a drag in it), with its place added
 * where a name repeats (a query's result may hold two). A new function for each column list:
 * react-virtual places its columns anew only when an option changes, and this one does when a
 * width or the order does.
 */
import type { GridColumn } from './grid-model';

export function columnKeys(columns: readonly GridColumn[]): (index: number) => string {
  const seen = new Set<string>();
  const keys = columns.map((c, i) => {
    const key = seen.has(c.name) ? `${c.name}\u0000${i}` : c.name;
    seen.add(c.name);
    return key;
  });
  return (index) => keys[index] ?? String(index);
}
