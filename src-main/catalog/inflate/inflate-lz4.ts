/**
 * LZ4 frame format (lz4.org frame spec 1.6.x), decoded in JavaScript into a buffer that never
 * grows past the cap: a block that would write beyond it is refused, not followed.
 */
import { corrupt, InflateLimitError, u32 } from './inflate-errors';

export const LZ4_MAGIC = 0x184d2204;
/** A block's largest output, by the frame descriptor's block-size code (4 to 7). */
export const LZ4_BLOCK_MAX = [0, 0, 0, 0, 64 << 10, 256 << 10, 1 << 20, 4 << 20];

export class OutputFull extends Error {}

/** One LZ4 block into out[o…]; matches may reach back to `windowStart`. Returns the new end. */
export function lz4Block(
  src: Uint8Array,
  s: number,
  end: number,
  out: Uint8Array,
  o: number,
  windowStart: number,
): number {
  const limit = out.byteLength;
  while (s < end) {
    const token = src[s++]!;
    let literals = token >>> 4;
    if (literals === 15) {
      let b: number;
      do {
        if (s >= end) throw corrupt('truncated literal length');
        b = src[s++]!;
        literals += b;
      } while (b === 255);
    }
    if (s + literals > end) throw corrupt('literals run past the block');
    if (o + literals > limit) throw new OutputFull();
    if (literals < 32) for (let i = 0; i < literals; i++) out[o + i] = src[s + i]!;
    else out.set(src.subarray(s, s + literals), o);
    s += literals;
    o += literals;
    // The last sequence of a block has literals only.
    if (s >= end) break;
    if (s + 2 > end) throw corrupt('truncated match offset');
    const offset = src[s]! | (src[s + 1]! << 8);
    s += 2;
    if (offset === 0 || offset > o - windowStart) throw corrupt('match offset out of range');
    let length = token & 15;
    if (length === 15) {
      let b: number;
      do {
        if (s >= end) throw corrupt('truncated match length');
        b = src[s++]!;
        length += b;
      } while (b === 255);
    }
    length += 4;
    if (o + length > limit) throw new OutputFull();
    let from = o - offset;
    if (offset >= length && length >= 32) {
      out.copyWithin(o, from, from + length);
      o += length;
    } else {
      // Overlapping matches repeat the last `offset` bytes, so they are copied byte by byte.
      const stop = o + length;
      while (o < stop) out[o++] = out[from++]!;
    }
  }
  return o;
}

/** Every frame of `src` into `out`; throws OutputFull when out is too small. Returns bytes written. */
function lz4Frames(src: Uint8Array, out: Uint8Array): number {
  let p = 0;
  let o = 0;
  while (p < src.byteLength) {
    const magic = u32(src, p);
    if ((magic & 0xfffffff0) === 0x184d2a50) {
      p += 8 + u32(src, p + 4);
      continue;
    }
    if (magic !== LZ4_MAGIC) throw corrupt('not an LZ4 frame');
    if (p + 7 > src.byteLength) throw corrupt('truncated frame header');
    const flags = src[p + 4]!;
    const blockMax = LZ4_BLOCK_MAX[(src[p + 5]! >> 4) & 7]!;
    if (flags >> 6 !== 1 || (flags & 2) !== 0 || blockMax === 0)
      throw corrupt('unknown LZ4 frame version or flags');
    if (flags & 1) throw corrupt('LZ4 dictionaries are not supported');
    const independent = (flags & 0x20) !== 0;
    const blockChecksums = (flags & 0x10) !== 0;
    p += 6 + (flags & 0x08 ? 8 : 0) + 1;
    const frameStart = o;
    for (;;) {
      const word = u32(src, p);
      p += 4;
      if (word === 0) break;
      const size = word & 0x7fffffff;
      if (size > blockMax || p + size > src.byteLength) throw corrupt('block size out of range');
      if (word & 0x80000000) {
        if (o + size > out.byteLength) throw new OutputFull();
        out.set(src.subarray(p, p + size), o);
        o += size;
      } else {
        o = lz4Block(src, p, p + size, out, o, independent ? o : frameStart);
      }
      p += size + (blockChecksums ? 4 : 0);
    }
    if (flags & 0x04) p += 4;
    if (p > src.byteLength) throw corrupt('truncated frame');
  }
  return o;
}

/** LZ4 frames inflated to at most `cap` bytes; more is refused with InflateLimitError. */
export function inflateLz4(src: Uint8Array, cap: number): Uint8Array {
  // Start from a guess and grow by decoding again: the output is never larger than needed,
  // and a bomb is stopped at the cap rather than at whatever it claims.
  let size = Math.min(cap, Math.max(64 << 10, src.byteLength * 4));
  for (;;) {
    const out = new Uint8Array(size);
    try {
      return out.subarray(0, lz4Frames(src, out));
    } catch (error) {
      if (!(error instanceof OutputFull)) throw error;
      if (size >= cap) throw new InflateLimitError(cap);
      size = Math.min(cap, size * 4);
    }
  }
}
