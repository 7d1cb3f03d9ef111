/**
 * A version as LanceDB's `listVersions` describes it (number, time and the totals Lance keeps in
 * its manifest summary), read from the version's manifest alone. LanceDB can only list every
 * version, reading every manifest; the timeline's first window needs the newest few, so those are
 * read here. The totals are Lance's `ManifestSummary`, summed the same way (and checked against
 * LanceDB's own list in the tests).
 */
import { BinaryReader, WireType } from '@bufbuild/protobuf/wire';
import type { VersionInfo } from '../../../../src-shared/catalog-api';
import { errors } from '../../../../src-shared/vocabulary/errors';
import { MANIFEST, millisOfTimestamp, readManifestLayout } from './lance-manifest';

const MANIFEST_FRAGMENTS = 2;
const FRAGMENT = { files: 2, deletionFile: 3, physicalRows: 4 } as const;
const DATA_FILE = { fileSizeBytes: 6 } as const;
const DELETION_FILE = { numDeletedRows: 4 } as const;
/** Protobuf wire types, as numbers: the in-place reader below compares raw key bits. */
const WIRE = { varint: 0, bit64: 1, lengthDelimited: 2, bit32: 5 } as const;

interface Totals {
  fragments: number;
  dataFiles: number;
  dataFileRows: number;
  deletionFiles: number;
  deletionFileRows: number;
  filesSize: number;
  /**
   * A fragment's rows are not known from its manifest entry (an older writer left its physical
   * rows, or its deleted rows, unset): Lance then counts differently, so this reader gives way.
   */
  unknownRows: boolean;
}

/** The version, or undefined where only Lance's own reading gives LanceDB's totals. */
export function manifestVersionInfo(bytes: Uint8Array, name: string): VersionInfo | undefined {
  const { manifest } = readManifestLayout(bytes, name);
  const reader = new BinaryReader(manifest);
  const totals: Totals = {
    fragments: 0,
    dataFiles: 0,
    dataFileRows: 0,
    deletionFiles: 0,
    deletionFileRows: 0,
    filesSize: 0,
    unknownRows: false,
  };
  let version = 0;
  let timestampMillis = 0;
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    if (no === MANIFEST_FRAGMENTS && wireType === WireType.LengthDelimited) {
      addFragment(reader.bytes(), totals);
    } else if (no === MANIFEST.version && wireType === WireType.Varint) {
      version = Number(reader.uint64());
    } else if (no === MANIFEST.timestamp && wireType === WireType.LengthDelimited) {
      timestampMillis = millisOfTimestamp(reader.bytes());
    } else {
      reader.skip(wireType, no);
    }
  }
  if (totals.unknownRows) return undefined;
  return {
    version,
    timestampMillis,
    metadata: {
      total_fragments: String(totals.fragments),
      total_data_files: String(totals.dataFiles),
      total_data_file_rows: String(totals.dataFileRows),
      total_deletion_files: String(totals.deletionFiles),
      total_deletion_file_rows: String(totals.deletionFileRows),
      total_files_size: String(totals.filesSize),
      total_rows: String(totals.dataFileRows - totals.deletionFileRows),
    },
  };
}

/**
 * A fragment's totals, read in place: a manifest of the timeline's newest versions holds a
 * fragment per append, so hundreds of thousands are read, and a reader object for each nested
 * message was most of the time.
 */
function addFragment(bytes: Uint8Array, totals: Totals): void {
  totals.fragments += 1;
  let physicalRows = 0;
  let deletion: number | undefined;
  let pos = 0;
  while (pos < bytes.length) {
    const key = varint(bytes, pos);
    pos = key.next;
    const no = Math.floor(key.value / 8);
    const wireType = key.value % 8;
    if (wireType === WIRE.varint) {
      const value = varint(bytes, pos);
      pos = value.next;
      if (no === FRAGMENT.physicalRows) physicalRows = value.value;
    } else if (wireType === WIRE.lengthDelimited) {
      const length = varint(bytes, pos);
      const start = length.next;
      pos = start + length.value;
      if (no === FRAGMENT.files) {
        totals.dataFiles += 1;
        totals.filesSize += varintIn(bytes, start, pos, DATA_FILE.fileSizeBytes);
      } else if (no === FRAGMENT.deletionFile) {
        totals.deletionFiles += 1;
        deletion = varintIn(bytes, start, pos, DELETION_FILE.numDeletedRows);
      }
    } else if (wireType === WIRE.bit64) {
      pos += 8;
    } else if (wireType === WIRE.bit32) {
      pos += 4;
    } else {
      throw errors.InvalidTableState(
        `A manifest's fragment has a field of wire type ${wireType}, which Lance does not write`,
      );
    }
  }
  if (pos !== bytes.length) throw truncated();
  totals.dataFileRows += physicalRows;
  totals.deletionFileRows += deletion ?? 0;
  if (physicalRows === 0 || deletion === 0) totals.unknownRows = true;
}

/** One varint field of the message at [start, end), 0 when absent (proto3's default). */
function varintIn(bytes: Uint8Array, start: number, end: number, field: number): number {
  let pos = start;
  while (pos < end) {
    const key = varint(bytes, pos);
    pos = key.next;
    const wireType = key.value % 8;
    if (wireType === WIRE.varint) {
      const value = varint(bytes, pos);
      if (Math.floor(key.value / 8) === field) return value.value;
      pos = value.next;
    } else if (wireType === WIRE.lengthDelimited) {
      const length = varint(bytes, pos);
      pos = length.next + length.value;
    } else if (wireType === WIRE.bit64) {
      pos += 8;
    } else if (wireType === WIRE.bit32) {
      pos += 4;
    } else {
      throw truncated();
    }
  }
  if (pos !== end) throw truncated();
  return 0;
}

const truncated = () => errors.InvalidTableState('A manifest has a fragment cut short');

/** A varint at `pos`, as a number (exact to 2^53, past any count or size a table holds). */
function varint(bytes: Uint8Array, pos: number): { value: number; next: number } {
  let value = 0;
  let scale = 1;
  for (let at = pos; at < bytes.length; at++) {
    const byte = bytes[at]!;
    value += (byte & 0x7f) * scale;
    if (byte < 0x80) return { value, next: at + 1 };
    scale *= 128;
  }
  throw truncated();
}
