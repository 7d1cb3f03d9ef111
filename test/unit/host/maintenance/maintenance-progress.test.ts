import { describe, expect, it } from 'vitest';
import { maintenanceProgress } from '../../../../src-main/host/maintenance/maintenance-jobs';

const MiB = 1024 ** 2;

describe('maintenanceProgress', () => {
  it('is the share of the estimate written, under 100% until the commit', () => {
    expect(
      maintenanceProgress({ phase: 'p', bytesWritten: 10 * MiB, bytesExpected: 40 * MiB }),
    ).toEqual({ bytesDone: 10 * MiB, bytesTotal: 40 * MiB, fraction: 0.25 });
    expect(
      maintenanceProgress({ phase: 'p', bytesWritten: 40 * MiB, bytesExpected: 40 * MiB }).fraction,
    ).toBe(0.99);
  });
  it('drops the estimate and the percentage once the bytes pass it, never reading over 100%', () => {
    const past = maintenanceProgress({
      phase: 'p',
      bytesWritten: 116 * MiB,
      bytesExpected: 53 * MiB,
    });
    expect(past).toEqual({ bytesDone: 116 * MiB });
  });
  it('says nothing it does not know', () => {
    expect(maintenanceProgress({ phase: 'p' })).toEqual({});
    expect(maintenanceProgress({ phase: 'p', bytesWritten: 5, bytesExpected: 0 })).toEqual({
      bytesDone: 5,
    });
  });
});
