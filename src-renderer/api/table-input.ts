/**
 * A table as the host's procedures take it. The path is copied because procedure inputs are
 * mutable arrays while a TableRef's path is shared, read-only, with the views and query keys.
 */
import type { TableRef } from './query-keys';

export function tableInput(ref: TableRef) {
  return {
    connectionId: ref.connectionId,
    path: [...ref.path],
    table: ref.table,
    ...(ref.at ? { at: { ...ref.at } } : {}),
  };
}
