/**
 * The messages nested in a Lance manifest (lance `protos/table.proto`, `protos/file.proto`),
 * decoded by protobuf field number for manifest-decode.ts: schema fields, fragments and their data
 * and deletion files, index metadata, base paths, and the small wrappers (map entries, timestamps)
 * the top message carries. Each refuses what Lance's own decoder would refuse, through `fail`.
 */
import { BinaryReader, WireType } from '@bufbuild/protobuf/wire';
import type {
  ManifestBasePath,
  ManifestDataFile,
  ManifestDeletionFile,
  ManifestField,
  ManifestFragment,
  ManifestIndex,
} from './manifest-types';

const FIELD = { name: 2, id: 3, parentId: 4, logicalType: 5, nullable: 6 } as const;
const FRAGMENT = { id: 1, files: 2, deletionFile: 3, physicalRows: 4 } as const;
const DATA_FILE = { path: 1, fields: 2, fileSizeBytes: 6, baseId: 7 } as const;
const DELETION = { fileType: 1, readVersion: 2, id: 3, numDeletedRows: 4, baseId: 7 } as const;
const INDEX = { uuid: 1, fields: 2, name: 3, datasetVersion: 4, baseId: 9, files: 10 } as const;
const BASE_PATH = { id: 1, name: 2, isDatasetRoot: 3, path: 4 } as const;
const TIMESTAMP = { seconds: 1, nanos: 2 } as const;

export function field(bytes: Uint8Array): ManifestField {
  const reader = new BinaryReader(bytes);
  const out: ManifestField = { id: 0, parentId: 0, name: '', logicalType: '', nullable: false };
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (no === FIELD.name && wireType === WireType.LengthDelimited) out.name = reader.string();
    else if (no === FIELD.id && wireType === WireType.Varint) out.id = reader.int32();
    else if (no === FIELD.parentId && wireType === WireType.Varint) out.parentId = reader.int32();
    else if (no === FIELD.logicalType && wireType === WireType.LengthDelimited) {
      out.logicalType = reader.string();
    } else if (no === FIELD.nullable && wireType === WireType.Varint) out.nullable = reader.bool();
    else reader.skip(wireType, no);
  }
  return out;
}

/** The schema Lance builds from the flat field list must exist: named fields, one tree. */
export function checkSchema(fields: ManifestField[], fail: (why: string) => never): void {
  if (fields.length === 0) fail('its schema has no fields');
  const ids = new Set<number>();
  for (const f of fields) {
    if (!f.name) fail(`schema field ${f.id} has no name`);
    if (!f.logicalType) fail(`schema field ${f.name} has no type`);
    if (ids.has(f.id)) fail(`schema field id ${f.id} is used twice`);
    ids.add(f.id);
  }
  for (const f of fields) {
    if (f.parentId !== -1 && !ids.has(f.parentId)) {
      fail(`schema field ${f.name} names a parent ${f.parentId} that is not in the schema`);
    }
  }
}

export function fragment(bytes: Uint8Array, fail: (why: string) => never): ManifestFragment {
  const reader = new BinaryReader(bytes);
  let id = 0;
  let physicalRows = 0;
  let deletion: Uint8Array | undefined;
  const dataFiles: ManifestDataFile[] = [];
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (no === FRAGMENT.id && wireType === WireType.Varint) {
      id = safe(reader.uint64(), 'a fragment id', fail);
    } else if (no === FRAGMENT.physicalRows && wireType === WireType.Varint) {
      physicalRows = safe(reader.uint64(), 'a fragment length', fail);
    } else if (no === FRAGMENT.files && wireType === WireType.LengthDelimited) {
      dataFiles.push(dataFile(reader.bytes(), fail));
    } else if (no === FRAGMENT.deletionFile && wireType === WireType.LengthDelimited) {
      deletion = reader.bytes();
    } else {
      reader.skip(wireType, no);
    }
  }
  // The fragment's id may follow its deletion file on the wire; the file's path needs both.
  if (!deletion) return { id, physicalRows, dataFiles };
  return { id, physicalRows, dataFiles, deletionFile: deletionFile(id, deletion, fail) };
}

function dataFile(bytes: Uint8Array, fail: (why: string) => never): ManifestDataFile {
  const reader = new BinaryReader(bytes);
  let path = '';
  const fields: number[] = [];
  let fileSizeBytes = 0;
  let baseId: number | undefined;
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (no === DATA_FILE.path && wireType === WireType.LengthDelimited) path = reader.string();
    else if (no === DATA_FILE.fields) fields.push(...int32s(reader, wireType));
    else if (no === DATA_FILE.fileSizeBytes && wireType === WireType.Varint) {
      fileSizeBytes = safe(reader.uint64(), 'a file size', fail);
    } else if (no === DATA_FILE.baseId && wireType === WireType.Varint) baseId = reader.uint32();
    else reader.skip(wireType, no);
  }
  if (!path) fail('a data file has no path');
  return {
    path: `data/${path}`,
    fields,
    fileSizeBytes,
    ...(baseId === undefined ? {} : { baseId }),
  };
}

function deletionFile(
  fragmentId: number,
  bytes: Uint8Array,
  fail: (why: string) => never,
): ManifestDeletionFile {
  const reader = new BinaryReader(bytes);
  let fileType = 0;
  let readVersion = 0n;
  let id = 0n;
  let numDeletedRows = 0;
  let baseId: number | undefined;
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (wireType !== WireType.Varint) reader.skip(wireType, no);
    else if (no === DELETION.fileType) fileType = reader.int32();
    else if (no === DELETION.readVersion) readVersion = BigInt(reader.uint64());
    else if (no === DELETION.id) id = BigInt(reader.uint64());
    else if (no === DELETION.numDeletedRows) {
      numDeletedRows = safe(reader.uint64(), 'a deleted-row count', fail);
    } else if (no === DELETION.baseId) baseId = reader.uint32();
    else reader.skip(wireType, no);
  }
  // ARROW_ARRAY (0) or BITMAP (1); Lance itself answers for a type it does not know.
  const extension = fileType === 1 ? 'bin' : 'arrow';
  return {
    path: `_deletions/${fragmentId}-${readVersion}-${id}.${extension}`,
    numDeletedRows,
    ...(baseId === undefined ? {} : { baseId }),
  };
}

export function indexSection(bytes: Uint8Array, fail: (why: string) => never): ManifestIndex[] {
  const reader = new BinaryReader(bytes);
  const out: ManifestIndex[] = [];
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (no === 1 && wireType === WireType.LengthDelimited) out.push(index(reader.bytes(), fail));
    else reader.skip(wireType, no);
  }
  return out;
}

function index(bytes: Uint8Array, fail: (why: string) => never): ManifestIndex {
  const reader = new BinaryReader(bytes);
  const out: ManifestIndex = { uuid: '', name: '', fields: [], datasetVersion: 0, files: [] };
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (no === INDEX.uuid && wireType === WireType.LengthDelimited) out.uuid = uuid(reader.bytes());
    else if (no === INDEX.fields) out.fields.push(...int32s(reader, wireType));
    else if (no === INDEX.name && wireType === WireType.LengthDelimited) out.name = reader.string();
    else if (no === INDEX.datasetVersion && wireType === WireType.Varint) {
      out.datasetVersion = safe(reader.uint64(), 'an index version', fail);
    } else if (no === INDEX.baseId && wireType === WireType.Varint) out.baseId = reader.uint32();
    else if (no === INDEX.files && wireType === WireType.LengthDelimited) {
      out.files.push(indexFile(reader.bytes(), fail));
    } else reader.skip(wireType, no);
  }
  if (!out.uuid) fail(`index ${out.name || '(unnamed)'} has no 16-byte uuid`);
  return out;
}

function indexFile(bytes: Uint8Array, fail: (why: string) => never) {
  const reader = new BinaryReader(bytes);
  let path = '';
  let sizeBytes = 0;
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (no === 1 && wireType === WireType.LengthDelimited) path = reader.string();
    else if (no === 2 && wireType === WireType.Varint) {
      sizeBytes = safe(reader.uint64(), 'an index file size', fail);
    } else reader.skip(wireType, no);
  }
  return { path, sizeBytes };
}

function uuid(bytes: Uint8Array): string {
  const reader = new BinaryReader(bytes);
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (no === 1 && wireType === WireType.LengthDelimited) {
      const raw = reader.bytes();
      if (raw.byteLength !== 16) return '';
      const hex = Buffer.from(raw).toString('hex');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    }
    reader.skip(wireType, no);
  }
  return '';
}

export function basePath(bytes: Uint8Array): ManifestBasePath {
  const reader = new BinaryReader(bytes);
  const out: ManifestBasePath = { id: 0, isDatasetRoot: false, path: '' };
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (no === BASE_PATH.id && wireType === WireType.Varint) out.id = reader.uint32();
    else if (no === BASE_PATH.name && wireType === WireType.LengthDelimited) {
      out.name = reader.string();
    } else if (no === BASE_PATH.isDatasetRoot && wireType === WireType.Varint) {
      out.isDatasetRoot = reader.bool();
    } else if (no === BASE_PATH.path && wireType === WireType.LengthDelimited) {
      out.path = reader.string();
    } else reader.skip(wireType, no);
  }
  return out;
}

/** A repeated int32, packed (as proto3 writes it) or not (as it may also be read). */
function int32s(reader: BinaryReader, wireType: WireType): number[] {
  if (wireType === WireType.Varint) return [reader.int32()];
  if (wireType !== WireType.LengthDelimited) {
    reader.skip(wireType, 0);
    return [];
  }
  const packed = new BinaryReader(reader.bytes());
  const out: number[] = [];
  while (packed.pos < packed.len) out.push(packed.int32());
  return out;
}

export function mapEntry(bytes: Uint8Array): [string, Uint8Array] {
  const reader = new BinaryReader(bytes);
  let key = '';
  let value: Uint8Array = new Uint8Array();
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (no === 1 && wireType === WireType.LengthDelimited) key = reader.string();
    else if (no === 2 && wireType === WireType.LengthDelimited) value = reader.bytes();
    else reader.skip(wireType, no);
  }
  return [key, value];
}

export function twoStrings(bytes: Uint8Array): [string, string] {
  const reader = new BinaryReader(bytes);
  const out: [string, string] = ['', ''];
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if ((no === 1 || no === 2) && wireType === WireType.LengthDelimited) {
      out[no - 1] = reader.string();
    } else reader.skip(wireType, no);
  }
  return out;
}

export function millis(bytes: Uint8Array): number {
  const reader = new BinaryReader(bytes);
  let seconds = 0;
  let nanos = 0;
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (no === TIMESTAMP.seconds && wireType === WireType.Varint) seconds = Number(reader.int64());
    else if (no === TIMESTAMP.nanos && wireType === WireType.Varint) nanos = reader.int32();
    else reader.skip(wireType, no);
  }
  return seconds * 1000 + Math.floor(nanos / 1_000_000);
}

/** A u64 as a number, refused past 2^53 (no version, count or size of a table gets there). */
export function safe(value: bigint | string, what: string, fail: (why: string) => never): number {
  const n = BigInt(value);
  if (n > BigInt(Number.MAX_SAFE_INTEGER)) fail(`${what} is out of range (${n})`);
  return Number(n);
}
