/**
 * The files one version reads, named by its manifest (read through lance-manifest.ts): each
 * fragment's data files and deletion file, each index's folder, and its transaction file. The
 * Storage tab subtracts these from the table's folder to find the bytes only older versions hold.
 *
 * Paths are relative to the table's folder. A file another base holds (`base_id`, as a branch's
 * manifest names its parent's files) is named as if it were here: file names are unique across a
 * table, so counting it as read can only keep a file out of the "old versions" figure, never put
 * one in.
 */
import { readManifest } from './lance-manifest';

export interface ManifestFiles {
  /** `data/…` and `_deletions/…` files. */
  files: string[];
  /** `_indices/<uuid>`: an index's files all lie in its folder. */
  indexFolders: string[];
  /** `_transactions/…`, when the version wrote one. */
  transactionFile?: string;
}

export function manifestFiles(bytes: Uint8Array, name: string): ManifestFiles {
  const manifest = readManifest(bytes, name);
  const files = manifest.fragments.flatMap((f) => {
    const data = f.dataFiles.map((file) => file.path);
    return f.deletionFile ? [...data, f.deletionFile.path] : data;
  });
  const indexFolders = manifest.indexes.map((index) => `_indices/${index.uuid}`);
  return {
    files,
    indexFolders,
    ...(manifest.transactionFile
      ? { transactionFile: `_transactions/${manifest.transactionFile}` }
      : {}),
  };
}
