/**
 * The incremental LZ4 and Zstandard decoders give the same bytes as the whole-buffer ones however
 * their input is cut, never more than a block per step, and refuse what they must: corrupt or cut
 * input, a Zstandard window too large, a declared size past the cap.
 */
import { compressFrameSync } from 'lz4-napi';
import { describe, expect, it } from 'vitest';
import { InflateLimitError } from '../../../../src-main/catalog/inflate/inflate-errors';
import { Lz4FrameInflater } from '../../../../src-main/catalog/inflate/inflate-lz4-stream';
import { MAX_WINDOW, ZstdInflater } from '../../../../src-main/catalog/inflate/inflate-zstd-stream';
import type { Inflater } from '../../../../src-main/catalog/inflate/inflater';
import { zstdBomb, zstdRaw } from '../../../support/compressed-arrow';

/** Feeds `input` in pieces of `size` bytes; returns the output and the largest single step. */
function run(inflater: Inflater, input: Uint8Array, size: number) {
  const parts: Uint8Array[] = [];
  let largest = 0;
  const drain = () => {
    for (let out = inflater.step(); out !== undefined; out = inflater.step()) {
      parts.push(out);
      largest = Math.max(largest, out.byteLength);
    }
  };
  for (let at = 0; at < input.byteLength; at += size) {
    inflater.write(input.subarray(at, at + size));
    drain();
  }
  parts.push(inflater.end());
  return { bytes: Buffer.concat(parts), largest };
}

// Compressible but not trivially: runs of zeros between varying bytes.
const data = Buffer.alloc(3 << 20);
for (let i = 0; i < data.length; i++) data[i] = (i * 7919) % 251 < 120 ? 0 : i & 0xff;

describe('Lz4FrameInflater', () => {
  const frame = compressFrameSync(data);

  for (const size of [1, 7, 4096, 1 << 20, frame.byteLength]) {
    it(`decodes linked blocks fed ${size} bytes at a time`, () => {
      // 1-byte pieces are slow in JavaScript; a prefix of the frame is enough for them.
      const input = size === 1 ? compressFrameSync(data.subarray(0, 200_000)) : frame;
      const expected = size === 1 ? data.subarray(0, 200_000) : data;
      const { bytes, largest } = run(new Lz4FrameInflater(), input, size);
      expect(bytes.equals(expected)).toBe(true);
      expect(largest).toBeLessThanOrEqual(4 << 20);
    });
  }

  it('reads frames back to back', () => {
    const two = Buffer.concat([
      compressFrameSync(Buffer.from('abc')),
      compressFrameSync(Buffer.from('def')),
    ]);
    expect(run(new Lz4FrameInflater(), two, 3).bytes.toString()).toBe('abcdef');
  });

  it('refuses a frame cut short, and bytes that are not LZ4', () => {
    expect(() => run(new Lz4FrameInflater(), frame.subarray(0, frame.length - 9), 65536)).toThrow(
      /ends part-way/,
    );
    expect(() => run(new Lz4FrameInflater(), Buffer.from('not lz4 at all'), 4)).toThrow(/corrupt/);
  });
});

describe('ZstdInflater', () => {
  it('decodes a frame of raw blocks fed in pieces of any size', () => {
    const frame = zstdRaw(data.subarray(0, 1 << 20));
    for (const size of [5, 1000, frame.byteLength]) {
      const { bytes, largest } = run(new ZstdInflater(), frame, size);
      expect(bytes.equals(data.subarray(0, 1 << 20)), String(size)).toBe(true);
      expect(largest).toBeLessThanOrEqual(128 << 10);
    }
  });

  it('decodes an RLE bomb a few 128 KiB blocks at most per step', () => {
    const { bytes, largest } = run(
      new ZstdInflater(),
      zstdBomb(4 << 20, { contentSize: false }),
      64,
    );
    expect(bytes.byteLength).toBe(4 << 20);
    // fzstd holds back the first 18 bytes of a frame, here 3 RLE blocks, then goes block by block.
    expect(largest).toBeLessThanOrEqual(4 * (128 << 10));
  });

  it('refuses a frame that declares more than its cap before decoding any of it', () => {
    const inflater = new ZstdInflater(1 << 20);
    inflater.write(zstdBomb(1 << 30));
    expect(() => inflater.step()).toThrow(InflateLimitError);
  });

  it('refuses a window larger than MAX_WINDOW', () => {
    // A single-segment frame's window is its content size.
    const inflater = new ZstdInflater();
    inflater.write(zstdBomb(MAX_WINDOW + 1));
    expect(() => inflater.step()).toThrow(/window/);
  });

  it('refuses a frame cut short', () => {
    const frame = zstdRaw(data.subarray(0, 300_000));
    expect(() => run(new ZstdInflater(), frame.subarray(0, frame.length - 10), 4096)).toThrow(
      /ends part-way/,
    );
  });
});
