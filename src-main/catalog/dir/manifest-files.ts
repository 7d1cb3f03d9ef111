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
import { manifestFragments } from './manifest-fragments';

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
  const files = manifestFragments(bytes, name).flatMap((f) =>
    f.deletionFile ? [...f.dataFiles, f.deletionFile] : f.dataFiles,
  );
  const indexFolders: string[] = [];
  let transactionFile: string | undefined;
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (no === MANIFEST.indexSection && wireType === WireType.Varint) {
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
