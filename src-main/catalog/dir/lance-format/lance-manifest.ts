/**
 * The one door to Lance manifest files (`_versions/*.manifest`): reading them and writing them.
 * LanceDB's Node API reads no manifest for us and writes only its own commits, so the engine
 * handles these files by hand for what it does not offer: the timeline's operations and totals,
 * the Storage tab's files, a staged manifest judged before it is published, a schema metadata
 * commit, and the copy LanceDB reads a candidate through before it becomes the latest version.
 *
 * The wire format lives behind this module (lance-manifest-file.ts for the file's layout and the
 * schema metadata rewrite, manifest-decode.ts for the whole message, manifest-relocate.ts for the
 * read-back copy), and only this module imports those; test/unit/catalog/dir/lance-manifest.test.ts
 * holds every reader here to what LanceDB reports for tables it wrote itself.
 */
import { errors } from '../../../../src-shared/vocabulary/errors';
import {
  MANIFEST,
  parseManifestFile,
  readManifestLayout,
  replaceSchemaMetadata,
  section,
  type ManifestFileLayout,
  type SchemaMetadataCommit,
} from './lance-manifest-file';
import { decodeManifest } from './manifest-decode';
import type { LanceManifest } from './manifest-types';
import { relocateManifest } from './manifest-relocate';

export type {
  LanceManifest,
  ManifestBasePath,
  ManifestDataFile,
  ManifestDeletionFile,
  ManifestField,
  ManifestFragment,
  ManifestIndex,
} from './manifest-types';
export type { ManifestFileLayout, SchemaMetadataCommit };

/**
 * The layout alone (footer, manifest message, sections), for the readers that walk one field of
 * many manifests in place (manifest-summary.ts, version-transactions.ts) where decoding each
 * whole would cost the timeline its first paint.
 */
export { MANIFEST, readManifestLayout, section };
/** A `google.protobuf.Timestamp` message as epoch milliseconds, for those same readers. */
export { millis as millisOfTimestamp } from './manifest-messages';

/**
 * A manifest file decoded whole, or an error made by `error` saying what is wrong with it: a
 * damaged file of the table (InvalidTableState) unless the caller says the file is input.
 */
export function readManifest(
  bytes: Uint8Array,
  name: string,
  error: (message: string) => Error = errors.InvalidTableState,
): LanceManifest {
  return decodeManifest(bytes, name, error);
}

/**
 * The rows a version holds by its manifest alone: undefined when a fragment does not say (an
 * older writer left its length unset, or a deletion file without its count), where only Lance's
 * own reading of the files knows.
 */
export function manifestRows(manifest: LanceManifest): number | undefined {
  let rows = 0;
  for (const fragment of manifest.fragments) {
    if (fragment.physicalRows === 0) return undefined;
    if (fragment.deletionFile && fragment.deletionFile.numDeletedRows === 0) return undefined;
    rows += fragment.physicalRows - (fragment.deletionFile?.numDeletedRows ?? 0);
  }
  return rows;
}

/**
 * The manifest of the version after the one in `bytes`, with its schema metadata replaced: the
 * commit Lance's `UpdateConfig` would write (see lance-manifest-file.ts).
 */
export function nextWithSchemaMetadata(
  bytes: Uint8Array,
  name: string,
  version: number,
  metadata: Readonly<Record<string, string>>,
  now = Date.now(),
): SchemaMetadataCommit {
  const parsed = parseManifestFile(bytes, name);
  if (parsed.version !== BigInt(version)) {
    throw errors.InvalidTableState(
      `The manifest named for version ${version} (${name}) holds version ${parsed.version}`,
    );
  }
  return replaceSchemaMetadata(parsed, metadata, now);
}

/**
 * The manifest in `bytes` as a copy to be read from another folder, its own files read from
 * `base` (the table's folder as LanceDB reaches it): see manifest-relocate.ts.
 */
export function relocatedManifest(bytes: Uint8Array, name: string, base: string): Uint8Array {
  return relocateManifest(bytes, name, base);
}
