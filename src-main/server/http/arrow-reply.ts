/**
 * Arrow answers, streamed: batches go out as the engine produces them, with the socket's
 * back-pressure holding the engine back, and are never collected into one buffer (an answer
 * complete within its first 64 KiB goes out in one write).
 *
 * The framing follows the client: an IPC stream to a client that asks for one in its Accept header
 * (our `rest` back end does) and to LanceDB's remote client, which reads either and picks by the
 * reply's Content-Type; else an IPC file, which the specification names for QueryTable and which
 * is written as it goes too (its footer, the index of the batches, comes last).
 *
 * A failure within the first 64 KiB still becomes an error body (that much is read before the
 * reply starts); a failure after the first byte cannot become one any more: the connection is then
 * cut (Fastify destroys it when the stream fails), so the client sees a broken answer, never a
 * short one that looks whole.
 */
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { ArrowIpcStream } from '../../catalog/client';
import { readStreamMessages } from '../../catalog/arrow-ipc/arrow-ipc-reader';
import { ipcFileBytes } from '../../catalog/arrow-ipc/arrow-ipc-writers';
import { ARROW_FILE_TYPE, ARROW_STREAM_TYPE, wholeOf } from '../../catalog/arrow-data';
import { isLanceRemoteDialect } from './dialect';

/**
 * How far the reply may read ahead of the socket. LanceDB answers in batches of some 1,000 rows,
 * each a separate call into its runtime; with Node's default of 16 KiB the next batch was asked
 * for only once the last had been written, one round trip at a time.
 */
const READ_AHEAD_BYTES = 1024 * 1024;

/**
 * An answer that is complete within this many bytes goes out as one buffer: most answers (a
 * search's k rows) are a few kilobytes, and a stream's chunks would each be a write of their own.
 */
const SMALL_ANSWER_BYTES = 64 * 1024;

export interface ArrowReply {
  contentType: string;
  /** The whole answer when it was small, else a stream of it. */
  body: Readable | Buffer;
}

export async function arrowReply(
  request: FastifyRequest,
  stream: ArrowIpcStream,
): Promise<ArrowReply> {
  const accept = request.headers.accept ?? '';
  const asStream = accept.includes(ARROW_STREAM_TYPE) || isLanceRemoteDialect(request);
  const contentType = asStream ? ARROW_STREAM_TYPE : ARROW_FILE_TYPE;
  // An answer made whole before it was read (a search's k rows) is taken at once, if small.
  const whole = asStream ? wholeOf(stream) : undefined;
  if (whole && whole.byteLength <= SMALL_ANSWER_BYTES)
    return { contentType, body: asBuffer(whole) };
  const framed = asStream ? stream : ipcFileBytes(readStreamMessages(stream));
  const chunks = framed[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let size = 0;
  while (size < SMALL_ANSWER_BYTES) {
    const next = await chunks.next();
    // A whole answer in one chunk (query-stream.ts sends a small one so) goes out as it is.
    if (next.done)
      return { contentType, body: head.length === 1 ? asBuffer(head[0]!) : Buffer.concat(head) };
    head.push(next.value);
    size += next.value.byteLength;
  }
  async function* rest(): AsyncGenerator<Uint8Array> {
    try {
      yield* head;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
    } finally {
      // A reply cut short (a client gone, a stall) ends the query's iteration too.
      await chunks.return?.();
    }
  }
  return {
    contentType,
    body: Readable.from(rest(), { objectMode: false, highWaterMark: READ_AHEAD_BYTES }),
  };
}

const asBuffer = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Cuts a streamed reply whose client has stopped reading: when nothing more has gone out for
 * `idleMs`, the connection is destroyed, which ends the stream and releases what it held. Node's
 * own timeouts watch requests and idle keep-alive connections, not a reply held back by
 * back-pressure.
 */
export function cutWhenStalled(socket: Socket, body: Readable, idleMs: number): void {
  if (!(idleMs > 0)) return;
  let written = socket.bytesWritten;
  let quietSince = Date.now();
  const timer = setInterval(
    () => {
      if (socket.bytesWritten !== written) {
        written = socket.bytesWritten;
        quietSince = Date.now();
      } else if (Date.now() - quietSince >= idleMs) {
        socket.destroy();
      }
    },
    Math.max(50, Math.min(1_000, idleMs / 4)),
  );
  timer.unref();
  body.once('close', () => clearInterval(timer));
}
