/**
 * The server's decoding of Arrow bodies gives the same table as apache-arrow's reader, whichever
 * way it reads them (straight from the batch headers, or through apache-arrow for dictionaries
 * and files), joins their small batches, and refuses what is truncated or lies in its headers.
 */
import type { Table as ArrowTable } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { arrow } from '../../../../src-main/catalog/arrow';
import { JOIN_MAX_PARTS } from '../../../../src-main/catalog/arrow-ipc/arrow-coalesce';
import { decodeIpcInSlices } from '../../../../src-main/catalog/arrow-ipc/arrow-ipc-decode';
import { loadable } from '../../../../src-main/catalog/arrow-ipc/arrow-ipc-load';
import {
  END_OF_STREAM,
  frame,
  readMessages,
} from '../../../../src-main/catalog/arrow-ipc/arrow-ipc-messages';
import { ERROR_CODES } from '../../../../src-shared/vocabulary/errors';
import { compressedIpc } from '../../../support/compressed-arrow';
import { expectCode } from '../../../support/expect-code';
import { rows, wideTable } from '../../../support/wide-table';

/** A stream of the table cut into batches of the given sizes (slices, written one by one). */
function streamOf(table: ArrowTable, sizes: number[]): Uint8Array {
  const parts: Uint8Array[] = [];
  let at = 0;
  for (let i = 0; at < table.numRows || i === 0; i++) {
    const size = Math.min(sizes[i % sizes.length]!, table.numRows - at);
    const piece = arrow.tableToIPC(table.slice(at, at + size), 'stream');
    for (const message of readMessages(piece)) {
      if (i > 0 && message.type !== 3) continue; // 3: record batch; the schema is written once
      parts.push(...frame(message.metadata, message.body));
    }
    at += size;
  }
  parts.push(END_OF_STREAM);
  return Buffer.concat(parts);
}

const wide = wideTable();
// apache-arrow cannot write slices of LargeUtf8, nor replace dictionaries batch by batch.
const plain = wide.select(
  wide.schema.fields.map((f) => f.name).filter((n) => n !== 'large' && n !== 'category'),
);

describe('decodeIpcInSlices', () => {
  it('reads a schema without dictionaries straight from the batch headers', () => {
    expect(loadable(plain.schema)).toBe(true);
    expect(loadable(wide.schema)).toBe(false);
  });

  for (const sizes of [[1], [7, 1, 30], [300]]) {
    it(`gives apache-arrow's values for batches of ${sizes.join('/')} rows, joined`, async () => {
      const bytes = streamOf(plain, sizes);
      const table = await decodeIpcInSlices(bytes);
      expect(rows(table)).toEqual(rows(arrow.tableFromIPC(bytes)));
      expect(rows(table)).toEqual(rows(plain));
      expect(table.batches.length).toBe(sizes[0] === 1 ? Math.ceil(300 / JOIN_MAX_PARTS) : 1);
    });
  }

  it('reads a stream with a dictionary column, and an IPC file, through apache-arrow', async () => {
    const stream = arrow.tableToIPC(wide, 'stream');
    expect(rows(await decodeIpcInSlices(stream))).toEqual(rows(wide));
    const file = arrow.tableToIPC(plain, 'file');
    expect(rows(await decodeIpcInSlices(file))).toEqual(rows(plain));
  });

  it('reads a schema-only stream as an empty table with that schema', async () => {
    const table = await decodeIpcInSlices(
      arrow.tableToIPC(new arrow.Table(plain.schema), 'stream'),
    );
    expect(table.numRows).toBe(0);
    expect(table.schema.fields.length).toBe(plain.schema.fields.length);
  });

  it('inflates LZ4- and ZSTD-compressed batches first', async () => {
    const table = arrow.tableFromArrays({ id: Int32Array.from({ length: 500 }, (_, i) => i) });
    for (const codec of ['lz4', 'zstd'] as const) {
      const decoded = await decodeIpcInSlices(compressedIpc(table, codec));
      expect([...decoded.getChild('id')!.toArray()], codec).toEqual([
        ...table.getChild('id')!.toArray(),
      ]);
    }
  });

  it('refuses an empty body, a truncated stream and a header whose buffer lies outside its body', async () => {
    await expectCode(decodeIpcInSlices(new Uint8Array()), ERROR_CODES.InvalidInput);
    const bytes = streamOf(plain, [10]);
    await expectCode(
      decodeIpcInSlices(bytes.subarray(0, bytes.byteLength - 100)),
      ERROR_CODES.InvalidInput,
    );
    // A batch whose header is kept but whose body is cut to 8 bytes.
    const messages = [...readMessages(bytes)];
    const lying = Buffer.concat([
      ...frame(messages[0]!.metadata, messages[0]!.body),
      ...frame(messages[1]!.metadata, messages[1]!.body.subarray(0, 8)),
      END_OF_STREAM,
    ]);
    const error = await expectCode(decodeIpcInSlices(lying), ERROR_CODES.InvalidInput);
    expect(error.message).toMatch(/truncated|corrupt|lies outside/);
  });

  it('gives the event loop turns while it decodes 20,000 batches', async () => {
    const table = arrow.tableFromArrays({ id: Int32Array.from({ length: 20_000 }, (_, i) => i) });
    const bytes = streamOf(table, [1]);
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 1);
    const decoded = await decodeIpcInSlices(bytes);
    clearInterval(timer);
    expect(decoded.numRows).toBe(20_000);
    expect(decoded.batches.length).toBeLessThanOrEqual(Math.ceil(20_000 / 256));
    expect(decoded.getChild('id')!.get(19_999)).toBe(19_999);
    expect(ticks).toBeGreaterThan(0);
  });
});
