/**
 * Arrow answers, streamed: batches go out as the engine produces them, with the socket's
 * back-pressure holding the engine back, and are never collected into one buffer.
 *
 * The framing follows the client's Accept header: an IPC stream to a client that asks for one
 * (our `rest` back end does), else an IPC file, which the specification names for QueryTable and
 * which is written as it goes too (its footer, the index of the batches, comes last).
 *
 * A failure after the first byte cannot become an error body any more: the connection is then
 * cut (Fastify destroys it when the stream fails), so the client sees a broken answer, never a
 * short one that looks whole.
 */
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { ArrowIpcStream } from '../../catalog/client';
import { readStreamMessages } from '../../catalog/arrow-ipc-reader';
import { ipcFileBytes } from '../../catalog/arrow-ipc-writers';

export const ARROW_STREAM_TYPE = 'application/vnd.apache.arrow.stream';
export const ARROW_FILE_TYPE = 'application/vnd.apache.arrow.file';

export interface ArrowReply {
  contentType: string;
  body: Readable;
}

export function arrowReply(request: FastifyRequest, stream: ArrowIpcStream): ArrowReply {
  const accept = request.headers.accept ?? '';
  if (accept.includes(ARROW_STREAM_TYPE)) {
    return { contentType: ARROW_STREAM_TYPE, body: Readable.from(stream, { objectMode: false }) };
  }
  return {
    contentType: ARROW_FILE_TYPE,
    body: Readable.from(ipcFileBytes(readStreamMessages(stream)), { objectMode: false }),
  };
}
