/**
 * LanceDB reads a manifest before it becomes a table's latest version. Every manifest this engine
 * puts into a table's `_versions/` by hand (a staged one published by `version/create`, a schema
 * metadata commit) goes through here first, so that a file LanceDB cannot read is refused while
 * the table is still as it was: once it is the latest, every open of the table fails on it and no
 * route can take it back.
 *
 * LanceDB opens a dataset at the latest manifest of a folder and has no way to try one that is
 * not published. So the candidate is copied, as a shallow clone of the table (manifest-relocate.ts),
 * into a probe folder of its own under the catalog's state folder, on the same store: LanceDB
 * opens it there, reading the table's own data, deletion and index files, and must report the
 * version, schema and row count the manifest names, list its indexes, and read the first row and
 * a row of every fragment whose files the table's latest version does not already read (an
 * append's new fragment, a compaction's rewritten ones; reading the others again would prove
 * nothing and costs a file open each). The probe folder is removed afterwards; the table's folder
 * is not touched.
 */
import { randomUUID } from 'node:crypto';
import * as lancedb from '@lancedb/lancedb';
import { isCatalogError } from '../../../../src-shared/vocabulary/errors';
import type { ObjectStore } from '../../storage/object-store';
import { cleanLanceMessage } from '../lance-errors';
import {
  manifestRows,
  readManifest,
  relocatedManifest,
  type LanceManifest,
} from './lance-manifest';
import { joinRoot } from '../../storage/root-uri';
import { STATE_FOLDER } from '../coordination/state-folder';

/** How LanceDB reaches the catalog root: the root as it names it, and the store's options. */
export interface LanceReach {
  root: string;
  storageOptions?: Record<string, string>;
}

/** The table (or branch) folder a manifest is for, on the catalog's store. */
export interface ManifestTarget {
  store: ObjectStore;
  /** Relative to the catalog root. */
  folder: string;
  lance: LanceReach;
}

const PROBE_TABLE = 'candidate';
/** Rows read at once when reading a row of every fragment: bounds the memory of wide rows. */
const TAKE_BATCH = 256;

/**
 * Throws an error made by `error` unless LanceDB reads `bytes` as version `manifest.version` of
 * the table in `target.folder`, with the schema, rows and indexes the manifest names. `latest` is
 * the table's latest manifest, whose fragments LanceDB already reads.
 */
export async function readBack(
  target: ManifestTarget,
  bytes: Uint8Array,
  name: string,
  error: (message: string) => Error,
  latest?: LanceManifest,
): Promise<LanceManifest> {
  const manifest = readManifest(bytes, name, error);
  const fail = (why: string) => error(`${name} cannot become the latest version: ${why}`);
  const probe = `${STATE_FOLDER}/read-back/${randomUUID()}`;
  const base = joinRoot(target.lance.root, target.folder);
  try {
    await target.store.put(
      `${probe}/${PROBE_TABLE}.lance/_versions/${manifest.version}.manifest`,
      relocatedManifest(bytes, name, base),
    );
    let why: string | undefined;
    try {
      const offsets = rowsToRead(manifest, latest);
      why = await lanceReads(joinRoot(target.lance.root, probe), target.lance, manifest, offsets);
    } catch (thrown) {
      if (isCatalogError(thrown)) throw thrown;
      const message = thrown instanceof Error ? thrown.message : String(thrown);
      why = `LanceDB cannot read it (${cleanLanceMessage(message).split(target.lance.root).join('')})`;
    }
    if (why) throw fail(why);
    return manifest;
  } finally {
    await target.store.deletePrefix(probe).catch(() => undefined);
  }
}

/** What LanceDB reads differently from the manifest, or undefined when it reads it all. */
async function lanceReads(
  root: string,
  reach: LanceReach,
  manifest: LanceManifest,
  offsets: number[],
): Promise<string | undefined> {
  const db = await lancedb.connect(
    root,
    reach.storageOptions ? { storageOptions: reach.storageOptions } : {},
  );
  try {
    const table = await db.openTable(PROBE_TABLE);
    try {
      const version = await table.version();
      if (version !== manifest.version) {
        return `LanceDB reads it as version ${version}, the manifest names ${manifest.version}`;
      }
      const columns = (await table.schema()).fields.map((f) => f.name);
      const named = manifest.schema.filter((f) => f.parentId === -1).map((f) => f.name);
      if (columns.join('\0') !== named.join('\0')) {
        return `LanceDB reads the columns ${columns.join(', ')}, the manifest names ${named.join(', ')}`;
      }
      const rows = await table.countRows();
      const expected = manifestRows(manifest);
      if (expected !== undefined && rows !== expected) {
        return `LanceDB counts ${rows} rows, the manifest's fragments hold ${expected}`;
      }
      await table.listIndices();
      for (let at = 0; at < offsets.length; at += TAKE_BATCH) {
        const batch = offsets.slice(at, at + TAKE_BATCH);
        const read = await table.takeOffsets(batch).toArray();
        if (read.length !== batch.length) {
          return `LanceDB reads ${read.length} of the ${batch.length} rows asked for`;
        }
      }
      return undefined;
    } finally {
      table.close();
    }
  } finally {
    db.close();
  }
}

/**
 * The offsets of the rows to read: the table's first, and the first live row of every fragment
 * with a file the latest version does not read. Only the first when the manifest does not say
 * how many rows each fragment holds (offsets count live rows, so they cannot be placed).
 */
function rowsToRead(manifest: LanceManifest, latest: LanceManifest | undefined): number[] {
  const total = manifestRows(manifest);
  if (total === 0) return [];
  if (total === undefined) return [0];
  const read = new Set(
    (latest?.fragments ?? []).flatMap((f) => [
      ...f.dataFiles.map((file) => file.path),
      ...(f.deletionFile ? [f.deletionFile.path] : []),
    ]),
  );
  const offsets: number[] = [];
  let at = 0;
  for (const fragment of manifest.fragments) {
    const live = fragment.physicalRows - (fragment.deletionFile?.numDeletedRows ?? 0);
    const files = [...fragment.dataFiles.map((f) => f.path), fragment.deletionFile?.path];
    const fresh = files.some((path) => path !== undefined && !read.has(path));
    if (live > 0 && (offsets.length === 0 || fresh)) offsets.push(at);
    at += live;
  }
  return offsets;
}
