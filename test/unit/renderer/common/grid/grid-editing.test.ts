import { describe, expect, it } from 'vitest';
import { editText } from '../../../../../src-renderer/common/grid/grid-editing';

describe('the text an in-cell editor opens with', () => {
  it('is the stored value in full, null for a null, and a vector as JSON', () => {
    expect(editText({ kind: 'null' })).toBeNull();
    // The grid shows 7 digits; the editor opens on the whole number, so keeping it changes nothing.
    expect(editText({ kind: 'number', text: '0.1234568', full: '0.123456789' })).toBe(
      '0.123456789',
    );
    expect(editText({ kind: 'bool', text: 'false' })).toBe('false');
    expect(editText({ kind: 'text', text: "it's" })).toBe("it's");
    expect(
      editText({ kind: 'vector', dim: 3, norm: 1, values: Float64Array.from([0.5, -1, 2]) }),
    ).toBe('[0.5, -1, 2]');
    expect(
      editText({ kind: 'binary', hex: 'de ad', bytes: new Uint8Array([0xde, 0xad]) }),
    ).toBeNull();
  });
});
