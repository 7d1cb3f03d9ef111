/** Clearing finished jobs from the panel: what stays, what goes, and that it lasts a reload. */
import { describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../../src-shared/studio-procedures';
import {
  hasFinished,
  readClearedAt,
  shownJobs,
  writeClearedAt,
} from '../../../../src-renderer/jobs/cleared-jobs';

type JobView = EventPayload<'jobs:progress'>;

const job = (id: string, state: JobView['state'], createdAt: number, endedAt?: number) =>
  ({
    id,
    kind: 'import',
    state,
    phase: state,
    progress: {},
    createdAt,
    ...(endedAt === undefined ? {} : { endedAt }),
    target: { namespacePath: [], table: 't' },
    connectionId: 'c',
  }) as JobView;

describe('cleared jobs', () => {
  const jobs = [
    job('old-done', 'succeeded', 10, 20),
    job('old-failed', 'failed', 10, 30),
    job('running', 'running', 5),
    job('queued', 'queued', 40),
    job('new-done', 'succeeded', 50, 60),
  ];

  it('hides the jobs that ended by the clear, never a queued or running one', () => {
    expect(shownJobs(jobs, 35).map((j) => j.id)).toEqual(['running', 'queued', 'new-done']);
    expect(shownJobs(jobs, 0).map((j) => j.id)).toEqual(jobs.map((j) => j.id));
  });

  it('offers Clear only when something has ended', () => {
    expect(hasFinished(jobs)).toBe(true);
    expect(hasFinished(shownJobs(jobs, 100))).toBe(false);
  });

  it('keeps the moment of the clear in storage, and reads nothing stored as never', () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
    };
    expect(readClearedAt(storage)).toBe(0);
    writeClearedAt(storage, 1234);
    expect(readClearedAt(storage)).toBe(1234);
    expect(readClearedAt(undefined)).toBe(0);
  });
});
