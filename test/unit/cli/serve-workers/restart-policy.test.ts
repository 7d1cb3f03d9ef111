import { describe, expect, it } from 'vitest';
import {
  FIRST_DELAY_MS,
  MAX_DELAY_MS,
  MAX_FAILED_STARTS,
  RestartPolicy,
  STABLE_MS,
} from '../../../../src-main/cli/serve-workers/restart-policy';

const quick = { livedMs: 2_000, wasReady: true };
const failedStart = { livedMs: 300, wasReady: false };

describe('RestartPolicy', () => {
  it('restarts a worker at once after its first crash', () => {
    expect(new RestartPolicy().onDeath(quick)).toEqual({ restartInMs: 0 });
  });

  it('backs off, doubling up to a cap, while a worker keeps dying soon after it starts', () => {
    const policy = new RestartPolicy();
    const delays = Array.from({ length: 8 }, () => policy.onDeath(quick));
    expect(delays.map((verdict) => ('restartInMs' in verdict ? verdict.restartInMs : -1))).toEqual([
      0,
      FIRST_DELAY_MS,
      FIRST_DELAY_MS * 2,
      FIRST_DELAY_MS * 4,
      FIRST_DELAY_MS * 8,
      FIRST_DELAY_MS * 16,
      MAX_DELAY_MS,
      MAX_DELAY_MS,
    ]);
  });

  it('starts counting afresh after a worker that lived', () => {
    const policy = new RestartPolicy();
    policy.onDeath(quick);
    policy.onDeath(quick);
    expect(policy.onDeath({ livedMs: STABLE_MS + 1, wasReady: true })).toEqual({ restartInMs: 0 });
    expect(policy.onDeath(quick)).toEqual({ restartInMs: FIRST_DELAY_MS });
  });

  it('never gives up on a worker that keeps becoming ready (a bad request is not the worker’s fault)', () => {
    const policy = new RestartPolicy();
    for (let i = 0; i < 50; i++) expect(policy.onDeath(quick)).toHaveProperty('restartInMs');
  });

  it('gives up after a few failed starts in a row, with the reason', () => {
    const policy = new RestartPolicy();
    for (let i = 1; i < MAX_FAILED_STARTS; i++)
      expect(policy.onDeath(failedStart)).toHaveProperty('restartInMs');
    expect(policy.onDeath(failedStart)).toEqual({
      giveUp: `it failed to start ${MAX_FAILED_STARTS} times in a row`,
    });
  });

  it('forgets failed starts once a worker was ready again', () => {
    const policy = new RestartPolicy();
    for (let i = 1; i < MAX_FAILED_STARTS; i++) policy.onDeath(failedStart);
    policy.onDeath(quick);
    expect(policy.onDeath(failedStart)).toHaveProperty('restartInMs');
  });
});
