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

function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

export interface ManifestRow {
  objectId: string;
  objectType: string;
  location: string | null;
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
        symlinkSync(join(this.root, MANIFEST_DIR), join(this.linkDir, `${LINK_NAME}.lance`), 'junction');
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
        .select(['object_id', 'object_type', 'location'])
        .toArray(),
    );
    const row = rows[0] as { object_id: string; object_type: string; location: string | null } | undefined;
    return row && { objectId: row.object_id, objectType: row.object_type, location: row.location };
  }

  /**
   * Re-keys a table's manifest row. A table folder named `<name>.lance` at the root would still be
   * picked up by directory listing under its old name, so such a folder moves to the hashed name
   * LanceDB itself uses for manifest-only tables (reference §4.4).
   */
  async renameTable(fromId: string, toId: string, oldV1Name: string): Promise<void> {
    const run = async () => {
      const row = await this.find(fromId);
      if (!row || row.objectType !== 'table' || !row.location) {
        throw errors.TableNotFound(`Table ${fromId} is not registered in the catalog manifest`);
      }
      const table = await this.open();
      const movesFolder = row.location === `${oldV1Name}.lance`;
      const newLocation = movesFolder ? `${randomBytes(4).toString('hex')}_${toId}` : row.location;
      await lance(() =>
        table.update({
          where: `object_id = ${sqlString(fromId)}`,
          values: { object_id: toId, location: newLocation },
        }),
      );
      if (!movesFolder) return;
      try {
        await renamePath(join(this.root, row.location), join(this.root, newLocation));
      } catch (cause) {
        // Put the row back so the catalog never points at a folder that is not there.
        await lance(() =>
          table.update({
            where: `object_id = ${sqlString(toId)}`,
            values: { object_id: fromId, location: row.location! },
          }),
        );
        throw errors.Internal(`Could not move the table folder: ${(cause as Error).message}`, { cause });
      }
    };
    const next = this.lock.then(run, run);
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
