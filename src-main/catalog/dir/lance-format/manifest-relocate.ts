/**
 * A manifest rewritten to be read from another folder while its files stay where they are: the
 * copy LanceDB opens to prove it can read a manifest before the manifest becomes a table's latest
 * version (manifest-read-back.ts). LanceDB opens a dataset only at a folder's latest version, so
 * the candidate cannot be tried in the table's own `_versions/` without every reader seeing it.
 *
 * The rewrite is Lance's own shallow clone (`cloneTable(…, { isShallow: true })` writes the same
 * fields): one more base path (`Manifest.base_paths`), a dataset root at the table's folder, and
 * its id as `base_id` on every data file, deletion file and index that had none. Everything else
 * is copied byte for byte, except what points into this file (the index section, rewritten and
 * placed anew) and what a reader never needs to open it (the transaction, the auxiliary data).
 *
 * Only lance-manifest.ts imports this module.
 */
import { BinaryReader, BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import { MANIFEST, readManifestLayout, section } from './lance-manifest-file';

const FRAGMENTS = 2;
const READER_FLAGS = 9;
const BASE_PATHS = 18;
const FRAGMENT = { files: 2, deletionFile: 3, overlays: 11 } as const;
const OVERLAY = { dataFile: 1 } as const;
const DATA_FILE_BASE = 7;
const DELETION_FILE_BASE = 7;
const INDEX_BASE = 9;
const INDEX_SECTION = { indices: 1 } as const;
const BASE_PATH = { id: 1, isDatasetRoot: 3, path: 4 } as const;
/** Feature flag "the dataset uses several base paths", for readers and writers alike. */
const BASE_PATHS_FLAG = 1n << 4n;
/** Position fields of this file that the new layout replaces or leaves out. */
const DROPPED = new Set<number>([
  MANIFEST.versionAuxData,
  MANIFEST.indexSection,
  MANIFEST.transactionFile,
  MANIFEST.transactionSection,
  READER_FLAGS,
  MANIFEST.writerFeatureFlags,
]);

/** `bytes`, to be read from another folder with its own files read from `base`. */
export function relocateManifest(bytes: Uint8Array, name: string, base: string): Uint8Array {
  const layout = readManifestLayout(bytes, name);
  const fields: Array<{ no: number; wireType: WireType; raw: Uint8Array }> = [];
  let indexes: Uint8Array | undefined;
  let readerFlags = 0n;
  let writerFlags = 0n;
  let baseId = 0;
  const reader = new BinaryReader(layout.manifest);
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    const start = reader.pos;
    const raw = reader.skip(wireType, no);
    const value = new BinaryReader(raw);
    if (no === MANIFEST.indexSection) {
      indexes = section(bytes, BigInt(value.uint64()), layout.footer, layout.bad);
    } else if (no === READER_FLAGS) readerFlags |= BigInt(value.uint64());
    else if (no === MANIFEST.writerFeatureFlags) writerFlags |= BigInt(value.uint64());
    else if (no === BASE_PATHS) baseId = Math.max(baseId, basePathId(value.bytes()) + 1);
    fields.push({ no, wireType, raw: layout.manifest.subarray(start, reader.pos) });
  }

  const writer = new BinaryWriter();
  for (const field of fields) {
    if (DROPPED.has(field.no)) continue;
    if (field.no === FRAGMENTS && field.wireType === WireType.LengthDelimited) {
      const fragment = new BinaryReader(field.raw).bytes();
      writer.tag(FRAGMENTS, WireType.LengthDelimited).bytes(relocatedFragment(fragment, baseId));
    } else {
      writer.tag(field.no, field.wireType).raw(field.raw);
    }
  }
  writer
    .tag(BASE_PATHS, WireType.LengthDelimited)
    .fork()
    .tag(BASE_PATH.id, WireType.Varint)
    .uint32(baseId)
    .tag(BASE_PATH.isDatasetRoot, WireType.Varint)
    .bool(true)
    .tag(BASE_PATH.path, WireType.LengthDelimited)
    .string(base)
    .join();
  writer.tag(READER_FLAGS, WireType.Varint).uint64(readerFlags | BASE_PATHS_FLAG);
  writer.tag(MANIFEST.writerFeatureFlags, WireType.Varint).uint64(writerFlags | BASE_PATHS_FLAG);

  const indexSection = indexes ? lengthPrefixed(relocatedIndexes(indexes, baseId)) : undefined;
  if (indexSection) writer.tag(MANIFEST.indexSection, WireType.Varint).uint64(0);
  const manifest = lengthPrefixed(writer.finish());
  const footer = Buffer.alloc(16);
  footer.writeBigUInt64LE(BigInt(indexSection?.byteLength ?? 0), 0);
  footer.writeUInt16LE(layout.major, 8);
  footer.writeUInt16LE(layout.minor, 10);
  footer.write('LANC', 12, 'latin1');
  return Buffer.concat([indexSection ?? new Uint8Array(), manifest, footer]);
}

function relocatedFragment(fragment: Uint8Array, baseId: number): Uint8Array {
  return rewrite(fragment, (no, inner) => {
    if (no === FRAGMENT.files) return withField(inner, DATA_FILE_BASE, baseId);
    if (no === FRAGMENT.deletionFile) return withField(inner, DELETION_FILE_BASE, baseId);
    if (no === FRAGMENT.overlays) {
      return rewrite(inner, (n, file) =>
        n === OVERLAY.dataFile ? withField(file, DATA_FILE_BASE, baseId) : undefined,
      );
    }
    return undefined;
  });
}

function relocatedIndexes(indexes: Uint8Array, baseId: number): Uint8Array {
  return rewrite(indexes, (no, inner) =>
    no === INDEX_SECTION.indices ? withField(inner, INDEX_BASE, baseId) : undefined,
  );
}

/** `message` with each length-delimited field `change` returns a value for replaced by it. */
function rewrite(
  message: Uint8Array,
  change: (no: number, inner: Uint8Array) => Uint8Array | undefined,
): Uint8Array {
  const reader = new BinaryReader(message);
  const writer = new BinaryWriter();
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    const start = reader.pos;
    const raw = reader.skip(wireType, no);
    const changed =
      wireType === WireType.LengthDelimited ? change(no, new BinaryReader(raw).bytes()) : undefined;
    if (changed) writer.tag(no, wireType).bytes(changed);
    else writer.tag(no, wireType).raw(message.subarray(start, reader.pos));
  }
  return writer.finish();
}

/** `message` with a varint field `no` set to `value`, unless it already has the field. */
function withField(message: Uint8Array, no: number, value: number): Uint8Array {
  const reader = new BinaryReader(message);
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    if (field === no) return message;
    reader.skip(wireType, field);
  }
  const extra = new BinaryWriter().tag(no, WireType.Varint).uint32(value).finish();
  return Buffer.concat([message, extra]);
}

function basePathId(message: Uint8Array): number {
  const reader = new BinaryReader(message);
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (no === BASE_PATH.id && wireType === WireType.Varint) return reader.uint32();
    reader.skip(wireType, no);
  }
  return 0;
}

function lengthPrefixed(message: Uint8Array): Buffer {
  const prefix = Buffer.alloc(4);
  prefix.writeUInt32LE(message.byteLength, 0);
  return Buffer.concat([prefix, message]);
}
