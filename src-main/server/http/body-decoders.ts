/**
 * The Content-Encodings a request body may have, and a streaming decoder for each: zlib's for
 * gzip, deflate and br (on libuv's threads), ours for zstd and lz4 (block by block, in time
 * slices; catalog/inflate/inflate-*-stream.ts). None holds more than a block of output at a time, so a
 * caller that counts what comes out can stop a bomb early.
 */
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { errors } from '../../../src-shared/vocabulary/errors';
import { InflateTransform } from '../../catalog/inflate/inflate-transform';
import { Lz4FrameInflater } from '../../catalog/inflate/inflate-lz4-stream';
import { ZstdInflater } from '../../catalog/inflate/inflate-zstd-stream';
import { HttpRefusal } from './refusal';

export type BodyEncoding = 'gzip' | 'deflate' | 'br' | 'zstd' | 'lz4';

/** The body's encoding, or undefined for none; 415 for one we do not read. */
export function bodyEncoding(header: string | undefined): BodyEncoding | undefined {
  const name = (header ?? '').trim().toLowerCase();
  if (name === '' || name === 'identity') return undefined;
  if (name === 'gzip' || name === 'x-gzip') return 'gzip';
  if (name === 'deflate' || name === 'br' || name === 'zstd' || name === 'lz4') return name;
  throw new HttpRefusal(
    415,
    errors.InvalidInput(
      `Content-Encoding ${JSON.stringify(header)} is not supported (use gzip, deflate, br, zstd or lz4, one at a time)`,
    ),
  );
}

/** A decoder; `limit` lets one refuse at once a frame that declares more (InflateLimitError). */
export function createDecoder(encoding: BodyEncoding, limit: number): Transform {
  switch (encoding) {
    case 'gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    case 'zstd':
      return new InflateTransform(new ZstdInflater(limit));
    case 'lz4':
      return new InflateTransform(new Lz4FrameInflater());
  }
}
