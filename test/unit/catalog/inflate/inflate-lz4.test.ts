/** Bounded inflation of LZ4 frames, against frames written by lz4-napi. */
import { compressFrameSync } from 'lz4-napi';
import { describe, expect, it } from 'vitest';
import { InflateLimitError } from '../../../../src-main/catalog/inflate/inflate-errors';
import { inflateLz4 } from '../../../../src-main/catalog/inflate/inflate-lz4';

describe('bounded LZ4 inflation', () => {
  const data = Buffer.alloc(3 << 20);
  for (let i = 0; i < data.length; i++) data[i] = (i * 7919) % 251 < 120 ? 0 : i & 0xff;

  it('decodes LZ4 frames exactly as lz4-napi wrote them, and stops at the cap', () => {
    const frame = compressFrameSync(data);
    expect(Buffer.from(inflateLz4(frame, data.length)).equals(data)).toBe(true);
    expect(() => inflateLz4(frame, data.length - 1)).toThrow(InflateLimitError);
    expect(() => inflateLz4(frame.subarray(0, frame.length - 9), data.length)).toThrow(/corrupt/);
    // Two frames back to back, and an uncompressed block, are read too.
    const two = Buffer.concat([
      compressFrameSync(Buffer.from('abc')),
      compressFrameSync(Buffer.from('def')),
    ]);
    expect(Buffer.from(inflateLz4(two, 100)).toString()).toBe('abcdef');
  });
});
