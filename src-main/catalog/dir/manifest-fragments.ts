/**
 * A version's fragments as its manifest lists them (lance `protos/table.proto`): each fragment's
 * physical rows, the rows its deletion file marks deleted, and its files. LanceDB's stats give
 * only percentiles of fragment lengths; the Storage tab's histogram and deleted-row share need
 * each one, and its accounting of old versions' bytes needs the files.
 */
import { BinaryReader, WireType } from '@bufbuild/protobuf/wire';
import { readManifestLayout } from './lance-manifest-file';

const MANIFEST_FRAGMENTS = 2;
const FRAGMENT = { id: 1, files: 2, deletionFile: 3, physicalRows: 4 } as const;
const DATA_FILE = { path: 1 } as const;
const DELETION_FILE = { fileType: 1, readVersion: 2, id: 3, numDeletedRows: 4 } as const;
const DELETION_BITMAP = 1;

export interface FragmentRows {
  physicalRows: number;
  deletedRows: number;
  /** Its data files, relative to the table's folder (`data/…`). */
  dataFiles: string[];
  /** Its deletion file, relative to the table's folder (`_deletions/…`), when it has one. */
  deletionFile?: string;
}

export function manifestFragments(bytes: Uint8Array, name: string): FragmentRows[] {
  const { manifest } = readManifestLayout(bytes, name);
  const reader = new BinaryReader(manifest);
  const fragments: FragmentRows[] = [];
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (no === MANIFEST_FRAGMENTS && wireType === WireType.LengthDelimited) {
      fragments.push(fragmentRows(reader.bytes()));
    } else {
      reader.skip(wireType, no);
    }
  }
  return fragments;
}

function fragmentRows(bytes: Uint8Array): FragmentRows {
  const reader = new BinaryReader(bytes);
  let id = 0n;
  let physicalRows = 0;
  let deletion: Uint8Array | undefined;
  const dataFiles: string[] = [];
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (no === FRAGMENT.id && wireType === WireType.Varint) {
      id = BigInt(reader.uint64());
    } else if (no === FRAGMENT.physicalRows && wireType === WireType.Varint) {
      physicalRows = Number(reader.uint64());
    } else if (no === FRAGMENT.files && wireType === WireType.LengthDelimited) {
      const path = dataFilePath(reader.bytes());
      if (path) dataFiles.push(`data/${path}`);
    } else if (no === FRAGMENT.deletionFile && wireType === WireType.LengthDelimited) {
      deletion = reader.bytes();
    } else {
      reader.skip(wireType, no);
    }
  }
  if (!deletion) return { physicalRows, deletedRows: 0, dataFiles };
  // The fragment's id may follow its deletion file on the wire; the file's path needs both.
  const { deletedRows, path } = deletionFileOf(id, deletion);
  return { physicalRows, deletedRows, dataFiles, deletionFile: path };
}

function dataFilePath(bytes: Uint8Array): string | undefined {
  const reader = new BinaryReader(bytes);
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (no === DATA_FILE.path && wireType === WireType.LengthDelimited) return reader.string();
    reader.skip(wireType, no);
  }
  return undefined;
}

/** Its rows, and its path: Lance names it `_deletions/{fragment_id}-{read_version}-{id}.{arrow|bin}`. */
function deletionFileOf(fragmentId: bigint, bytes: Uint8Array) {
  const reader = new BinaryReader(bytes);
  let fileType = 0;
  let readVersion = 0n;
  let id = 0n;
  let deletedRows = 0;
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (wireType !== WireType.Varint) reader.skip(wireType, no);
    else if (no === DELETION_FILE.fileType) fileType = reader.int32();
    else if (no === DELETION_FILE.readVersion) readVersion = BigInt(reader.uint64());
    else if (no === DELETION_FILE.id) id = BigInt(reader.uint64());
    else if (no === DELETION_FILE.numDeletedRows) deletedRows = Number(reader.uint64());
    else reader.skip(wireType, no);
  }
  const extension = fileType === DELETION_BITMAP ? 'bin' : 'arrow';
  return { deletedRows, path: `_deletions/${fragmentId}-${readVersion}-${id}.${extension}` };
}
