import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../../../src-renderer/common/format-bytes';

describe('formatBytes', () => {
  it('writes sizes in decimal units with one decimal below ten', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1000)).toBe('1.0 kB');
    expect(formatBytes(3_456_789)).toBe('3.5 MB');
    expect(formatBytes(61_700_000)).toBe('62 MB');
    expect(formatBytes(5_368_709_120)).toBe('5.4 GB');
    expect(formatBytes(2e15)).toBe('2000 TB');
  });
});
