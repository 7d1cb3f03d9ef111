/**
 * Makes `__manifest` reachable as a table of the catalog's own namespace connection, on a folder
 * and on an object store alike. LanceDB's Node binding opens a dataset only by a table name
 * (`<name>.lance` under a plain connection, a manifest row's location under a namespace), and
 * `__manifest` is neither. So the manifest gets one row that names itself: object id
 * `__catalog_studio$manifest`, location `__manifest`. Through it, the engine opens the manifest with
 * `openTable('manifest', ['__catalog_studio'])` and every change it makes is an ordinary Lance commit
 * (merge-insert, update, delete) on the store where the catalog lives. The row is invisible to plain
 * LanceDB's listings: no namespace row `__catalog_studio` exists, and root listings show only ids
 * without `$`.
 *
 * Adding that first row cannot go through the manifest itself, so it is committed on a copy and
 * published with the store's conditional put: download the manifest, commit the row locally with
 * LanceDB, upload the new files, then put the new version's manifest file only if no one has
 * written that version meanwhile (Lance names version files by number, so a racing commit claims
 * the same key). On a lost race the copy is thrown away and the whole step runs again. This
 * happens once per catalog; version files older than the copy are never touched. Before the put,
 * a fresh LanceDB connection reads the committed copy back, as every manifest this engine
 * publishes is read back first.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { errors } from '../../../../src-shared/vocabulary/errors';
import { RESERVED_NAMESPACE } from '../../../../src-shared/vocabulary/ids';
import type { ObjectStore } from '../../storage/object-store';
import { lance } from '../lance-errors';

export const SELF_NAMESPACE = RESERVED_NAMESPACE;
export const SELF_TABLE = 'manifest';
export const SELF_OBJECT_ID = `${SELF_NAMESPACE}$${SELF_TABLE}`;
const MANIFEST = '__manifest';

function localFiles(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(relative(folder, full).split(sep).join('/'));
    }
  };
  walk(folder);
  return out;
}

/** Adds the self row to the manifest, unless it is there; returns whether this call added it. */
export async function addSelfRow(store: ObjectStore, attempts = 8): Promise<boolean> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const keys = await store.list(MANIFEST);
    if (!keys.some((k) => k.startsWith(`${MANIFEST}/_versions/`))) {
      throw errors.InvalidTableState(`${store.root} has no ${MANIFEST} yet`);
    }
    const work = mkdtempSync(join(tmpdir(), 'catalog-studio-manifest-'));
    try {
      const copy = join(work, 'm.lance');
      for (const key of keys) {
        // A file gone since the listing was another writer's temporary one (renamed into place)
        // or an old version's: it is not part of the manifest to copy.
        const bytes = await store.get(key).catch(async (error: unknown) => {
          if (await store.exists(key)) throw error;
          return undefined;
        });
        if (!bytes) continue;
        const target = join(copy, ...key.slice(MANIFEST.length + 1).split('/'));
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, bytes);
      }
      const before = new Set(localFiles(copy));
      const db = await lancedb.connect(work);
      try {
        const table = await lance(() => db.openTable('m'));
        const result = await lance(() =>
          table
            .mergeInsert('object_id')
            .whenNotMatchedInsertAll()
            .execute([
              {
                object_id: SELF_OBJECT_ID,
                object_type: 'table',
                location: MANIFEST,
                metadata: null,
                base_objects: null,
              },
            ]),
        );
        if (result.numInsertedRows === 0) return false;
        await readBackLocally(work, await lance(() => table.version()));
      } finally {
        db.close();
      }
      const added = localFiles(copy).filter((file) => !before.has(file));
      const versions = added.filter((f) => f.startsWith('_versions/') && f.endsWith('.manifest'));
      const others = added.filter((f) => !versions.includes(f) && !f.endsWith('.json'));
      if (versions.length !== 1) {
        throw errors.Internal(`Expected one new manifest version, found ${versions.length}`);
      }
      for (const file of others) {
        await store.put(`${MANIFEST}/${file}`, readFileSync(join(copy, file)));
      }
      // The commit point: only one writer of this version number wins.
      if (
        await store.putIfAbsent(
          `${MANIFEST}/${versions[0]}`,
          readFileSync(join(copy, versions[0]!)),
        )
      ) {
        return true;
      }
      // Someone committed this version first; the files uploaded above are unreferenced litter.
      for (const file of others) await store.delete(`${MANIFEST}/${file}`).catch(() => undefined);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  throw errors.ConcurrentModification(
    `The catalog manifest kept changing while it was being prepared; try again`,
  );
}

/**
 * A fresh LanceDB connection opens the copy at the version just committed and finds the self row:
 * the manifest file and the files it names are read back before they are published.
 */
async function readBackLocally(work: string, version: number): Promise<void> {
  const db = await lancedb.connect(work);
  try {
    const table = await lance(() => db.openTable('m'));
    const found = await lance(() => table.version());
    const rows = await lance(() => table.countRows(`object_id = '${SELF_OBJECT_ID}'`));
    if (found !== version || rows !== 1) {
      throw errors.Internal(
        `The catalog manifest's new version ${version} reads back as version ${found} with ${rows} self rows`,
      );
    }
  } finally {
    db.close();
  }
}
