/**
 * The incremental reader finds the same messages however a stream is cut into chunks, hands a
 * body that arrives whole on without copying it, and calls a stream cut short truncated.
 */
import { describe, expect, it } from 'vitest';
import { arrow } from '../../../../src-main/catalog/arrow';
import { readMessages } from '../../../../src-main/catalog/arrow-ipc/arrow-ipc-messages';
import { readStreamMessages } from '../../../../src-main/catalog/arrow-ipc/arrow-ipc-reader';
import { ERROR_CODES } from '../../../../src-shared/vocabulary/errors';
import { expectCode } from '../../../support/expect-code';

const table = arrow.tableFromArrays({
  id: Int32Array.from({ length: 1000 }, (_, i) => i),
  label: Array.from({ length: 1000 }, (_, i) => `row ${i}`),
});
const bytes = arrow.tableToIPC(table, 'stream');

async function* chunked(data: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < data.byteLength; i += size) yield data.subarray(i, i + size);
}

async function collect(chunks: AsyncIterable<Uint8Array>) {
  const messages = [];
  for await (const message of readStreamMessages(chunks)) messages.push(message);
  return messages;
}

describe('readStreamMessages', () => {
  const expected = [...readMessages(bytes)].map((m) => [
    m.type,
    m.metadata.byteLength,
    m.body.byteLength,
  ]);

  it.each([1, 3, 7, 64, 1000, bytes.byteLength])(
    'reads the same messages in chunks of %i bytes',
    async (size) => {
      const messages = await collect(chunked(bytes, size));
      expect(messages.map((m) => [m.type, m.metadata.byteLength, m.body.byteLength])).toEqual(
        expected,
      );
      expect(Buffer.concat(messages.map((m) => m.body))).toEqual(
        Buffer.concat([...readMessages(bytes)].map((m) => m.body)),
      );
    },
  );

  it('passes a body that arrives in one chunk on as a view of it', async () => {
    const [, batch] = await collect(chunked(bytes, bytes.byteLength));
    expect(batch!.body.buffer).toBe(bytes.buffer);
  });

  it('calls a stream cut inside a message truncated', async () => {
    await expectCode(
      collect(chunked(bytes.subarray(0, bytes.byteLength - 100), 50)),
      ERROR_CODES.InvalidInput,
    );
  });
});
