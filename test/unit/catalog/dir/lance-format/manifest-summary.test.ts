import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import { describe, expect, it } from 'vitest';
import { manifestVersionInfo } from '../../../../../src-main/catalog/dir/lance-format/manifest-summary';

/** A manifest file as Lance lays it out: the message (length-prefixed), then the 16-byte footer. */
function manifestFile(fragments: Uint8Array[], version = 7, seconds = 1_700_000_000): Uint8Array {
  const writer = new BinaryWriter();
  for (const fragment of fragments) writer.tag(2, WireType.LengthDelimited).bytes(fragment);
  writer.tag(3, WireType.Varint).uint64(version);
  writer.tag(7, WireType.LengthDelimited).fork().tag(1, WireType.Varint).int64(seconds).join();
  const message = writer.finish();
  const prefix = Buffer.alloc(4);
  prefix.writeUInt32LE(message.byteLength);
  const footer = Buffer.alloc(16);
  footer.writeBigUInt64LE(0n, 0);
  footer.writeUInt16LE(0, 8);
  footer.writeUInt16LE(2, 10);
  footer.write('LANC', 12, 'latin1');
  return Buffer.concat([prefix, message, footer]);
}

function fragment(rows: number, fileSize: number, deleted?: number): Uint8Array {
  const writer = new BinaryWriter();
  writer.tag(1, WireType.Varint).uint64(0);
  writer
    .tag(2, WireType.LengthDelimited)
    .fork()
    .tag(1, WireType.LengthDelimited)
    .string('a.lance')
    .tag(6, WireType.Varint)
    .uint64(fileSize)
    .join();
  if (deleted !== undefined) {
    writer.tag(3, WireType.LengthDelimited).fork().tag(4, WireType.Varint).uint64(deleted).join();
  }
  writer.tag(4, WireType.Varint).uint64(rows);
  return writer.finish();
}

describe('manifestVersionInfo', () => {
  it("sums Lance's totals over the fragments", () => {
    const info = manifestVersionInfo(manifestFile([fragment(10, 100), fragment(5, 40, 2)]), 'm');
    expect(info).toEqual({
      version: 7,
      timestampMillis: 1_700_000_000_000,
      metadata: {
        total_fragments: '2',
        total_data_files: '2',
        total_data_file_rows: '15',
        total_deletion_files: '1',
        total_deletion_file_rows: '2',
        total_files_size: '140',
        total_rows: '13',
      },
    });
  });

  it('gives way where an older writer left rows unknown, so that Lance totals them', () => {
    expect(manifestVersionInfo(manifestFile([fragment(0, 100)]), 'm')).toBeUndefined();
    expect(manifestVersionInfo(manifestFile([fragment(5, 40, 0)]), 'm')).toBeUndefined();
  });

  it('refuses a fragment cut short rather than answering wrong totals', () => {
    const whole = fragment(10, 100);
    expect(() =>
      manifestVersionInfo(manifestFile([whole.subarray(0, whole.length - 1)]), 'm'),
    ).toThrow(/cut short/);
  });
});
