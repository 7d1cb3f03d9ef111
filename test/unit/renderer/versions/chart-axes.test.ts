import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFormatLocale } from '../../../../src-shared/format';
import { bytesAxis, rowsAxis, versionsAxis } from '../../../../src-renderer/versions/chart-axes';

beforeAll(() => setFormatLocale('en-US'));
afterAll(() => setFormatLocale(undefined));

const MiB = 1024 ** 2;
const labels = (axis: { ticks: number[]; format: (n: number) => string }) =>
  axis.ticks.map(axis.format);

describe('versions chart axes', () => {
  it('reads a 52.9 MiB table in MiB from zero to a round top', () => {
    const axis = bytesAxis([2.32 * MiB, 40 * MiB, 52.9 * MiB]);
    expect(labels(axis)).toEqual(['0 MiB', '20 MiB', '40 MiB', '60 MiB']);
    expect(axis.domain).toEqual([0, 60 * MiB]);
  });
  it('reads a small branch in its own unit', () => {
    expect(labels(bytesAxis([2.32 * MiB]))).toEqual(['0 MiB', '1 MiB', '2 MiB', '3 MiB']);
    expect(labels(bytesAxis([700]))).toEqual(['0 B', '200 B', '400 B', '600 B', '800 B']);
  });
  it('ticks rows in whole, compact steps', () => {
    expect(labels(rowsAxis([100_000, 99_982]))).toEqual(['0', '50K', '100K']);
    expect(labels(rowsAxis([3]))).toEqual(['0', '1', '2', '3']);
    expect(labels(rowsAxis([0]))).toEqual(['0', '1']);
  });
  it('ticks each of three versions once, and whole steps for many', () => {
    expect(labels(versionsAxis([1, 2, 3]))).toEqual(['1', '2', '3']);
    expect(labels(versionsAxis([5]))).toEqual(['5']);
    const many = versionsAxis(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(labels(many)).toEqual(['5', '10', '15', '20', '25', '30', '35', '40']);
    expect(many.ticks.every(Number.isInteger)).toBe(true);
  });
});
