/**
 * Direct access to the directory catalog's `__manifest` table, for the two things LanceDB's
 * directory namespace does not offer in this version: reading a table's location, and renaming
 * or moving a table (its `rename_table` is "not implemented").
 *
 * The manifest is an ordinary Lance table at `<root>/__manifest`. LanceDB's local connection only
 * opens `<name>.lance` folders, so the store reaches it through a symlink (a junction on Windows)
 * in a private temp folder. Rows are written with the same columns LanceDB uses; nothing about the
 * layout is invented (see reference §4.3–4.4).
 */
import { existsSync, mkdtempSync, rmdirSync, rmSync, symlinkSync } from 'node:fs';
import { rename as renamePath } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import * as lancedb from '@lancedb/lancedb';
import { errors } from '../errors';
import { lance } from './lance-errors';

const MANIFEST_DIR = '__manifest';
const LINK_NAME = 'manifest';

/** A table's manifest key: its id joined with `$` always, whatever delimiter REST uses. */
export function manifestObjectId(namespacePath: readonly string[], name: string): string {
  return [...namespacePath, name].join('$');
}

function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
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

export class ManifestStore {
  private linkDir: string | undefined;
  private table: Promise<lancedb.Table> | undefined;
  /** Renames are serialised in-process; LanceDB's commit protocol guards against other processes. */
  private lock: Promise<unknown> = Promise.resolve();

  constructor(private readonly root: string) {}

  private open(): Promise<lancedb.Table> {
    if (!this.table) {
      this.table = (async () => {
        if (!existsSync(join(this.root, MANIFEST_DIR))) {
          throw errors.InvalidTableState('The catalog folder has no __manifest yet');
        }
        this.linkDir = mkdtempSync(join(tmpdir(), 'catalog-studio-manifest-'));
        symlinkSync(
          join(this.root, MANIFEST_DIR),
          join(this.linkDir, `${LINK_NAME}.lance`),
          'junction',
        );
        // readConsistencyInterval 0: every read sees commits made by the namespace in this
        // process and by any other process.
        const db = await lancedb.connect(this.linkDir, { readConsistencyInterval: 0 });
        return db.openTable(LINK_NAME);
      })();
      this.table.catch(() => (this.table = undefined));
    }
    return this.table;
  }

  async find(objectId: string): Promise<ManifestRow | undefined> {
    if (!existsSync(join(this.root, MANIFEST_DIR))) return undefined;
    const table = await this.open();
    const rows = await lance(() =>
      table
        .query()
        .where(`object_id = ${sqlString(objectId)}`)
        .select(['object_id', 'object_type', 'location', 'metadata'])
        .toArray(),
    );
    const row = rows[0] as
      | { object_id: string; object_type: string; location: string | null; metadata: string | null }
      | undefined;
    return (
      row && {
        objectId: row.object_id,
        objectType: row.object_type,
        location: row.location,
        metadata: row.metadata,
      }
    );
  }

  /**
   * Re-keys a table's manifest row and, where its folder name must change, moves the folder.
   *
   * LanceDB resolves root-level tables by directory listing (`<name>.lance`) and nested ones by
   * the manifest's `location`, so a table arriving at the root must live in `<name>.lance`, and
   * one leaving the root must leave that form, or listing would still show it there. A table
   * made by plain `lancedb.connect` has no manifest row; it gets one when it moves into a
   * namespace.
   */
  async renameTable(from: TablePlace, to: TablePlace): Promise<void> {
    const run = async () => {
      const fromId = manifestObjectId(from.namespacePath, from.name);
      const toId = manifestObjectId(to.namespacePath, to.name);
      // Checked again under the lock: two renames to one name must not both pass.
      if (await this.find(toId)) throw errors.TableAlreadyExists(`Table ${toId} already exists`);
      const row = await this.find(fromId);
      const oldLocation = row?.location ?? `${from.name}.lance`;
      if (row && (row.objectType !== 'table' || !row.location)) {
        throw errors.InvalidTableState(`Manifest entry ${fromId} is not a table`);
      }
      const newLocation =
        to.namespacePath.length === 0
          ? `${to.name}.lance`
          : oldLocation.endsWith('.lance')
            ? `${randomBytes(4).toString('hex')}_${toId}`
            : oldLocation;
      if (newLocation !== oldLocation && existsSync(join(this.root, newLocation))) {
        throw errors.TableAlreadyExists(`The folder ${newLocation} already exists in the catalog`);
      }
      const needsManifest = row !== undefined || to.namespacePath.length > 0;
      const table = needsManifest ? await this.open() : undefined;
      if (row) {
        await lance(() =>
          table!.update({
            where: `object_id = ${sqlString(fromId)}`,
            values: { object_id: toId, location: newLocation },
          }),
        );
      } else if (to.namespacePath.length > 0) {
        await lance(() =>
          table!.add([
            {
              object_id: toId,
              object_type: 'table',
              location: newLocation,
              metadata: null,
              base_objects: null,
            },
          ]),
        );
      }
      if (newLocation === oldLocation) return;
      try {
        await renamePath(join(this.root, oldLocation), join(this.root, newLocation));
      } catch (cause) {
        // Undo the manifest change so the catalog never points at a folder that is not there.
        if (row) {
          await lance(() =>
            table!.update({
              where: `object_id = ${sqlString(toId)}`,
              values: { object_id: fromId, location: oldLocation },
            }),
          );
        } else if (to.namespacePath.length > 0) {
          await lance(() => table!.delete(`object_id = ${sqlString(toId)}`));
        }
        throw errors.Internal(`Could not move the table folder: ${(cause as Error).message}`, {
          cause,
        });
      }
    };
    return this.serialized(run);
  }

  /** Adds a table row, refusing an id that is already there. */
  async addTable(objectId: string, location: string): Promise<void> {
    const run = async () => {
      if (await this.find(objectId))
        throw errors.TableAlreadyExists(`Table ${objectId} already exists`);
      const table = await this.open();
      await lance(() =>
        table.add([
          {
            object_id: objectId,
            object_type: 'table',
            location,
            metadata: null,
            base_objects: null,
          },
        ]),
      );
    };
    return this.serialized(run);
  } /** Sets a table row's metadata (its properties, as JSON). */
  async setTableMetadata(objectId: string, metadata: string): Promise<void> {
    return this.serialized(async () => {
      const table = await this.open();
      await lance(() =>
        table.update({
          where: `object_id = ${sqlString(objectId)} AND object_type = 'table'`,
          values: { metadata },
        }),
      );
    });
  }

  /** Removes a table row; the data stays where it is. */
  async removeTable(objectId: string): Promise<void> {
    return this.serialized(async () => {
      const table = await this.open();
      await lance(() =>
        table.delete(`object_id = ${sqlString(objectId)} AND object_type = 'table'`),
      );
    });
  }

  /** Every table's folder, relative to the root. */
  async tableLocations(): Promise<string[]> {
    if (!existsSync(join(this.root, MANIFEST_DIR))) return [];
    const table = await this.open();
    const rows = await lance(() =>
      table.query().where("object_type = 'table'").select(['location']).toArray(),
    );
    return rows
      .map((r) => (r as { location: string | null }).location)
      .filter((l): l is string => !!l);
  }

  /** Runs manifest changes one at a time in this process; LanceDB's commits guard across processes. */
  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const next = this.lock.then(work, work);
    this.lock = next.catch(() => undefined);
    return next;
  }

  close(): void {
    if (this.linkDir) {
      // Remove the link itself first and never recurse through it: the target is the catalog.
      rmSync(join(this.linkDir, `${LINK_NAME}.lance`), { force: true });
      try {
        rmdirSync(this.linkDir);
      } catch {
        // already gone
      }
    }
    this.linkDir = undefined;
    this.table = undefined;
  }
}
