import { describe, expect, it } from 'vitest';
import { paintSquares, type PixelLayer } from '../../../../src-renderer/vector-map/draw-points';

function layer(width: number, height: number): PixelLayer {
  const data = new Uint8ClampedArray(width * height * 4);
  return { image: { width, height, data }, pixels: new Uint32Array(data.buffer) };
}

const painted = (l: PixelLayer) =>
  Array.from(l.pixels.keys())
    .filter((i) => l.pixels[i] !== 0)
    .map((i) => [i % l.image.width, Math.floor(i / l.image.width)]);

describe('painting points as pixel squares', () => {
  it('centres a square on each point through the view and the pixel ratio', () => {
    const l = layer(8, 8);
    // Map (1, 1) at scale 2, offset 1 → CSS (3, 3) → device (6, 6) at ratio 2; a 2-pixel square.
    paintSquares(
      l,
      Float32Array.from([1, 1]),
      Uint32Array.from([7]),
      { scale: 2, tx: 1, ty: 1 },
      2,
      2,
    );
    expect(painted(l)).toEqual([
      [5, 5],
      [6, 5],
      [5, 6],
      [6, 6],
    ]);
  });

  it('clips squares at the edges and skips points off the canvas', () => {
    const l = layer(4, 4);
    const coords = Float32Array.from([0, 0, 3.9, 3.9, 10, 10, -5, 1]);
    paintSquares(l, coords, Uint32Array.from([1, 2, 3, 4]), { scale: 1, tx: 0, ty: 0 }, 1, 2);
    expect(painted(l)).toEqual([
      [0, 0],
      [3, 3],
    ]);
  });

  it('paints only the rows asked for, in one colour', () => {
    const l = layer(4, 1);
    const coords = Float32Array.from([0.5, 0.5, 2.5, 0.5]);
    paintSquares(l, coords, Uint32Array.from([1, 1]), { scale: 1, tx: 0, ty: 0 }, 1, 1, [1], 9);
    expect(Array.from(l.pixels)).toEqual([0, 0, 9, 0]);
  });
});
