/**
 * Replacing a table's schema metadata on a `dir` catalog: one new version, committed as Lance
 * commits, by a conditional put of the next version's manifest. LanceDB's Node API has no call
 * for it (lance-manifest.ts writes the file). Before the put, LanceDB reads the new manifest back
 * (manifest-read-back.ts): a file it could not read would otherwise be the latest version, and
 * every open of the table would fail on it.
 *
 * Of two writers of one version exactly one wins the put. The loser, this or a LanceDB writer,
 * starts again from the new latest version: a replacement of the whole map needs nothing from
 * the version it replaces, and LanceDB's writers rebase over the `UpdateConfig` transaction this
 * leaves behind as they do over their own.
 *
 * `latest_version_hint.json` is left alone: it is a hint, Lance looks past it for later
 * versions, and a writer that lost a race would only move it backwards.
 */
import type { SchemaMetadata } from '../../../../src-shared/catalog-api';
import { errors } from '../../../../src-shared/vocabulary/errors';
import { highest, manifestName, manifests, type TableFiles } from './dir-versions';
import { nextWithSchemaMetadata, readManifest } from '../lance-format/lance-manifest';
import { readBack } from '../lance-format/manifest-read-back';

/** As many tries as Lance's own commit gives a writer that keeps losing to others. */
const ATTEMPTS = 20;

export async function updateSchemaMetadata(
  files: TableFiles,
  metadata: SchemaMetadata,
): Promise<{ version: number }> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const present = await manifests(files);
    const latest = highest(present.keys());
    const file = latest === undefined ? undefined : present.get(latest);
    if (latest === undefined || !file) {
      throw errors.TableNotFound(`Table ${files.id} has no versions`);
    }
    let bytes: Uint8Array;
    try {
      bytes = await files.store.get(file.key);
    } catch (error) {
      // Cleaned up between the listing and the read: a newer version exists, so look again.
      if (attempt + 1 < ATTEMPTS) continue;
      throw error;
    }
    const name = `${files.id} version ${latest}`;
    const commit = nextWithSchemaMetadata(bytes, name, latest, metadata);
    const next = latest + 1;
    // Its fragments are the latest version's, which LanceDB reads: only the first row is read.
    await readBack(
      files,
      commit.manifest,
      `${files.id} version ${next}`,
      errors.InvalidTableState,
      readManifest(bytes, name),
    );
    const transactionKey = commit.transactionFile
      ? `${files.folder}/_transactions/${commit.transactionFile}`
      : undefined;
    if (transactionKey) await files.store.put(transactionKey, commit.transaction);
    const manifestKey = `${files.folder}/_versions/${manifestName(next, file.scheme)}`;
    if (await files.store.putIfAbsent(manifestKey, commit.manifest)) return { version: next };
    // Lost the version to another writer; its transaction file names a commit that never was.
    if (transactionKey) await files.store.delete(transactionKey).catch(() => undefined);
  }
  throw errors.ConcurrentModification(
    `Other writers kept committing to ${files.id}; its schema metadata was not changed`,
  );
}
