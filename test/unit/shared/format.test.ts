import { describe, expect, it } from 'vitest';
import { hexPrefix, humanBytes } from '../../../src-shared/format-bytes';

describe('humanBytes', () => {
  it('uses whole bytes below 1 KiB and three significant digits above', () => {
    expect(humanBytes(0)).toBe('0 B');
    expect(humanBytes(1023)).toBe('1023 B');
    expect(humanBytes(1024)).toBe('1 KiB');
    expect(humanBytes(1536)).toBe('1.5 KiB');
    expect(humanBytes(12_500)).toBe('12.2 KiB');
    expect(humanBytes(150 * 1024 ** 2)).toBe('150 MiB');
    expect(humanBytes(3.25 * 1024 ** 4)).toBe('3.25 TiB');
  });
  it('says nothing false about impossible sizes', () => {
    expect(humanBytes(-1)).toBe('—');
    expect(humanBytes(Number.NaN)).toBe('—');
  });
});

describe('hexPrefix', () => {
  it('shows the first bytes and marks more with an ellipsis', () => {
    expect(hexPrefix(new Uint8Array([0xde, 0xad, 0x0f]))).toBe('de ad 0f');
    expect(hexPrefix(new Uint8Array(10).fill(1), 2)).toBe('01 01 …');
    expect(hexPrefix(new Uint8Array())).toBe('');
  });
});
