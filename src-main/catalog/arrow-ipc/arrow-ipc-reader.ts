/**
 * Reads the messages of an Arrow IPC stream that arrives in chunks of any size (an HTTP body, a
 * socket), one message at a time, holding no more than the message being read. A message part
 * that arrives within one chunk is handed on as a view of that chunk, not copied: record batch
 * bodies, the bulk of a stream, usually do.
 */
import { errors } from '../../../src-shared/vocabulary/errors';
import { messageOf, type RawMessage } from './arrow-ipc-messages';

export async function* readStreamMessages(
  chunks: AsyncIterable<Uint8Array>,
): AsyncGenerator<RawMessage> {
  const bytes = new ByteQueue(chunks[Symbol.asyncIterator]());
  for (;;) {
    let prefix = await bytes.take(4);
    if (prefix === undefined) return; // a stream may end without its end-of-stream marker
    let length = int32(prefix);
    if (length === -1) {
      prefix = await bytes.take(4);
      if (prefix === undefined) throw truncated();
      length = int32(prefix);
    }
    if (length === 0) return;
    if (length < 0)
      throw errors.InvalidInput(`The Arrow IPC stream has a message of length ${length}`);
    const metadata = await bytes.take(length);
    if (metadata === undefined) throw truncated();
    const message = messageOf(metadata);
    const bodyLength = Number(message.bodyLength());
    if (!Number.isSafeInteger(bodyLength) || bodyLength < 0) {
      throw errors.InvalidInput(
        'The Arrow IPC stream has a message with an impossible body length',
      );
    }
    const body = bodyLength === 0 ? new Uint8Array() : await bytes.take(bodyLength);
    if (body === undefined) throw truncated();
    yield { metadata, body, type: message.headerType() };
  }
}

function int32(bytes: Uint8Array): number {
  return new DataView(bytes.buffer, bytes.byteOffset, 4).getInt32(0, true);
}

function truncated() {
  return errors.InvalidInput('The Arrow IPC stream is truncated');
}

/** Bytes from an iterator of chunks, taken in runs of a given length. */
class ByteQueue {
  private chunk: Uint8Array = new Uint8Array();
  private done = false;

  constructor(private readonly source: AsyncIterator<Uint8Array>) {}

  /** The next `n` bytes; undefined at a clean end; throws if the source ends part-way. */
  async take(n: number): Promise<Uint8Array | undefined> {
    if (this.chunk.byteLength >= n) return this.advance(n);
    if (this.chunk.byteLength === 0 && !(await this.pull())) return undefined;
    if (this.chunk.byteLength >= n) return this.advance(n);
    const run = new Uint8Array(n);
    let filled = 0;
    while (filled < n) {
      if (this.chunk.byteLength === 0 && !(await this.pull())) throw truncated();
      const part = this.advance(Math.min(n - filled, this.chunk.byteLength));
      run.set(part, filled);
      filled += part.byteLength;
    }
    return run;
  }

  private advance(n: number): Uint8Array {
    const part = this.chunk.subarray(0, n);
    this.chunk = this.chunk.subarray(n);
    return part;
  }

  /** Loads the next non-empty chunk; false once the source is done. */
  private async pull(): Promise<boolean> {
    while (!this.done) {
      const next = await this.source.next();
      if (next.done) {
        this.done = true;
        return false;
      }
      if (next.value.byteLength > 0) {
        this.chunk = next.value;
        return true;
      }
    }
    return false;
  }
}
