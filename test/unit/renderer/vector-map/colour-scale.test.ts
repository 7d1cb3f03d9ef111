import { describe, expect, it } from 'vitest';
import {
  GRADIENT,
  MISSING,
  OTHER,
  PALETTE,
  categoryCodes,
  gradientAt,
  numberValues,
  packed,
  pointColours,
} from '../../../../src-renderer/vector-map/colour-scale';

describe('colour scales', () => {
  it('packs a colour as an ImageData pixel (RGBA bytes in memory)', () => {
    const pixel = new Uint32Array([packed('#102030')]);
    expect(Array.from(new Uint8Array(pixel.buffer))).toEqual([0x10, 0x20, 0x30, 255]);
  });

  it('gives categories the palette by frequency, the rest "other", and counts nulls', () => {
    const values = ['b', 'a', 'b', null, 'c', 'b', 'a'];
    const colour = categoryCodes(values);
    if (colour.kind !== 'category') throw new Error('expected categories');
    expect(colour.labels).toEqual(['b', 'a', 'c']);
    expect(Array.from(colour.codes)).toEqual([0, 1, 0, 3, 2, 0, 1]);
    expect(colour.nulls).toBe(1);
    const pixels = pointColours(colour, values.length, '#000000');
    expect(pixels[0]).toBe(packed(PALETTE[0]));
    expect(pixels[1]).toBe(packed(PALETTE[1]));
    expect(pixels[3]).toBe(packed(OTHER));
  });

  it('keeps ten categories and counts the rest as other', () => {
    const values = Array.from({ length: 12 }, (_, i) => `v${i}`);
    const colour = categoryCodes([...values, 'v0']);
    if (colour.kind !== 'category') throw new Error('expected categories');
    expect(colour.labels).toHaveLength(PALETTE.length);
    expect(colour.labels[0]).toBe('v0');
    expect(colour.others).toBe(2);
  });

  it('runs numbers from the gradient start to its end, NaN as missing', () => {
    expect(gradientAt(0)).toBe(GRADIENT[0]);
    expect(gradientAt(1)).toBe(GRADIENT[GRADIENT.length - 1]);
    expect(gradientAt(-3)).toBe(GRADIENT[0]);
    // Halfway between the 2nd and 3rd of four stops.
    expect(gradientAt(0.5)).toBe('#7e9046');
    const colour = numberValues(Float64Array.from([5, Number.NaN, 1, 3]));
    expect(colour).toMatchObject({ min: 1, max: 5 });
    const pixels = pointColours(colour, 4, '#000000');
    expect(pixels[0]).toBe(packed(GRADIENT[3]));
    expect(pixels[1]).toBe(packed(MISSING));
    expect(pixels[2]).toBe(packed(GRADIENT[0]));
  });

  it('paints every row one colour when none is chosen', () => {
    expect(Array.from(pointColours({ kind: 'none' }, 2, '#4e79a7'))).toEqual([
      packed('#4e79a7'),
      packed('#4e79a7'),
    ]);
  });
});
