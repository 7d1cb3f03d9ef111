/**
 * A version's fragments as its manifest lists them: each fragment's physical rows, the rows its
 * deletion file marks deleted, and its files. LanceDB's stats give only percentiles of fragment
 * lengths; the Storage tab's histogram and deleted-row share need each one, and its accounting of
 * old versions' bytes needs the files. The manifest is read through lance-manifest.ts.
 */
import { readManifest } from './lance-manifest';

export interface FragmentRows {
  physicalRows: number;
  deletedRows: number;
  /** Its data files, relative to the table's folder (`data/…`). */
  dataFiles: string[];
  /** Its deletion file, relative to the table's folder (`_deletions/…`), when it has one. */
  deletionFile?: string;
}

export function manifestFragments(bytes: Uint8Array, name: string): FragmentRows[] {
  return readManifest(bytes, name).fragments.map((fragment) => ({
    physicalRows: fragment.physicalRows,
    deletedRows: fragment.deletionFile?.numDeletedRows ?? 0,
    dataFiles: fragment.dataFiles.map((file) => file.path),
    ...(fragment.deletionFile ? { deletionFile: fragment.deletionFile.path } : {}),
  }));
}
