/**
 * Direct access to the directory catalog's `__manifest` table, for what LanceDB's directory
 * namespace does not offer in this version: reading a table's location, declaring, registering
 * and deregistering tables, and renaming or moving a table (its `rename_table` is "not
 * implemented").
 *
 * The manifest is an ordinary Lance table at `<root>/__manifest`, opened through the catalog's
 * own namespace connection by the row that names it (see manifest-bootstrap.ts), so the same code
 * runs on a folder and on an object store. Rows are written with the same columns LanceDB uses;
 * nothing about the layout is invented (see reference §4.3–4.4).
 */
import type * as lancedb from '@lancedb/lancedb';
import { ERROR_CODES, errors, isCatalogError } from '../../../../src-shared/vocabulary/errors';
import type { ObjectStore } from '../../storage/object-store';
import { lance } from '../lance-errors';
import { fenceHeldWrite } from '../coordination/catalog-lock';
import { retryingConflicts } from '../coordination/retry-conflicts';
import { addSelfRow, SELF_NAMESPACE, SELF_OBJECT_ID, SELF_TABLE } from './manifest-bootstrap';
import { sqlString } from '../../sql-string';

const MANIFEST_DIR = '__manifest';

/** A table's manifest key: its id joined with `$` always, whatever delimiter REST uses. */
export function manifestObjectId(namespacePath: readonly string[], name: string): string {
  return [...namespacePath, name].join('$');
}

export interface TablePlace {
  namespacePath: readonly string[];
  name: string;
}
export interface ManifestRow {
  objectId: string;
  objectType: string;
  location: string | null;
  metadata: string | null;
}

interface RawRow {
  object_id: string;
  object_type: string;
  location: string | null;
  metadata: string | null;
}

function fromRaw(row: RawRow): ManifestRow {
  return {
    objectId: row.object_id,
    objectType: row.object_type,
    location: row.location,
    metadata: row.metadata,
  };
}

function describeObjectId(objectId: string): string {
  return `'${objectId}'`;
}

/**
 * Every write is one Lance commit whose outcome is read back from its counts (rows inserted,
 * updated, deleted), so a write that lost a race says so instead of silently doing nothing or
 * doing it twice. Callers hold the catalog lock; plain LanceDB clients do not, and the counts are
 * what keeps their races with us honest.
 */
export class ManifestStore {
  private table: Promise<lancedb.Table> | undefined;
  private made = false;

  constructor(
    private readonly db: lancedb.Connection,
    private readonly store: ObjectStore,
    /** Storage options the table needs on an object store (a namespace's tables do not inherit them). */
    private readonly tableOptions: { storageOptions?: Record<string, string> } = {},
  ) {}

  /** Whether LanceDB has made the manifest yet (it does on the first namespace or table). */
  async exists(): Promise<boolean> {
    if (!this.made) this.made = await this.store.hasPrefix(`${MANIFEST_DIR}/_versions`);
    return this.made;
  }

  private open(): Promise<lancedb.Table> {
    if (!this.table) {
      this.table = (async () => {
        if (!(await this.exists())) {
          throw errors.InvalidTableState('The catalog has no __manifest yet');
        }
        const openSelf = () =>
          lance(() => this.db.openTable(SELF_TABLE, [SELF_NAMESPACE], this.tableOptions));
        try {
          return await openSelf();
        } catch (error) {
          if (!isCatalogError(error) || error.code !== ERROR_CODES.TableNotFound) throw error;
          await addSelfRow(this.store);
          return openSelf();
        }
      })();
      this.table.catch(() => (this.table = undefined));
    }
    return this.table;
  }

  async find(objectId: string): Promise<ManifestRow | undefined> {
    if (!(await this.exists())) return undefined;
    const table = await this.open();
    const rows = await lance(() =>
      table
        .query()
        .where(`object_id = ${sqlString(objectId)}`)
        .select(['object_id', 'object_type', 'location', 'metadata'])
        .toArray(),
    );
    const row = rows[0] as RawRow | undefined;
    return row && fromRaw(row);
  }

  /** Every row with this id: more than one is a duplicate left by an older version or a race. */
  async findAll(objectId: string): Promise<ManifestRow[]> {
    if (!(await this.exists())) return [];
    const table = await this.open();
    const rows = (await lance(() =>
      table
        .query()
        .where(`object_id = ${sqlString(objectId)}`)
        .select(['object_id', 'object_type', 'location', 'metadata'])
        .toArray(),
    )) as RawRow[];
    return rows.map(fromRaw);
  }

  /**
   * Adds a table row unless the id is taken (by a table or a namespace: they share one key
   * space). The insert is a Lance merge-insert on `object_id`: when several processes race, Lance
   * detects the conflict and re-runs the losers, which then find the row and insert nothing.
   */
  async insertTable(objectId: string, location: string): Promise<void> {
    const table = await this.open();
    const result = await retryingConflicts(() =>
      table
        .mergeInsert('object_id')
        .whenNotMatchedInsertAll()
        .execute([
          {
            object_id: objectId,
            object_type: 'table',
            location,
            metadata: null,
            base_objects: null,
          },
        ]),
    );
    if (result.numInsertedRows !== 1) {
      throw errors.TableAlreadyExists(`${describeObjectId(objectId)} already exists`);
    }
  }

  /**
   * Re-keys a table row, only if it still has the id and location it was resolved with; a row
   * changed meanwhile (by a plain LanceDB client, which does not take the catalog lock) makes
   * the re-key a no-op that reports false. The new id's uniqueness is checked after the commit:
   * an update cannot be made conditional on another row, so a duplicate is undone at once.
   */
  async rekeyTable(
    fromId: string,
    fromLocation: string,
    toId: string,
    toLocation: string,
  ): Promise<boolean> {
    const table = await this.open();
    const moved = await retryingConflicts(() =>
      table.update({
        where: `object_id = ${sqlString(fromId)} AND object_type = 'table' AND location = ${sqlString(fromLocation)}`,
        values: { object_id: toId, location: toLocation },
      }),
    );
    if (moved.rowsUpdated !== 1) return false;
    if ((await this.findAll(toId)).length > 1) {
      await retryingConflicts(() =>
        table.update({
          where: `object_id = ${sqlString(toId)} AND location = ${sqlString(toLocation)}`,
          values: { object_id: fromId, location: fromLocation },
        }),
      );
      throw errors.TableAlreadyExists(`${describeObjectId(toId)} already exists`);
    }
    return true;
  }

  /** Sets a table row's metadata (its properties, as JSON). */
  async setTableMetadata(objectId: string, metadata: string): Promise<void> {
    const table = await this.open();
    await retryingConflicts(() =>
      table.update({
        where: `object_id = ${sqlString(objectId)} AND object_type = 'table'`,
        values: { metadata },
      }),
    );
  }

  /** Removes a table row (the data stays); answers how many rows went, 0 if another got there first. */
  async removeTable(objectId: string, location?: string): Promise<number> {
    const table = await this.open();
    const where = location === undefined ? '' : ` AND location = ${sqlString(location)}`;
    const result = await retryingConflicts(() =>
      table.delete(`object_id = ${sqlString(objectId)} AND object_type = 'table'${where}`),
    );
    return result.numDeletedRows;
  }

  /** Removes every row with this id (of any type); for repairing duplicates. */
  async removeAll(objectId: string): Promise<void> {
    const table = await this.open();
    fenceHeldWrite();
    await lance(() => table.delete(`object_id = ${sqlString(objectId)}`));
  }

  /** Puts back one row as read (for repairing duplicates); the columns LanceDB does not know stay null. */
  async insertRow(row: ManifestRow): Promise<void> {
    const table = await this.open();
    fenceHeldWrite();
    await lance(() =>
      table
        .mergeInsert('object_id')
        .whenNotMatchedInsertAll()
        .execute([
          {
            object_id: row.objectId,
            object_type: row.objectType,
            location: row.location,
            metadata: row.metadata,
            base_objects: null,
          },
        ]),
    );
  }

  /** Every table's folder, relative to the root. */
  async tableLocations(): Promise<string[]> {
    return (await this.rows("object_type = 'table'"))
      .map((r) => r.location)
      .filter((l): l is string => !!l);
  }

  async rows(where?: string): Promise<ManifestRow[]> {
    if (!(await this.exists())) return [];
    const table = await this.open();
    // The manifest's row for itself is the engine's, never a catalog entry.
    const own = `object_id != ${sqlString(SELF_OBJECT_ID)}`;
    const query = table
      .query()
      .select(['object_id', 'object_type', 'location', 'metadata'])
      .where(where ? `(${where}) AND ${own}` : own);
    return ((await lance(() => query.toArray())) as RawRow[]).map(fromRaw);
  }

  close(): void {
    this.table = undefined;
  }
}
