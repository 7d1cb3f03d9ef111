/**
 * Inflating compressed Arrow streams. The fixture is a real upload captured from LanceDB's remote
 * client (0.39.0): sampleTable(50, 8) written as an LZ4_FRAME-compressed IPC stream.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { arrow } from '../../../src-main/catalog/arrow';
import { decodeIpc } from '../../../src-main/catalog/arrow-data';
import { decompressStream, isCompressedStream } from '../../../src-main/catalog/arrow-compression';
import { expectCode } from '../../support/expect-code';
import { sampleTable } from '../../support/sample-data';

const fixture = readFileSync(join(__dirname, '../../fixtures/lancedb-remote-upload-lz4.arrows'));

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
