/**
 * The schema a query resolves its column paths against, remembered per open LanceDB handle.
 *
 * Reading the schema on a strongly consistent handle is a version check: one more request to an
 * object store before every query (a vector query made 4 where plain LanceDB makes 3). The
 * schema changes far less often than the data, so a query uses the one it remembers, and reads
 * it again only when a path does not resolve against it (a column another process added) or
 * after this process changed the schema. A column another process dropped or renamed is then
 * reported by LanceDB itself when the query runs.
 */
import type * as lancedb from '@lancedb/lancedb';
import type { Schema } from 'apache-arrow';
import { ERROR_CODES, isCatalogError } from '../../../../src-shared/vocabulary/errors';
import { lance } from '../lance-errors';

const remembered = new WeakMap<lancedb.Table, Promise<Schema>>();

export async function withQuerySchema<T>(
  table: lancedb.Table,
  use: (schema: Schema) => Promise<T>,
): Promise<T> {
  let schema = remembered.get(table);
  const fresh = schema === undefined;
  if (!schema) {
    const read = lance(() => table.schema());
    remembered.set(table, read);
    read.catch(() => remembered.get(table) === read && remembered.delete(table));
    schema = read;
  }
  try {
    return await use(await schema);
  } catch (error) {
    const stale = !fresh && isCatalogError(error) && error.code === ERROR_CODES.TableColumnNotFound;
    if (!stale) throw error;
    remembered.delete(table);
    return withQuerySchema(table, use);
  }
}

/** Forgets the schema of a handle whose table this process just changed. */
export function forgetQuerySchema(table: lancedb.Table): void {
  remembered.delete(table);
}
