import { describe, expect, it } from 'vitest';
import { temporalText } from '../../../../../src-renderer/common/decode/temporal-text';

describe('temporalText', () => {
  it('shows milliseconds since the epoch as ISO 8601 in UTC, a date as its day', () => {
    const ms = Date.UTC(2024, 0, 5, 10, 30);
    expect(temporalText(ms, false)).toBe('2024-01-05T10:30:00.000Z');
    expect(temporalText(ms, true)).toBe('2024-01-05');
    expect(temporalText(new Date(ms), false)).toBe('2024-01-05T10:30:00.000Z');
  });

  it('shows what is no date as given', () => {
    expect(temporalText('soon', false)).toBe('soon');
    expect(temporalText(8.64e15 + 1, false)).toBe(String(8.64e15 + 1));
  });
});
