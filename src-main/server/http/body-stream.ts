/**
 * The request body as the content-type parser reads it: decoded from its Content-Encoding,
 * limited on its decoded size while it streams (a gzip bomb stops at the route's limit, not at
 * its inflated size), and cut with 408 when the client stops sending for too long.
 *
 * The source is piped, never destroyed here: on a refusal the reply still has to reach the
 * client, and the connection is closed after it (see refusal.ts).
 */
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { errors } from '../../../src-shared/vocabulary/errors';
import { InflateLimitError } from '../../catalog/inflate-errors';
import { inflateLz4 } from '../../catalog/inflate-lz4';
import { inflateZstd } from '../../catalog/inflate-zstd';
import { HttpRefusal } from './refusal';

export interface BodyLimits {
  /** Largest decoded body, in bytes. */
  limit: number;
  /** Longest pause between two body chunks, in ms; 0 for none. */
  idleMs: number;
}

export type BodyStream = Readable & { receivedEncodedLength: number };

const tooLarge = (limit: number) =>
  new HttpRefusal(
    413,
    errors.InvalidInput(`The request body is larger than the limit of ${limit} bytes`),
  );

/** The decoder for a Content-Encoding, or undefined for none; throws 415 for one we do not read. */
function decoderFor(encoding: string | undefined, limit: number): Transform | undefined {
  const name = (encoding ?? '').trim().toLowerCase();
  if (name === '' || name === 'identity') return undefined;
  if (name === 'gzip' || name === 'x-gzip') return createGunzip();
  if (name === 'deflate') return createInflate();
  if (name === 'br') return createBrotliDecompress();
  if (name === 'zstd') return new Buffered(limit, inflateZstd);
  if (name === 'lz4') return new Buffered(limit, inflateLz4);
  throw new HttpRefusal(
    415,
    errors.InvalidInput(
      `Content-Encoding ${JSON.stringify(encoding)} is not supported (use gzip, deflate, br, zstd or lz4, one at a time)`,
    ),
  );
}

/** Formats with no streaming decoder here: the compressed bytes (at most the limit) are held, then inflated with a cap. */
class Buffered extends Transform {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  constructor(
    private readonly limit: number,
    private readonly inflate: (src: Uint8Array, cap: number) => Uint8Array,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.byteLength;
    if (this.size > this.limit) return done(tooLarge(this.limit));
    this.chunks.push(chunk);
    done();
  }
  override _flush(done: TransformCallback): void {
    try {
      done(null, this.inflate(Buffer.concat(this.chunks, this.size), this.limit));
    } catch (error) {
      done(error instanceof InflateLimitError ? tooLarge(this.limit) : (error as Error));
    }
  }
}

/** Counts bytes through it and fails once more than `limit` have passed. */
function meter(limit: number, onChunk: (bytes: number) => void): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.byteLength;
      onChunk(total);
      if (total > limit) return done(tooLarge(limit));
      done(null, chunk);
    },
  });
}

export function bodyStream(
  payload: Readable,
  contentEncoding: string | undefined,
  { limit, idleMs }: BodyLimits,
): BodyStream {
  const decoder = decoderFor(contentEncoding, limit);
  let encoded = 0;
  let ended = false;
  // The encoded size is limited as well as the decoded one, so neither can outgrow the limit.
  const input = meter(limit, (n) => {
    encoded = n;
    idle?.refresh();
  });
  const output = decoder ? meter(limit, () => undefined) : input;
  const stages: Transform[] = decoder ? [input, decoder, output] : [input];
  const result = output as unknown as BodyStream;
  Object.defineProperty(result, 'receivedEncodedLength', { get: () => encoded });

  const fail = (error: Error, fromDecoder = false) => {
    if (ended) return;
    ended = true;
    clearTimeout(idle);
    payload.unpipe(input);
    payload.pause();
    const refusal =
      error instanceof HttpRefusal
        ? error
        : fromDecoder
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

  for (const stage of stages) stage.once('error', (error) => fail(error, stage === decoder));
  for (let i = 0; i + 1 < stages.length; i++) stages[i]!.pipe(stages[i + 1]!);
  output.once('end', () => {
    ended = true;
    clearTimeout(idle);
  });
  payload.once('error', (error) => fail(error));
  payload.once('close', () => {
    if (!payload.readableEnded) fail(new Error('The client closed the connection mid-body'));
  });
  payload.pipe(input);
  return result;
}
