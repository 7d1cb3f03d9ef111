/**
 * Inflating compressed Arrow streams. The fixture is a real upload captured from LanceDB's remote
 * client (0.39.0): sampleTable(50, 8) written as an LZ4_FRAME-compressed IPC stream.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { arrow } from '../../../../src-main/catalog/arrow';
import { decodeIpc } from '../../../../src-main/catalog/arrow-data';
import {
  declaredInflatedSize,
  decompressStream,
  decompressStreamInSlices,
  isCompressedStream,
} from '../../../../src-main/catalog/arrow-ipc/arrow-compression';
import { InflateLimitError } from '../../../../src-main/catalog/inflate/inflate-errors';
import { compressedIpc, zstdBombIpc } from '../../../support/compressed-arrow';
import { expectCode } from '../../../support/expect-code';
import { sampleTable } from '../../../support/sample-data';

const fixture = readFileSync(join(__dirname, '../../../fixtures/lancedb-remote-upload-lz4.arrows'));

describe('arrow compression', () => {
  it('recognises the compressed upload and apache-arrow cannot read it as is', () => {
    expect(isCompressedStream(fixture)).toBe(true);
    expect(isCompressedStream(arrow.tableToIPC(sampleTable(3, 8), 'stream'))).toBe(false);
    expect(() => arrow.tableFromIPC(fixture)).toThrow(/compression/);
  });

  it('inflates it to exactly the rows that were sent', () => {
    const table = decodeIpc(fixture);
    const expected = sampleTable(50, 8);
    expect(table.numRows).toBe(50);
    expect(table.schema.fields.map((f) => f.name)).toEqual(
      expected.schema.fields.map((f) => f.name),
    );
    for (const i of [0, 17, 49]) {
      for (const column of ['id', 'text', 'category']) {
        expect(table.getChild(column)!.get(i)).toEqual(expected.getChild(column)!.get(i));
      }
      expect([...table.getChild('vector')!.get(i)!.toArray()]).toEqual([
        ...expected.getChild('vector')!.get(i)!.toArray(),
      ]);
      expect(table.getChild('meta')!.get(i)!.toJSON()).toEqual(
        expected.getChild('meta')!.get(i)!.toJSON(),
      );
    }
    expect(isCompressedStream(decompressStream(fixture))).toBe(false);
  });

  it('refuses a stream that would inflate beyond the budget, before inflating it', async () => {
    await expectCode(() => decompressStream(fixture, 1000), 13);
  });

  it('refuses truncated compressed streams with InvalidInput', async () => {
    await expectCode(() => decodeIpc(fixture.subarray(0, fixture.length - 100)), 13);
  });
});

describe('bounded inflation', () => {
  it('round-trips honest LZ4 and ZSTD streams and reports their inflated size from headers', () => {
    const table = sampleTable(40, 8);
    for (const codec of ['lz4', 'zstd'] as const) {
      const bytes = compressedIpc(table, codec);
      expect(isCompressedStream(bytes)).toBe(true);
      const plain = arrow.tableToIPC(table, 'stream').byteLength;
      expect(Math.abs(declaredInflatedSize(bytes) - plain)).toBeLessThan(64);
      expect(decodeIpc(bytes).getChild('id')!.toArray()).toEqual(table.getChild('id')!.toArray());
    }
  });

  it('refuses a bomb that declares 1.1 GiB, and one that declares 1 KiB, without allocating either', async () => {
    const honest = zstdBombIpc(1181116006, 1181116006);
    expect(declaredInflatedSize(honest)).toBeGreaterThan(2 ** 30);
    await expectCode(() => decompressStream(honest, 512 << 20), 13);
    const liar = zstdBombIpc(1181116006, 1024);
    expect(declaredInflatedSize(liar)).toBeLessThan(4096);
    expect(() => decompressStream(liar)).toThrow(InflateLimitError);
    // A lying LZ4 buffer is cut at what it declares as well.
    const lz4Liar = compressedIpc(sampleTable(40, 8), 'lz4', { declare: (n) => BigInt(n - 1) });
    await expectCode(() => decompressStream(lz4Liar), 13);
  });
});

describe('arrow compression in time slices', () => {
  it('gives the same stream as the one-call inflation, for the real upload and both codecs', async () => {
    expect(
      Buffer.from(await decompressStreamInSlices(fixture)).equals(decompressStream(fixture)),
    ).toBe(true);
    const table = sampleTable(300, 16);
    for (const codec of ['lz4', 'zstd'] as const) {
      const bytes = compressedIpc(table, codec);
      const sliced = await decompressStreamInSlices(bytes);
      expect(Buffer.from(sliced).equals(decompressStream(bytes)), codec).toBe(true);
      expect(decodeIpc(sliced).getChild('text')!.get(299)).toBe(table.getChild('text')!.get(299));
    }
  });

  it('refuses the same bombs and liars', async () => {
    await expectCode(decompressStreamInSlices(zstdBombIpc(1181116006, 1181116006), 512 << 20), 13);
    await expect(decompressStreamInSlices(zstdBombIpc(1181116006, 1024))).rejects.toBeInstanceOf(
      InflateLimitError,
    );
    const lz4Liar = compressedIpc(sampleTable(40, 8), 'lz4', { declare: (n) => BigInt(n - 1) });
    await expectCode(decompressStreamInSlices(lz4Liar), 13);
    const short = compressedIpc(sampleTable(40, 8), 'zstd', { declare: (n) => BigInt(n + 1) });
    await expectCode(decompressStreamInSlices(short), 13);
  });

  it('lets the event loop run while a large buffer inflates', async () => {
    // One batch whose one large column inflates from about 0.4 MB of LZ4 to 64 MB.
    const values = new Float64Array(8 << 20);
    for (let i = 0; i < values.length; i++) values[i] = i % 1000;
    const bytes = compressedIpc(arrow.tableFromArrays({ v: values }), 'lz4');
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 1);
    const inflated = await decompressStreamInSlices(bytes);
    clearInterval(timer);
    expect(decodeIpc(inflated).numRows).toBe(8 << 20);
    expect(ticks).toBeGreaterThan(0);
  });
});
