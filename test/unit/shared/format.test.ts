import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatBytesIn,
  formatCount,
  formatDate,
  formatDateTime,
  formatDuration,
  formatNumber,
  formatPercent,
  formatShare,
  formatTime,
  hexPrefix,
  setFormatLocale,
} from '../../../src-shared/format';

// Pinned so the expectations hold on any machine; the German case shows the locale is used.
beforeAll(() => setFormatLocale('en-US'));
afterAll(() => setFormatLocale(undefined));

describe('formatNumber and formatCount', () => {
  it('groups digits and keeps the decimals it is asked for', () => {
    expect(formatNumber(4934)).toBe('4,934');
    expect(formatNumber(0.95, { fraction: 3 })).toBe('0.950');
    expect(formatNumber(0.123456789, { significant: 6 })).toBe('0.123457');
    expect(formatNumber(Number.NaN)).toBe('—');
    expect(formatNumber(25_000, { compact: true })).toBe('25K');
    expect(formatNumber(1_250_000, { compact: true })).toBe('1.3M');
  });
  it('names the unit in the singular only for one', () => {
    expect(formatCount(1, 'row')).toBe('1 row');
    expect(formatCount(0, 'row')).toBe('0 rows');
    expect(formatCount(99_982, 'row')).toBe('99,982 rows');
    expect(formatCount(2, 'index', 'indexes')).toBe('2 indexes');
  });
});

describe('formatShare', () => {
  it('never reads 0% for a part that is not nothing, nor 100% for one that is not all', () => {
    expect(formatShare(18, 100_000)).toBe('<0.1%');
    expect(formatShare(99_990, 100_000)).toBe('>99.9%');
    expect(formatShare(0, 100_000)).toBe('0%');
    expect(formatShare(100_000, 100_000)).toBe('100%');
    expect(formatShare(1, 4)).toBe('25%');
    expect(formatShare(1, 3)).toBe('33.3%');
    expect(formatShare(1, 0)).toBe('—');
  });
});

describe('formatPercent', () => {
  it('clamps progress to 0–100% and says 100% only when done', () => {
    expect(formatPercent(2.2)).toBe('100%');
    expect(formatPercent(-0.5)).toBe('0%');
    expect(formatPercent(0.996)).toBe('99%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(0.42)).toBe('42%');
  });
});

describe('formatBytes', () => {
  it('uses whole bytes below 1 KiB and three significant digits above', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1,023 B');
    expect(formatBytes(1024)).toBe('1 KiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(12_500)).toBe('12.2 KiB');
    expect(formatBytes(150 * 1024 ** 2)).toBe('150 MiB');
    expect(formatBytes(52.9 * 1024 ** 2)).toBe('52.9 MiB');
    expect(formatBytes(3.25 * 1024 ** 4)).toBe('3.25 TiB');
  });
  it('says nothing false about impossible sizes', () => {
    expect(formatBytes(-1)).toBe('—');
    expect(formatBytes(Number.NaN)).toBe('—');
  });
  it('writes an axis tick in the unit it is given', () => {
    expect(formatBytesIn(512 * 1024, 2)).toBe('0.5 MiB');
    expect(formatBytesIn(60 * 1024 ** 2, 2)).toBe('60 MiB');
  });
});

describe('dates and times', () => {
  const at = Date.UTC(2026, 10, 27, 5, 2, 55);
  it('has one format for a moment, a day and a time', () => {
    // The zone is the machine's, so only the shape is fixed here.
    expect(formatDateTime(at)).toMatch(/^Nov 2[67], 2026, \d{1,2}:\d{2}:55\s?[AP]M$/);
    expect(formatDate(at)).toMatch(/^Nov 2[67], 2026$/);
    expect(formatTime(at)).toMatch(/^\d{1,2}:\d{2}:55\s?[AP]M$/);
  });
  it("follows the user's locale", () => {
    setFormatLocale('de-DE');
    try {
      expect(formatDate(at)).toMatch(/^2[67]\.11\.2026$/);
      expect(formatNumber(4934.5)).toBe('4.934,5');
      expect(formatBytes(1536)).toBe('1,5 KiB');
    } finally {
      setFormatLocale('en-US');
    }
  });
});

describe('formatDuration', () => {
  it('is precise below ten of a unit and whole above, two units at most', () => {
    expect(formatDuration(0.44)).toBe('0.4 ms');
    expect(formatDuration(250.4)).toBe('250 ms');
    expect(formatDuration(1_540)).toBe('1.5 s');
    expect(formatDuration(42_900)).toBe('42 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
    expect(formatDuration(3_780_000)).toBe('1 h 3 min');
    expect(formatDuration(-1)).toBe('—');
  });
});

describe('hexPrefix', () => {
  it('shows the first bytes and marks more with an ellipsis', () => {
    expect(hexPrefix(new Uint8Array([0xde, 0xad, 0x0f]))).toBe('de ad 0f');
    expect(hexPrefix(new Uint8Array(10).fill(1), 2)).toBe('01 01 …');
    expect(hexPrefix(new Uint8Array())).toBe('');
  });
});
