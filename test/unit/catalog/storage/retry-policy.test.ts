/**
 * Retries of one store request: full-jitter backoff under its ceiling, transient failures retried
 * and others not, and everything within the request's budget.
 */
import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  retryPolicy,
  withRetries,
} from '../../../../src-main/catalog/storage/retry-policy';

const slowDown = () =>
  Object.assign(new Error('Please reduce your request rate.'), {
    name: 'SlowDown',
    $metadata: { httpStatusCode: 503 },
  });

describe('retry policy', () => {
  it('waits a random time between 0 and the capped exponential ceiling (full jitter)', () => {
    const policy = retryPolicy(10_000);
    expect(backoffMs(policy, 0, () => 0.999)).toBe(49);
    expect(backoffMs(policy, 3, () => 0.5)).toBe(200);
    expect(backoffMs(policy, 20, () => 0.999)).toBeLessThanOrEqual(policy.maxDelayMs);
    expect(backoffMs(policy, 5, () => 0)).toBe(0);
  });

  it('retries throttling until the store answers, and tells what it saw', async () => {
    let calls = 0;
    const seen: string[] = [];
    const result = await withRetries(
      async () => {
        calls += 1;
        if (calls < 4) throw slowDown();
        return 'stored';
      },
      retryPolicy(5_000),
      { retried: (c) => seen.push(`retry ${c}`), succeeded: () => seen.push('ok') },
    );
    expect(result).toBe('stored');
    expect(calls).toBe(4);
    expect(seen).toEqual(['retry throttling', 'retry throttling', 'retry throttling', 'ok']);
  });

  it('does not retry what is not the store’s bad day', async () => {
    let calls = 0;
    const denied = Object.assign(new Error('Access Denied'), {
      name: 'AccessDenied',
      $metadata: { httpStatusCode: 403 },
    });
    await expect(
      withRetries(async () => {
        calls += 1;
        throw denied;
      }, retryPolicy(5_000)),
    ).rejects.toBe(denied);
    expect(calls).toBe(1);
  });

  it('gives up within the budget on a store that never answers, each attempt cut at its timeout', async () => {
    const policy = retryPolicy(1_500);
    const failed: string[] = [];
    const started = performance.now();
    await expect(
      withRetries(
        ({ signal }) =>
          new Promise((_resolve, reject) =>
            signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
          ),
        policy,
        { failed: (c) => failed.push(c) },
      ),
    ).rejects.toBeDefined();
    const took = performance.now() - started;
    expect(took).toBeLessThan(1_500 + 1_000); // the budget, and a loaded machine's timer lag
    expect(took).toBeGreaterThan(policy.attemptTimeoutMs);
    expect(failed).toEqual(['unreachable']);
  });
});
