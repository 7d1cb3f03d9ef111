/**
 * Lance manifest files, rewritten for the one commit LanceDB's Node API does not offer: replacing
 * a table's schema metadata. Lance's own Rust writer has the operation (an `UpdateConfig`
 * transaction); Node cannot reach it, so this module writes the file Lance would write.
 *
 * A manifest file (lance `protos/table.proto`) is a run of sections, each a little-endian u32
 * length and a protobuf message at a position the manifest names (the transaction, the index
 * metadata), then the manifest message itself, then a 16-byte footer: the manifest's position as
 * a u64, the format's major and minor version as u16s, and the magic `LANC`.
 *
 * The rewrite copies every manifest field it does not own byte for byte, in order, so fields a
 * later Lance adds survive it. It owns only: the schema metadata (replaced), the version (one
 * up), the timestamp (now), the transaction (a new one), the index section's position (its
 * bytes are copied into the new file), and the two fields Lance never carries from one version
 * to the next: the auxiliary-data position and the version tag.
 */
import { randomUUID } from 'node:crypto';
import { BinaryReader, BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import { errors } from '../../../../src-shared/vocabulary/errors';

const MAGIC = 'LANC';
const FOOTER_BYTES = 16;

/** Manifest field numbers, from lance `protos/table.proto`. */
export const MANIFEST = {
  version: 3,
  versionAuxData: 4,
  schemaMetadata: 5,
  indexSection: 6,
  timestamp: 7,
  tag: 8,
  writerFeatureFlags: 10,
  transactionFile: 12,
  transactionSection: 21,
} as const;

/** Transaction field numbers, from lance `protos/transaction.proto`. */
const TRANSACTION = { readVersion: 1, uuid: 2, updateConfig: 110 } as const;
const UPDATE_CONFIG = { schemaMetadataUpdates: 8 } as const;
const UPDATE_MAP = { entries: 1, replace: 2 } as const;
const MAP_ENTRY = { key: 1, value: 2 } as const;

/**
 * Writer feature flags this rewrite is safe under: deletion files, stable row ids, the v2 file
 * format, table config, several base paths, and transaction files turned off. They all concern
 * data and fields this rewrite copies untouched, except the last, which it obeys. Lance's rule
 * for any other flag is that a writer that does not know it must not write.
 */
const KNOWN_WRITER_FLAGS = 0b11_1111n;
const NO_TRANSACTION_FILES = 1n << 5n;

interface RawField {
  no: number;
  wireType: WireType;
  /** The field's value as it sits on the wire, length prefix included. */
  raw: Uint8Array;
}

export interface ParsedManifest {
  version: bigint;
  fields: RawField[];
  /** The index section, length prefix included, when the manifest has one. */
  indexSection?: Uint8Array;
  /** Every writer feature flag any occurrence of the field sets. */
  writerFlags: bigint;
  major: number;
  minor: number;
}

/** A manifest file's footer and manifest message, checked to lie inside the file. */
export interface ManifestFileLayout {
  manifest: Uint8Array;
  /** Where the footer starts: every section must end before it. */
  footer: number;
  major: number;
  minor: number;
  bad: (why: string) => Error;
}

/**
 * The footer and manifest message of a manifest file. A file that is not one is an error made by
 * `error`: a damaged file of the table by default, bad input where a caller handed the file in.
 */
export function readManifestLayout(
  bytes: Uint8Array,
  name: string,
  error: (message: string) => Error = errors.InvalidTableState,
): ManifestFileLayout {
  const bad = (why: string) => error(`${name} is not a Lance manifest: ${why}`);
  if (bytes.byteLength < FOOTER_BYTES + 4) throw bad('too short');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const footer = bytes.byteLength - FOOTER_BYTES;
  if (Buffer.from(bytes.subarray(bytes.byteLength - 4)).toString('latin1') !== MAGIC) {
    throw bad('no magic');
  }
  const position = view.getBigUint64(footer, true);
  const major = view.getUint16(footer + 8, true);
  const minor = view.getUint16(footer + 10, true);
  return { manifest: section(bytes, position, footer, bad), footer, major, minor, bad };
}

export function parseManifestFile(bytes: Uint8Array, name: string): ParsedManifest {
  const { manifest, footer, major, minor, bad } = readManifestLayout(bytes, name);
  const fields: RawField[] = [];
  let version = 0n;
  let indexSection: Uint8Array | undefined;
  let writerFlags = 0n;
  const reader = new BinaryReader(manifest);
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    const start = reader.pos;
    const raw = reader.skip(wireType, no);
    const value = new BinaryReader(raw);
    if (no === MANIFEST.version && wireType === WireType.Varint) version = BigInt(value.uint64());
    if (no === MANIFEST.indexSection && wireType === WireType.Varint) {
      const at = BigInt(value.uint64());
      const body = section(bytes, at, footer, bad);
      indexSection = bytes.subarray(Number(at), Number(at) + 4 + body.byteLength);
    }
    if (no === MANIFEST.writerFeatureFlags && wireType === WireType.Varint) {
      writerFlags |= BigInt(value.uint64());
    }
    fields.push({ no, wireType, raw: manifest.subarray(start, reader.pos) });
  }
  if ((writerFlags & ~KNOWN_WRITER_FLAGS) !== 0n) {
    throw errors.Unsupported(
      `${name} was written with Lance features this server does not know; it leaves the table as it is`,
    );
  }
  return {
    version,
    fields,
    ...(indexSection ? { indexSection } : {}),
    writerFlags,
    major,
    minor,
  };
}

/** The message of the length-prefixed section at `position`, which must end before `limit`. */
export function section(
  bytes: Uint8Array,
  position: bigint,
  limit: number,
  bad: (why: string) => Error,
): Uint8Array {
  if (position < 0n || position + 4n > BigInt(limit)) throw bad('a section lies outside the file');
  const at = Number(position);
  const length = new DataView(bytes.buffer, bytes.byteOffset + at, 4).getUint32(0, true);
  if (at + 4 + length > limit) throw bad('a section runs past the footer');
  return bytes.subarray(at + 4, at + 4 + length);
}

export interface SchemaMetadataCommit {
  /** The new version's manifest file. */
  manifest: Uint8Array;
  /** The transaction, also to be written to `_transactions/<transactionFile>` when named. */
  transaction: Uint8Array;
  transactionFile?: string;
  version: bigint;
}

/** The manifest of the version after `parsed`, with its schema metadata replaced by `metadata`. */
export function replaceSchemaMetadata(
  parsed: ParsedManifest,
  metadata: Readonly<Record<string, string>>,
  now = Date.now(),
): SchemaMetadataCommit {
  const uuid = randomUUID();
  const transaction = encodeTransaction(parsed.version, uuid, metadata);
  const writesTransactionFile = (parsed.writerFlags & NO_TRANSACTION_FILES) === 0n;
  const transactionFile = writesTransactionFile ? `${parsed.version}-${uuid}.txn` : undefined;

  // The new file: the transaction at 0, the index section after it, then the manifest.
  const transactionAt = 0;
  const indexAt = 4 + transaction.byteLength;
  const manifestAt = indexAt + (parsed.indexSection?.byteLength ?? 0);
  const version = parsed.version + 1n;

  const owned = new Set<number>([
    MANIFEST.version,
    MANIFEST.versionAuxData,
    MANIFEST.schemaMetadata,
    MANIFEST.indexSection,
    MANIFEST.timestamp,
    MANIFEST.tag,
    MANIFEST.transactionFile,
    MANIFEST.transactionSection,
  ]);
  const writer = new BinaryWriter();
  for (const field of parsed.fields) {
    if (!owned.has(field.no)) writer.tag(field.no, field.wireType).raw(field.raw);
  }
  for (const [key, value] of Object.entries(metadata)) {
    writer
      .tag(MANIFEST.schemaMetadata, WireType.LengthDelimited)
      .fork()
      .tag(MAP_ENTRY.key, WireType.LengthDelimited)
      .string(key)
      .tag(MAP_ENTRY.value, WireType.LengthDelimited)
      .bytes(Buffer.from(value, 'utf8'))
      .join();
  }
  writer.tag(MANIFEST.version, WireType.Varint).uint64(version);
  if (parsed.indexSection) writer.tag(MANIFEST.indexSection, WireType.Varint).uint64(indexAt);
  writer
    .tag(MANIFEST.timestamp, WireType.LengthDelimited)
    .fork()
    .tag(1, WireType.Varint)
    .int64(Math.floor(now / 1000))
    .tag(2, WireType.Varint)
    .int32((now % 1000) * 1_000_000)
    .join();
  if (transactionFile) {
    writer.tag(MANIFEST.transactionFile, WireType.LengthDelimited).string(transactionFile);
  }
  writer.tag(MANIFEST.transactionSection, WireType.Varint).uint64(transactionAt);
  const manifest = writer.finish();

  const footer = Buffer.alloc(FOOTER_BYTES);
  footer.writeBigUInt64LE(BigInt(manifestAt), 0);
  footer.writeUInt16LE(parsed.major, 8);
  footer.writeUInt16LE(parsed.minor, 10);
  footer.write(MAGIC, 12, 'latin1');
  const file = Buffer.concat([
    lengthPrefix(transaction),
    transaction,
    parsed.indexSection ?? new Uint8Array(),
    lengthPrefix(manifest),
    manifest,
    footer,
  ]);
  return {
    manifest: file,
    transaction,
    ...(transactionFile ? { transactionFile } : {}),
    version,
  };
}

/** Lance's `UpdateConfig` transaction that replaces the whole schema metadata map. */
function encodeTransaction(
  readVersion: bigint,
  uuid: string,
  metadata: Readonly<Record<string, string>>,
): Uint8Array {
  const writer = new BinaryWriter()
    .tag(TRANSACTION.readVersion, WireType.Varint)
    .uint64(readVersion)
    .tag(TRANSACTION.uuid, WireType.LengthDelimited)
    .string(uuid)
    .tag(TRANSACTION.updateConfig, WireType.LengthDelimited)
    .fork()
    .tag(UPDATE_CONFIG.schemaMetadataUpdates, WireType.LengthDelimited)
    .fork();
  for (const [key, value] of Object.entries(metadata)) {
    writer
      .tag(UPDATE_MAP.entries, WireType.LengthDelimited)
      .fork()
      .tag(MAP_ENTRY.key, WireType.LengthDelimited)
      .string(key)
      .tag(MAP_ENTRY.value, WireType.LengthDelimited)
      .string(value)
      .join();
  }
  return writer.tag(UPDATE_MAP.replace, WireType.Varint).bool(true).join().join().finish();
}

function lengthPrefix(message: Uint8Array): Buffer {
  const prefix = Buffer.alloc(4);
  prefix.writeUInt32LE(message.byteLength, 0);
  return prefix;
}
