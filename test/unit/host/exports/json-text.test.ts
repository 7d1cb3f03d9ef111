import { describe, expect, it } from 'vitest';
import { jsonText } from '../../../../src-main/host/exports/json-text';

describe('jsonText', () => {
  it('writes 64-bit integers with every digit', () => {
    expect(jsonText(2n ** 63n - 1n)).toBe('9223372036854775807');
    expect(jsonText([-(2n ** 63n)])).toBe('[-9223372036854775808]');
  });

  it('writes what JSON cannot hold as null, and the rest as JSON.stringify would', () => {
    expect(jsonText(Number.NaN)).toBe('null');
    expect(jsonText(-Infinity)).toBe('null');
    const value = { s: 'a "q"\n🚀', n: -1.5e-7, b: false, z: null, list: [1, 'x', { k: [] }] };
    expect(jsonText(value)).toBe(JSON.stringify(value));
  });
});
