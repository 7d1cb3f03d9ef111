import { describe, expect, it } from 'vitest';
import { isoToEpochMs } from '../../../../src-main/host/imports/iso-dates';

describe('ISO dates an import recognises', () => {
  it('reads dates and date-times as UTC, whatever the machine', () => {
    expect(isoToEpochMs('2024-03-01')).toBe(Date.UTC(2024, 2, 1));
    expect(isoToEpochMs('2024-03-01 12:30')).toBe(Date.UTC(2024, 2, 1, 12, 30));
    expect(isoToEpochMs('2024-03-01T14:30:00.250+02:00')).toBe(
      Date.UTC(2024, 2, 1, 12, 30, 0, 250),
    );
  });

  it('keeps years before 100 as written (Date.UTC would read them as 19xx)', () => {
    const ms = isoToEpochMs('0050-06-01');
    expect(Number.isNaN(ms)).toBe(false);
    expect(new Date(ms).getUTCFullYear()).toBe(50);
  });

  it('refuses days that do not exist, microseconds and other spellings', () => {
    for (const text of [
      '2024-02-30',
      '2023-02-29',
      '2024-03-01T12:30:00.123456Z',
      '03/01/2024',
      '2024-3-1',
    ])
      expect(isoToEpochMs(text), text).toBeNaN();
  });
});
