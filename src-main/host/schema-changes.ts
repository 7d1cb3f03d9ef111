/**
 * Schema evolution for the app: the engine's add, alter and drop columns, with every refusal
 * naming the column it was about. LanceDB's own messages often do not (an unparsable expression
 * reports the SQL it built, not the column being added), and a person reading the error in a
 * dialog, or in a batch of several changes, needs to know which column failed.
 */
import type { TableHandle } from '../catalog/client';
import type { AddColumn, ColumnAlteration, SchemaChangeResult } from '../../src-shared/catalog-api';
import { CatalogError, isCatalogError } from '../../src-shared/vocabulary/errors';

export function addColumns(table: TableHandle, columns: AddColumn[]): Promise<SchemaChangeResult> {
  return naming(
    'add',
    columns.map((c) => c.name),
    () => table.addColumns({ columns }),
  );
}

export function alterColumns(
  table: TableHandle,
  alterations: ColumnAlteration[],
): Promise<SchemaChangeResult> {
  return naming(
    'change',
    alterations.map((a) => a.path),
    () => table.alterColumns({ alterations }),
  );
}

export function dropColumns(table: TableHandle, columns: string[]): Promise<SchemaChangeResult> {
  return naming('drop', columns, () => table.dropColumns({ columns }));
}

/** Whether `text` mentions `name` as a whole word, not as part of a longer identifier. */
export function mentions(text: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^A-Za-z0-9_])${escaped}($|[^A-Za-z0-9_])`).test(text);
}

async function naming<T>(verb: string, names: string[], change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (!isCatalogError(error) || names.some((name) => mentions(error.message, name))) throw error;
    const which = names.length === 1 ? 'column' : 'columns';
    // Same code, so callers and the renderer's next-step advice still see the engine's verdict.
    throw new CatalogError(
      error.code,
      `Cannot ${verb} ${which} ${names.join(', ')}: ${error.message}`,
      {
        cause: error,
        ...(error.detail === undefined ? {} : { detail: error.detail }),
      },
    );
  }
}
