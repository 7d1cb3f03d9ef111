/**
 * A version's fragments as its manifest lists them (lance `protos/table.proto`): each fragment's
 * physical rows and the rows its deletion file marks deleted. LanceDB's stats give only
 * percentiles of fragment lengths; the Storage tab's histogram and deleted-row share need each one.
 */
import { BinaryReader, WireType } from '@bufbuild/protobuf/wire';
import { readManifestLayout } from './lance-manifest-file';

const MANIFEST_FRAGMENTS = 2;
const FRAGMENT = { deletionFile: 3, physicalRows: 4 } as const;
const DELETION_FILE = { numDeletedRows: 4 } as const;

export interface FragmentRows {
  physicalRows: number;
  deletedRows: number;
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
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (no === FRAGMENT.physicalRows && wireType === WireType.Varint) {
      physicalRows = Number(reader.uint64());
    } else if (no === FRAGMENT.deletionFile && wireType === WireType.LengthDelimited) {
      deletedRows = deletedRowsOf(reader.bytes());
    } else {
      reader.skip(wireType, no);
    }
  }
  return { physicalRows, deletedRows };
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
