/** What the banner on an object-store connection says, from the host's store status. */
import { describe, expect, it } from 'vitest';
import { storeBanner } from '../../../../src-renderer/shell/store-banner';

describe('storeBanner', () => {
  it('says nothing while the store is well', () => {
    expect(storeBanner(undefined)).toBeUndefined();
    expect(
      storeBanner({ condition: 'ok', recentRetries: 3, recentFailures: 0, retries: 40 }),
    ).toBeUndefined();
  });

  it('names the condition and shows the retries behind it', () => {
    const banner = storeBanner({
      condition: 'throttling',
      recentRetries: 12,
      recentFailures: 1,
      retries: 30,
      message: 'The object store is throttling (it answers "slow down"): …',
    });
    expect(banner).toEqual({
      title: 'The object store is throttling',
      detail: 'The object store is throttling (it answers "slow down"): …',
      retries: '12 retried · 1 given up (last 30 s)',
    });
    expect(
      storeBanner({ condition: 'unreachable', recentRetries: 0, recentFailures: 2, retries: 0 })
        ?.title,
    ).toBe('The object store is unreachable');
  });
});
