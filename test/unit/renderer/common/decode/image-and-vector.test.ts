import { describe, expect, it } from 'vitest';
import { detectImage } from '../../../../../src-renderer/common/decode/image-magic';
import { l2Norm, sparklinePoints } from '../../../../../src-renderer/common/decode/vector-math';

const bytes = (...b: number[]) => new Uint8Array(b);

describe('detectImage', () => {
  it('knows PNG, JPEG, GIF and WebP by their signatures', () => {
    expect(detectImage(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(detectImage(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(detectImage(new TextEncoder().encode('GIF89a'))).toBe('image/gif');
    expect(detectImage(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
  });
  it('refuses near misses and short buffers', () => {
    expect(detectImage(bytes(0x89, 0x50, 0x4e, 0x47))).toBeUndefined();
    expect(detectImage(new TextEncoder().encode('RIFF\0\0\0\0WAVE'))).toBeUndefined();
    expect(detectImage(bytes(0xff, 0xd8))).toBeUndefined();
    expect(detectImage(bytes())).toBeUndefined();
  });
});

describe('l2Norm', () => {
  it('is the Euclidean length, ignoring non-finite values', () => {
    expect(l2Norm([3, 4])).toBe(5);
    expect(l2Norm(new Float32Array([1, 1, 1, 1]))).toBe(2);
    expect(l2Norm([3, Number.NaN, 4])).toBe(5);
    expect(l2Norm([])).toBe(0);
  });
});

describe('sparklinePoints', () => {
  const parse = (points: string) => points.split(' ').map((p) => p.split(',').map(Number));

  it('spans the width and maps the minimum to the bottom and the maximum to the top', () => {
    const pts = parse(sparklinePoints([0, 1, 0.5], 10, 20));
    expect(pts).toEqual([
      [0, 20],
      [5, 0],
      [10, 10],
    ]);
  });
  it('averages long vectors into at most maxPoints buckets', () => {
    const values = Array.from({ length: 1536 }, (_, i) => (i < 768 ? 0 : 1));
    const pts = parse(sparklinePoints(values, 100, 10, 48));
    expect(pts).toHaveLength(48);
    expect(pts[0]).toEqual([0, 10]);
    expect(pts[47]).toEqual([100, 0]);
  });
  it('draws a flat vector through the middle and nothing for an empty one', () => {
    expect(parse(sparklinePoints([2, 2], 10, 20))).toEqual([
      [0, 10],
      [10, 10],
    ]);
    expect(sparklinePoints([], 10, 20)).toBe('');
  });
});
