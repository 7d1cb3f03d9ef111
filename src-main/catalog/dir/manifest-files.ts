/**
 * The files one version reads, named by its manifest (lance `protos/table.proto`): each
 * fragment's data files and deletion file, each index's folder, and its transaction file. The
 * Storage tab subtracts these from the table's folder to find the bytes only older versions hold.
 *
 * Paths are relative to the table's folder. A file another base holds (`base_id`, as a branch's
 * manifest names its parent's files) is named as if it were here: file names are unique across a
 * table, so counting it as read can only keep a file out of the "old versions" figure, never put
 * one in.
 */
import { BinaryReader, WireType } from '@bufbuild/protobuf/wire';
import { MANIFEST, readManifestLayout, section } from './lance-manifest-file';
import { dataFilePath } from './manifest-fragments';

const MANIFEST_FRAGMENTS = 2;
const FRAGMENT = { id: 1, files: 2, deletionFile: 3 } as const;
const DELETION_FILE = { fileType: 1, readVersion: 2, id: 3 } as const;
const DELETION_BITMAP = 1;
const INDEX_SECTION = { indices: 1 } as const;
const INDEX_METADATA = { uuid: 1 } as const;
const UUID = { bytes: 1 } as const;

export interface ManifestFiles {
  /** `data/…` and `_deletions/…` files. */
  files: string[];
  /** `_indices/<uuid>`: an index's files all lie in its folder. */
  indexFolders: string[];
  /** `_transactions/…`, when the version wrote one. */
  transactionFile?: string;
}

export function manifestFiles(bytes: Uint8Array, name: string): ManifestFiles {
  const { manifest, footer, bad } = readManifestLayout(bytes, name);
  const reader = new BinaryReader(manifest);
  const files: string[] = [];
  const indexFolders: string[] = [];
  let transactionFile: string | undefined;
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (no === MANIFEST_FRAGMENTS && wireType === WireType.LengthDelimited) {
      files.push(...fragmentFiles(reader.bytes()));
    } else if (no === MANIFEST.indexSection && wireType === WireType.Varint) {
      const indexes = section(bytes, BigInt(reader.uint64()), footer, bad);
      indexFolders.push(...indexUuids(indexes).map((uuid) => `_indices/${uuid}`));
    } else if (no === MANIFEST.transactionFile && wireType === WireType.LengthDelimited) {
      const file = reader.string();
      if (file) transactionFile = `_transactions/${file}`;
    } else {
      reader.skip(wireType, no);
    }
  }
  return { files, indexFolders, ...(transactionFile ? { transactionFile } : {}) };
}

function fragmentFiles(bytes: Uint8Array): string[] {
  const reader = new BinaryReader(bytes);
  const files: string[] = [];
  let id = 0n;
  let deletion: Uint8Array | undefined;
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (no === FRAGMENT.id && wireType === WireType.Varint) {
      id = BigInt(reader.uint64());
    } else if (no === FRAGMENT.files && wireType === WireType.LengthDelimited) {
      const path = dataFilePath(reader.bytes());
      if (path) files.push(`data/${path}`);
    } else if (no === FRAGMENT.deletionFile && wireType === WireType.LengthDelimited) {
      deletion = reader.bytes();
    } else {
      reader.skip(wireType, no);
    }
  }
  // The fragment's id may follow its deletion file on the wire; the path needs both.
  if (deletion) files.push(deletionFilePath(id, deletion));
  return files;
}

/** Lance names it `_deletions/{fragment_id}-{read_version}-{id}.{arrow|bin}`. */
function deletionFilePath(fragmentId: bigint, bytes: Uint8Array): string {
  const reader = new BinaryReader(bytes);
  let fileType = 0;
  let readVersion = 0n;
  let id = 0n;
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (no === DELETION_FILE.fileType && wireType === WireType.Varint) fileType = reader.int32();
    else if (no === DELETION_FILE.readVersion && wireType === WireType.Varint) {
      readVersion = BigInt(reader.uint64());
    } else if (no === DELETION_FILE.id && wireType === WireType.Varint)
      id = BigInt(reader.uint64());
    else reader.skip(wireType, no);
  }
  const extension = fileType === DELETION_BITMAP ? 'bin' : 'arrow';
  return `_deletions/${fragmentId}-${readVersion}-${id}.${extension}`;
}

function indexUuids(bytes: Uint8Array): string[] {
  const reader = new BinaryReader(bytes);
  const uuids: string[] = [];
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (no === INDEX_SECTION.indices && wireType === WireType.LengthDelimited) {
      const uuid = indexUuid(reader.bytes());
      if (uuid) uuids.push(uuid);
    } else {
      reader.skip(wireType, no);
    }
  }
  return uuids;
}

function indexUuid(bytes: Uint8Array): string | undefined {
  const reader = new BinaryReader(bytes);
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (no === INDEX_METADATA.uuid && wireType === WireType.LengthDelimited) {
      const uuid = new BinaryReader(reader.bytes());
      while (uuid.pos < uuid.len) {
        const [field, type] = uuid.tag();
        if (field === UUID.bytes && type === WireType.LengthDelimited)
          return hyphenated(uuid.bytes());
        uuid.skip(type, field);
      }
      return undefined;
    }
    reader.skip(wireType, no);
  }
  return undefined;
}

function hyphenated(bytes: Uint8Array): string {
  const hex = Buffer.from(bytes).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
