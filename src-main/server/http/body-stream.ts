/**
 * The request body as the content-type parser reads it: decoded from its Content-Encoding,
 * limited on its decoded size, and cut with 408 when the client stops sending for too long.
 *
 * A compressed body is inflated twice. The first pass runs as the body arrives and keeps nothing
 * it inflates, only counts it: a body that would inflate past the route's limit is refused (413)
 * having cost the server its compressed bytes and a decoder's buffers. Only a body whose inflated
 * size is within the limit is inflated again and handed on. Before, the inflated bytes were
 * collected up to the limit before the refusal: a 1.2 MB gzip body made the server grow by
 * 520 MB on an Arrow route, whose limit is 512 MiB.
 *
 * The source is piped, never destroyed here: on a refusal the reply still has to reach the
 * client, and the connection is closed after it (see refusal.ts).
 */
import { PassThrough, Readable, Transform, Writable, type TransformCallback } from 'node:stream';
import { errors } from '../../../src-shared/vocabulary/errors';
import { InflateLimitError } from '../../catalog/inflate/inflate-errors';
import { HttpRefusal } from './refusal';
import { bodyEncoding, createDecoder } from './body-decoders';

export interface BodyLimits {
  /** Largest decoded body, in bytes. */
  limit: number;
  /** Longest pause between two body chunks, in ms; 0 for none. */
  idleMs: number;
}

export type BodyStream = Readable & { receivedEncodedLength: number };

export const tooLarge = (limit: number) =>
  new HttpRefusal(
    413,
    errors.InvalidInput(`The request body is larger than the limit of ${limit} bytes`),
  );

/** Counts bytes through it and fails once more than `limit` have passed. */
function meter(limit: number, onChunk: (chunk: Buffer, total: number) => void): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      total += chunk.byteLength;
      if (total > limit) return done(tooLarge(limit));
      onChunk(chunk, total);
      done(null, chunk);
    },
  });
}

/** Counts what it is given, keeps none of it, and fails once more than `limit` came. */
function counter(limit: number): Writable {
  let total = 0;
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      total += chunk.byteLength;
      done(total > limit ? tooLarge(limit) : null);
    },
  });
}

/** The held chunks, each let go as soon as it has been read. */
function replay(chunks: Array<Buffer | undefined>): Readable {
  let next = 0;
  return new Readable({
    read() {
      const chunk = chunks[next];
      chunks[next++] = undefined;
      this.push(chunk ?? null);
    },
  });
}

export function bodyStream(
  payload: Readable,
  contentEncoding: string | undefined,
  { limit, idleMs }: BodyLimits,
): BodyStream {
  const encoding = bodyEncoding(contentEncoding);
  const compressed = encoding !== undefined;
  let encoded = 0;
  let ended = false;
  const held: Array<Buffer | undefined> = [];
  // The encoded size is limited as well as the decoded one, so neither can outgrow the limit.
  const input = meter(limit, (chunk, total) => {
    encoded = total;
    if (compressed) held.push(chunk);
    idle?.refresh();
  });
  const output: Transform = compressed ? new PassThrough() : input;
  const result = output as unknown as BodyStream;
  Object.defineProperty(result, 'receivedEncodedLength', { get: () => encoded });
  const stages: Array<Transform | Writable> = [input];

  const fail = (error: Error, decoding = false) => {
    if (ended) return;
    ended = true;
    clearTimeout(idle);
    payload.unpipe(input);
    payload.pause();
    held.length = 0;
    const refusal =
      error instanceof HttpRefusal
        ? error
        : error instanceof InflateLimitError
          ? tooLarge(limit)
          : decoding
            ? new HttpRefusal(
                400,
                errors.InvalidInput(`The request body could not be decoded: ${error.message}`),
              )
            : error;
    // Destroying an errored stream again is a no-op, so the parser sees the first error.
    output.destroy(refusal);
    for (const stage of stages) stage.destroy();
  };
  const idle =
    idleMs > 0
      ? setTimeout(
          () =>
            fail(
              new HttpRefusal(
                408,
                errors.InvalidInput(`The request body stalled: no bytes for ${idleMs / 1000} s`),
              ),
            ),
          idleMs,
        )
      : undefined;
  idle?.unref();
  const watch = (stage: Transform | Writable, decoding = false) => {
    stages.push(stage);
    stage.once('error', (error) => fail(error, decoding && !(error instanceof HttpRefusal)));
  };
  input.once('error', (error) => fail(error));

  if (encoding) {
    // First pass: inflate as it arrives, count, keep nothing.
    const firstDecoder = createDecoder(encoding, limit);
    const count = counter(limit);
    watch(firstDecoder, true);
    watch(count);
    input.pipe(firstDecoder).pipe(count);
    // Nothing reads `input` but the first decoder, and it must not be held back by a reader
    // that is not there: its data goes to the decoder and into `held`.
    count.once('finish', () => {
      if (ended) return;
      clearTimeout(idle);
      // Second pass, within the limit: inflate again and hand it on.
      const secondDecoder = createDecoder(encoding, limit);
      const limited = meter(limit, () => undefined);
      watch(secondDecoder, true);
      watch(limited);
      replay(held).pipe(secondDecoder).pipe(limited).pipe(output);
      output.once('end', () => (ended = true));
    });
  } else {
    output.once('end', () => {
      ended = true;
      clearTimeout(idle);
    });
  }
  payload.once('error', (error) => fail(error));
  payload.once('close', () => {
    if (!payload.readableEnded) fail(new Error('The client closed the connection mid-body'));
  });
  payload.pipe(input);
  return result;
}
