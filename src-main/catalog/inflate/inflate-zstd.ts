/**
 * Zstandard (RFC 8878) through fzstd. fzstd allocates what a frame header declares, so every
 * frame is walked first: its window, its content size and its blocks bound what it can produce,
 * and a stream whose bound exceeds the cap is refused before fzstd sees it.
 */
import { decompress as zstdDecompress } from 'fzstd';
import { errors } from '../../../src-shared/vocabulary/errors';
import { corrupt, InflateLimitError, u32 } from './inflate-errors';

const ZSTD_MAGIC = 0xfd2fb528;
const ZSTD_BLOCK_MAX = 128 << 10;
/** Windows a streaming encoder may declare for small data (zstd's default levels use ≤ 8 MiB). */
const ZSTD_SMALL_WINDOW = 8 << 20;
/** fzstd's own ceiling. */
const ZSTD_MAX_WINDOW = 2145386496;

/** The most bytes fzstd can produce from `src`; refuses frames whose window would outweigh their data. */
function zstdBound(src: Uint8Array, cap: number): number {
  let p = 0;
  let total = 0;
  while (p < src.byteLength) {
    const magic = u32(src, p);
    if ((magic & 0xfffffff0) === 0x184d2a50) {
      p += 8 + u32(src, p + 4);
      continue;
    }
    if (magic !== ZSTD_MAGIC) throw corrupt('not a Zstandard frame');
    if (p + 5 > src.byteLength) throw corrupt('truncated frame header');
    const descriptor = src[p + 4]!;
    const sizeFlag = descriptor >> 6;
    const singleSegment = (descriptor >> 5) & 1;
    if (descriptor & 0x08) throw corrupt('reserved bit set');
    if (descriptor & 3) throw corrupt('Zstandard dictionaries are not supported');
    let q = p + 5;
    let window = 0;
    if (!singleSegment) {
      const w = src[q++]!;
      const base = 2 ** (10 + (w >> 3));
      window = base + (base / 8) * (w & 7);
    }
    const sizeBytes = sizeFlag === 0 ? singleSegment : 1 << sizeFlag;
    let contentSize = 0;
    for (let i = 0; i < sizeBytes; i++) contentSize += (src[q + i] ?? 0) * 2 ** (8 * i);
    if (sizeFlag === 1) contentSize += 256;
    q += sizeBytes;
    if (singleSegment) window = contentSize;
    let exact = 0;
    let compressed = 0;
    for (;;) {
      if (q + 3 > src.byteLength) throw corrupt('truncated block header');
      const header = src[q]! | (src[q + 1]! << 8) | (src[q + 2]! << 16);
      const type = (header >> 1) & 3;
      const size = header >>> 3;
      q += 3;
      if (type === 3) throw corrupt('reserved block type');
      // Raw and RLE sizes are what they produce; a compressed block produces at most 128 KiB.
      if (size > ZSTD_BLOCK_MAX) throw corrupt('block larger than 128 KiB');
      if (type === 2) compressed += 1;
      else exact += size;
      q += type === 1 ? 1 : size;
      if (q > src.byteLength) throw corrupt('truncated block');
      if (header & 1) break;
    }
    if (descriptor & 4) q += 4;
    // With a content size fzstd decodes into a buffer of exactly that size (writes past it are
    // dropped); without one it allocates each block, at most 128 KiB or the window, and a window.
    const sized = sizeBytes > 0 && contentSize > 0;
    const bound = sized ? contentSize : exact + compressed * Math.min(ZSTD_BLOCK_MAX, window);
    if (sized && exact > contentSize) throw corrupt('blocks exceed the frame content size');
    total += bound;
    if (total > cap) throw new InflateLimitError(cap);
    const allocation = sized ? contentSize : window;
    if (allocation > ZSTD_MAX_WINDOW || allocation > Math.max(bound, ZSTD_SMALL_WINDOW))
      throw corrupt(`window of ${allocation} bytes for ${bound} bytes of data`);
    p = q;
  }
  return total;
}

/** Zstandard frames inflated to at most `cap` bytes; more is refused with InflateLimitError. */
export function inflateZstd(src: Uint8Array, cap: number): Uint8Array {
  zstdBound(src, cap);
  try {
    return zstdDecompress(src);
  } catch (cause) {
    throw errors.InvalidInput(
      `A compressed buffer could not be decompressed: ${(cause as Error).message}`,
      { cause },
    );
  }
}
