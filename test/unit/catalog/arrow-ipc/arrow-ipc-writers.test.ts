/**
 * Messages framed as they come make a valid Arrow stream and a valid Arrow file: apache-arrow
 * reads back the same rows from each, batch for batch.
 */
import { describe, expect, it } from 'vitest';
import { arrow } from '../../../../src-main/catalog/arrow';
import { readMessages } from '../../../../src-main/catalog/arrow-ipc/arrow-ipc-messages';
import {
  ipcFileBytes,
  ipcStreamBytes,
} from '../../../../src-main/catalog/arrow-ipc/arrow-ipc-writers';

const batches = [0, 1, 2].map(
  (b) =>
    arrow.tableFromArrays({
      id: Int32Array.from({ length: 500 }, (_, i) => b * 500 + i),
      vec: Float64Array.from({ length: 500 }, (_, i) => i / 7),
    }).batches[0]!,
);
const source = arrow.tableToIPC(new arrow.Table(batches), 'stream');

async function* messages() {
  yield* readMessages(source);
}

async function bytesOf(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

describe('framing messages as they come', () => {
  it('writes a stream apache-arrow reads back', async () => {
    const table = arrow.tableFromIPC(await bytesOf(ipcStreamBytes(messages())));
    expect(table.batches).toHaveLength(3);
    expect(table.getChild('id')!.toArray()).toEqual(Int32Array.from({ length: 1500 }, (_, i) => i));
  });

  it('writes a file, footer and all, that apache-arrow reads back', async () => {
    const bytes = await bytesOf(ipcFileBytes(messages()));
    expect(Buffer.from(bytes.subarray(0, 6)).toString('latin1')).toBe('ARROW1');
    expect(Buffer.from(bytes.subarray(bytes.byteLength - 6)).toString('latin1')).toBe('ARROW1');
    // A file reader finds the batches through the footer.
    const reader = arrow.RecordBatchFileReader.from(bytes);
    reader.open();
    expect(reader.numRecordBatches).toBe(3);
    const table = new arrow.Table(reader.readAll());
    expect(table.getChild('id')!.toArray()).toEqual(Int32Array.from({ length: 1500 }, (_, i) => i));
    expect(table.getChild('vec')!.get(499)).toBeCloseTo(499 / 7);
  });
});
