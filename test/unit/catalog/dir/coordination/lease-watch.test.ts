/**
 * Judging another process dead on evidence (lease-watch.ts): a row that says "expired" because
 * its owner renews late is not enough; the row must also stay unchanged, as this reader watched
 * it, for a lease plus a grace covering the slowest renewal seen. Times are given explicitly, so
 * each case is exact.
 */
import { describe, expect, it } from 'vitest';
import { LeaseWatch } from '../../../../../src-main/catalog/dir/coordination/lease-watch';

const LEASE = 15_000;
const WALL0 = 1_000_000;

describe('LeaseWatch', () => {
  it('keeps a busy owner alive while its renewals land late, and learns how late they come', () => {
    const watch = new LeaseWatch(LEASE);
    // Renewals every 5 s at first, then a busy stretch: one lands 14 s after the last.
    let expires = WALL0 + LEASE;
    const seenAt = [0, 5_000, 10_000, 24_000];
    for (const at of seenAt) {
      expires = WALL0 + at + LEASE;
      watch.observe([{ owner: 'a', expiresAt: expires }], at);
    }
    expect(watch.graceFor('a')).toBe(14_000);
    // 16 s after its last renewal it reads expired by its own word, yet it is not dead: the
    // slowest renewal seen was 14 s apart, so the grace runs to 15 + 14 s of silence.
    const rows = [{ owner: 'a', expiresAt: expires }];
    expect(watch.isDead('a', rows, 24_000 + 16_000, WALL0 + 24_000 + 16_000)).toBe(false);
    expect(watch.isDead('a', rows, 24_000 + 28_000, WALL0 + 24_000 + 28_000)).toBe(false);
    expect(watch.isDead('a', rows, 24_000 + 29_000, WALL0 + 24_000 + 29_000)).toBe(true);
  });

  it('declares an owner that stopped dead after a lease plus one renewal period of silence', () => {
    const watch = new LeaseWatch(LEASE);
    for (const at of [0, 5_000, 10_000])
      watch.observe([{ owner: 'a', expiresAt: WALL0 + at + LEASE }], at);
    const rows = [{ owner: 'a', expiresAt: WALL0 + 10_000 + LEASE }];
    // Its row said it expired at 25 s; a renewal period (5 s) of grace after the lease of silence.
    expect(watch.isDead('a', rows, 29_000, WALL0 + 29_000)).toBe(false);
    expect(watch.isDead('a', rows, 30_000, WALL0 + 30_000)).toBe(true);
  });

  it('never calls an owner dead while its row says it is alive, however long it was silent', () => {
    const watch = new LeaseWatch(LEASE);
    watch.observe([{ owner: 'a', expiresAt: WALL0 + 60_000 }], 0);
    expect(
      watch.isDead('a', [{ owner: 'a', expiresAt: WALL0 + 60_000 }], 50_000, WALL0 + 50_000),
    ).toBe(false);
  });

  it('declares an owner with no row, or a row long expired when first seen, dead at once', () => {
    const watch = new LeaseWatch(LEASE);
    expect(watch.isDead('gone', [], 0, WALL0)).toBe(true);
    const old = [{ owner: 'old', expiresAt: WALL0 - 2 * LEASE - 1 }];
    watch.observe(old, 0);
    expect(watch.isDead('old', old, 0, WALL0)).toBe(true);
    // Expired only a moment ago when first seen: watched for a lease and a grace first.
    const recent = [{ owner: 'recent', expiresAt: WALL0 - 1_000 }];
    watch.observe(recent, 0);
    expect(watch.isDead('recent', recent, 1_000, WALL0 + 1_000)).toBe(false);
    expect(watch.isDead('recent', recent, 20_000, WALL0 + 20_000)).toBe(true);
  });
});
