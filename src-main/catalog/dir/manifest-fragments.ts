/**
 * A version's fragments as its manifest lists them (lance `protos/table.proto`): each fragment's
 * physical rows, the rows its deletion file marks deleted, and its data files. LanceDB's stats give only
 * percentiles of fragment lengths; the Storage tab's histogram and deleted-row share need each one.
 */
import { BinaryReader, WireType } from '@bufbuild/protobuf/wire';
import { readManifestLayout } from './lance-manifest-file';

const MANIFEST_FRAGMENTS = 2;
const FRAGMENT = { files: 2, deletionFile: 3, physicalRows: 4 } as const;
const DATA_FILE = { path: 1 } as const;
const DELETION_FILE = { numDeletedRows: 4 } as const;

export interface FragmentRows {
  physicalRows: number;
  deletedRows: number;
  /** Its data files, relative to the table's folder (`data/…`). */
  dataFiles: string[];
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
  let physicalRows = 0;
  let deletedRows = 0;
  const dataFiles: string[] = [];
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (no === FRAGMENT.physicalRows && wireType === WireType.Varint) {
      physicalRows = Number(reader.uint64());
    } else if (no === FRAGMENT.files && wireType === WireType.LengthDelimited) {
      const path = dataFilePath(reader.bytes());
      if (path) dataFiles.push(`data/${path}`);
    } else if (no === FRAGMENT.deletionFile && wireType === WireType.LengthDelimited) {
      deletedRows = deletedRowsOf(reader.bytes());
    } else {
      reader.skip(wireType, no);
    }
  }
  return { physicalRows, deletedRows, dataFiles };
}

export function dataFilePath(bytes: Uint8Array): string | undefined {
  const reader = new BinaryReader(bytes);
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (no === DATA_FILE.path && wireType === WireType.LengthDelimited) return reader.string();
    reader.skip(wireType, no);
  }
  return undefined;
}

function deletedRowsOf(bytes: Uint8Array): number {
  const reader = new BinaryReader(bytes);
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (no === DELETION_FILE.numDeletedRows && wireType === WireType.Varint) {
      return Number(reader.uint64());
    }
    reader.skip(wireType, no);
  }
  return 0;
}
