import { describe, expect, it } from 'vitest';
import {
  boundedText,
  hoverText,
  MAX_HOVER_CHARS,
} from '../../../../../src-renderer/common/grid/cell-hover';
import { compactText, prettyText } from '../../../../../src-renderer/common/grid/cell-model';

describe('a cell’s text on hover', () => {
  it('is a text cell’s whole text, said only where it is cut', () => {
    expect(hoverText({ kind: 'text', text: 'short' })).toEqual({
      text: 'short',
      abbreviated: false,
    });
  });

  it('cuts a very long value with a note, and keeps a value at the bound whole', () => {
    const long = 'x'.repeat(MAX_HOVER_CHARS * 3);
    const said = hoverText({ kind: 'text', text: long })!.text;
    expect(said.startsWith('x'.repeat(MAX_HOVER_CHARS) + '…')).toBe(true);
    expect(said).toMatch(/the first 4,096 of 12,288 characters; open the row to see all of it/);
    expect(said.length).toBeLessThan(MAX_HOVER_CHARS + 100);
    const exact = 'y'.repeat(MAX_HOVER_CHARS);
    expect(boundedText(exact)).toBe(exact);
  });

  it('is a struct or list as one line of JSON, abbreviated when the cell leaves items out', () => {
    const big = { tags: Array.from({ length: 20 }, (_, i) => `t${i}`), score: 0.5 };
    const said = hoverText({ kind: 'nested', text: compactText(big), pretty: prettyText(big) })!;
    expect(said.text).toBe(JSON.stringify(big));
    expect(said.abbreviated).toBe(true);
    const small = { a: 1 };
    expect(
      hoverText({ kind: 'nested', text: compactText(small), pretty: prettyText(small) })!
        .abbreviated,
    ).toBe(false);
  });

  it('is a vector’s values, which the cell does not show', () => {
    const values = Float64Array.from([0.25, -1.5, 3]);
    const said = hoverText({ kind: 'vector', dim: 3, norm: 3.363, values })!;
    expect(said.abbreviated).toBe(true);
    expect(said.text).toBe('dimension 3, L2 norm 3.363\n[0.25, -1.5, 3]');
  });

  it('is a number at full precision where the cell rounds it', () => {
    expect(hoverText({ kind: 'number', text: '0.1234568', full: '0.12345678901' })).toEqual({
      text: '0.12345678901',
      abbreviated: true,
    });
    expect(hoverText({ kind: 'number', text: '42', full: '42' })!.abbreviated).toBe(false);
    expect(hoverText({ kind: 'null' })).toBeUndefined();
  });
});
