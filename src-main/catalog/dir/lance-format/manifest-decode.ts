/**
 * A Lance manifest file decoded in full (lance `protos/table.proto`, `protos/file.proto`): the
 * schema, every fragment with its data and deletion files, the index section, the base paths, the
 * flags and the footer. The other readers here take one field each, fast; this one is for the
 * times a manifest must be judged whole before LanceDB is asked to read it (a staged manifest,
 * one this code wrote), so it refuses what Lance's own decoder would refuse: a field of the wrong
 * wire type, a message cut short, a section outside the file, a schema whose fields do not hang
 * together. Fields it does not know are skipped, as Lance skips them.
 *
 * Only lance-manifest.ts imports this module: the rest of the engine reads manifests through it.
 */
import { BinaryReader, WireType } from '@bufbuild/protobuf/wire';
import { isCatalogError } from '../../../../src-shared/vocabulary/errors';
import {
  MANIFEST,
  readManifestLayout,
  section,
  type ManifestFileLayout,
} from './lance-manifest-file';
import {
  basePath,
  checkSchema,
  field,
  fragment,
  indexSection,
  mapEntry,
  millis,
  safe,
  twoStrings,
} from './manifest-messages';
import type { LanceManifest } from './manifest-types';

/** Field numbers of `Manifest` this decoder reads beyond those in MANIFEST. */
const M = {
  fields: 1,
  fragments: 2,
  readerFeatureFlags: 9,
  maxFragmentId: 11,
  writerVersion: 13,
  nextRowId: 14,
  dataFormat: 15,
  config: 16,
  basePaths: 18,
  tableMetadata: 19,
  branch: 20,
} as const;

/**
 * The manifest in `bytes`, or an error made by `error` (a CatalogError factory) that says what is
 * wrong with it.
 */
export function decodeManifest(
  bytes: Uint8Array,
  name: string,
  error: (message: string) => Error,
): LanceManifest {
  const layout = readManifestLayout(bytes, name, error);
  try {
    return decode(bytes, layout);
  } catch (thrown) {
    if (isCatalogError(thrown)) throw thrown;
    // The protobuf reader's own complaints: premature EOF, an illegal tag or wire type.
    throw layout.bad(`its protobuf does not parse (${(thrown as Error).message})`);
  }
}

function decode(bytes: Uint8Array, layout: ManifestFileLayout): LanceManifest {
  const fail = (why: string): never => {
    throw layout.bad(why);
  };
  const out: LanceManifest = {
    version: 0,
    timestampMillis: 0,
    schema: [],
    schemaMetadata: {},
    fragments: [],
    indexes: [],
    basePaths: [],
    readerFlags: 0n,
    writerFlags: 0n,
    transactionSection: false,
    config: {},
    tableMetadata: {},
    fileVersion: { major: layout.major, minor: layout.minor },
  };
  const reader = new BinaryReader(layout.manifest);
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    const want = (type: WireType) => {
      if (wireType !== type) fail(`manifest field ${no} has wire type ${wireType}, not ${type}`);
    };
    switch (no) {
      case M.fields:
        want(WireType.LengthDelimited);
        out.schema.push(field(reader.bytes()));
        break;
      case M.fragments:
        want(WireType.LengthDelimited);
        out.fragments.push(fragment(reader.bytes(), fail));
        break;
      case MANIFEST.version:
        want(WireType.Varint);
        out.version = safe(reader.uint64(), 'the version', fail);
        break;
      case MANIFEST.schemaMetadata: {
        want(WireType.LengthDelimited);
        const [key, value] = mapEntry(reader.bytes());
        out.schemaMetadata[key] = Buffer.from(value).toString('utf8');
        break;
      }
      case MANIFEST.indexSection:
        want(WireType.Varint);
        out.indexes = indexSection(
          section(bytes, BigInt(reader.uint64()), layout.footer, layout.bad),
          fail,
        );
        break;
      case MANIFEST.timestamp:
        want(WireType.LengthDelimited);
        out.timestampMillis = millis(reader.bytes());
        break;
      case M.readerFeatureFlags:
        want(WireType.Varint);
        out.readerFlags |= BigInt(reader.uint64());
        break;
      case MANIFEST.writerFeatureFlags:
        want(WireType.Varint);
        out.writerFlags |= BigInt(reader.uint64());
        break;
      case M.maxFragmentId:
        want(WireType.Varint);
        out.maxFragmentId = reader.uint32();
        break;
      case MANIFEST.transactionFile:
        want(WireType.LengthDelimited);
        out.transactionFile = reader.string() || undefined;
        if (out.transactionFile === undefined) delete out.transactionFile;
        break;
      case MANIFEST.transactionSection:
        want(WireType.Varint);
        section(bytes, BigInt(reader.uint64()), layout.footer, layout.bad);
        out.transactionSection = true;
        break;
      case M.writerVersion: {
        want(WireType.LengthDelimited);
        const [library, version] = twoStrings(reader.bytes());
        out.writerVersion = { library, version };
        break;
      }
      case M.dataFormat: {
        want(WireType.LengthDelimited);
        const [fileFormat, version] = twoStrings(reader.bytes());
        out.dataFormat = { fileFormat, version };
        break;
      }
      case M.config:
      case M.tableMetadata: {
        want(WireType.LengthDelimited);
        const [key, value] = mapEntry(reader.bytes());
        (no === M.config ? out.config : out.tableMetadata)[key] = Buffer.from(value).toString();
        break;
      }
      case M.basePaths:
        want(WireType.LengthDelimited);
        out.basePaths.push(basePath(reader.bytes()));
        break;
      case M.branch:
        want(WireType.LengthDelimited);
        out.branch = reader.string();
        break;
      default:
        // A field of a later Lance, or one this reader has no use for (aux data, tag, row ids).
        reader.skip(wireType, no);
    }
  }
  checkSchema(out.schema, fail);
  if (out.version < 1) fail('it names no version');
  return out;
}
