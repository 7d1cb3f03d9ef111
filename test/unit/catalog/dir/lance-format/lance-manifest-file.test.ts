/**
 * The manifest rewrite, on files LanceDB itself wrote and on damaged ones. What LanceDB makes of
 * a rewritten file (opening it, appending over it) is in the catalog suites and
 * test/integration/catalog/dir/table/dir-schema-metadata.test.ts.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { BinaryReader, BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parseManifestFile,
  replaceSchemaMetadata,
} from '../../../../../src-main/catalog/dir/lance-format/lance-manifest-file';
import { ERROR_CODES } from '../../../../../src-shared/vocabulary/errors';

let root: string;
let written: Uint8Array;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'cs-manifest-file-'));
  const table = await (await lancedb.connect(root)).createTable('t', [{ id: 1 }, { id: 2 }]);
  await table.createIndex('id');
  const versions = join(root, 't.lance', '_versions');
  const latest = readdirSync(versions)
    .filter((n) => n.endsWith('.manifest'))
    .sort()[0]!;
  written = readFileSync(join(versions, latest));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Top-level fields of the manifest message in a manifest file, as [number, value bytes]. */
function manifestFields(file: Uint8Array): Array<[number, Uint8Array]> {
  const view = Buffer.from(file);
  const at = Number(view.readBigUInt64LE(file.byteLength - 16));
  const reader = new BinaryReader(file.subarray(at + 4, at + 4 + view.readUInt32LE(at)));
  const out: Array<[number, Uint8Array]> = [];
  while (reader.pos < reader.len) {
    const [no, wireType] = reader.tag();
    out.push([no, reader.skip(wireType, no)]);
  }
  return out;
}

describe('a manifest LanceDB wrote', () => {
  it('becomes the next version with the new metadata, its index section and other fields kept', () => {
    const parsed = parseManifestFile(written, 'v');
    expect(parsed.indexSection).toBeDefined();
    const commit = replaceSchemaMetadata(parsed, { a: '1', b: 'two' }, Date.UTC(2026, 0, 2));
    expect(commit.version).toBe(parsed.version + 1n);
    const again = parseManifestFile(commit.manifest, 'rewritten');
    expect(again.version).toBe(parsed.version + 1n);
    expect(Buffer.from(again.indexSection!)).toEqual(Buffer.from(parsed.indexSection!));
    expect(commit.transactionFile).toMatch(new RegExp(`^${parsed.version}-[0-9a-f-]{36}\\.txn$`));

    const before = manifestFields(written);
    const after = manifestFields(commit.manifest);
    const schema = after.filter(([no]) => no === 5).length;
    expect(schema).toBe(2);
    // Fields 1 (columns), 2 (fragments), 13 (writer) and 15 (format) are copied byte for byte.
    for (const kept of [1, 2, 13, 15]) {
      expect(after.filter(([no]) => no === kept)).toEqual(before.filter(([no]) => no === kept));
    }
  });

  it('keeps a field this code does not know, and refuses writer features it does not know', () => {
    const parsed = parseManifestFile(written, 'v');
    const unknown = new BinaryWriter().string('from a later Lance').finish();
    const widened = {
      ...parsed,
      fields: [...parsed.fields, { no: 99, wireType: WireType.LengthDelimited, raw: unknown }],
    };
    const after = manifestFields(replaceSchemaMetadata(widened, {}).manifest);
    expect(Buffer.from(after.find(([no]) => no === 99)![1])).toEqual(Buffer.from(unknown));

    const flags = new BinaryWriter().uint64(1n << 40n).finish();
    const future = {
      ...parsed,
      fields: [...parsed.fields, { no: 10, wireType: WireType.Varint, raw: flags }],
    };
    const file = replaceSchemaMetadata(future, {}).manifest;
    expect(() => parseManifestFile(file, 'future')).toThrow(
      expect.objectContaining({ code: ERROR_CODES.Unsupported }),
    );
  });
});

describe('a damaged manifest', () => {
  const cases: Array<[string, (bytes: Buffer) => Uint8Array]> = [
    ['empty', () => new Uint8Array()],
    ['cut short', (b) => b.subarray(0, b.byteLength - 5)],
    [
      'without its magic',
      (b) => Buffer.concat([b.subarray(0, b.byteLength - 4), Buffer.from('NOPE')]),
    ],
    [
      'pointing past its end',
      (b) => {
        const copy = Buffer.from(b);
        copy.writeBigUInt64LE(BigInt(copy.byteLength), copy.byteLength - 16);
        return copy;
      },
    ],
    [
      'with a length running into the footer',
      (b) => {
        const copy = Buffer.from(b);
        const at = Number(copy.readBigUInt64LE(copy.byteLength - 16));
        copy.writeUInt32LE(copy.byteLength, at);
        return copy;
      },
    ],
  ];
  it.each(cases)('is refused when %s, naming the file', (_, damage) => {
    expect(() => parseManifestFile(damage(Buffer.from(written)), 'version 7 of t')).toThrow(
      expect.objectContaining({
        code: ERROR_CODES.InvalidTableState,
        message: expect.stringMatching(/version 7 of t/),
      }),
    );
  });
});
