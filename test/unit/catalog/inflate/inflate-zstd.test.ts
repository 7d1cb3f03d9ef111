/** Bounded inflation of Zstandard frames, bombs included. */
import { describe, expect, it } from 'vitest';
import { InflateLimitError } from '../../../../src-main/catalog/inflate/inflate-errors';
import { inflateZstd } from '../../../../src-main/catalog/inflate/inflate-zstd';
import { zstdBomb, zstdRaw } from '../../../support/compressed-arrow';

describe('bounded ZSTD inflation', () => {
  const data = Buffer.alloc(3 << 20);
  for (let i = 0; i < data.length; i++) data[i] = (i * 7919) % 251 < 120 ? 0 : i & 0xff;

  it('reads ZSTD raw and RLE blocks, and refuses frames bigger than the cap before inflating', () => {
    expect(Buffer.from(inflateZstd(zstdRaw(data), data.length)).equals(data)).toBe(true);
    expect(
      Buffer.from(inflateZstd(zstdRaw(data, { contentSize: false }), data.length)).equals(data),
    ).toBe(true);
    expect(inflateZstd(zstdBomb(1 << 20), 1 << 20).byteLength).toBe(1 << 20);
    const started = performance.now();
    expect(() => inflateZstd(zstdBomb(2 ** 31 - 1), 1 << 20)).toThrow(InflateLimitError);
    expect(() => inflateZstd(zstdBomb(1 << 30, { contentSize: false }), 1 << 20)).toThrow(
      InflateLimitError,
    );
    expect(performance.now() - started).toBeLessThan(1000);
    expect(() => inflateZstd(Buffer.from('not zstd'), 100)).toThrow(/corrupt/);
  });
});
