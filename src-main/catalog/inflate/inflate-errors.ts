/**
 * How the decoders refuse what they are given: data that would inflate beyond its cap, and data
 * that is corrupt, including data too short for what it says comes next. Shared by the stream
 * rewriting and both codecs, so every refusal reads the same whichever codec met it.
 */
import { CatalogError, ERROR_CODES, errors } from '../../../src-shared/vocabulary/errors';

/** Refused because the data would inflate beyond the allowed size (HTTP 413 at the server). */
export class InflateLimitError extends CatalogError {
  constructor(readonly limit: number) {
    super(
      ERROR_CODES.InvalidInput,
      `The compressed data would inflate beyond the limit of ${limit} bytes`,
    );
  }
}

export function corrupt(what: string): CatalogError {
  return errors.InvalidInput(`A compressed buffer is corrupt: ${what}`);
}

export function u32(src: Uint8Array, at: number): number {
  if (at + 4 > src.byteLength) throw corrupt('truncated');
  return (src[at]! | (src[at + 1]! << 8) | (src[at + 2]! << 16) | (src[at + 3]! << 24)) >>> 0;
}
