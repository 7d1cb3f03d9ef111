/**
 * A job's fraction: never a made-up one for an index build in flight, never past 100%; an
 * export's title says where its file went.
 */
import { describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../../../src-shared/studio-procedures';
import {
  buildHasNoPercentage,
  jobFraction,
  jobTitle,
} from '../../../../../src-renderer/common/jobs/job-format';

type JobView = EventPayload<'jobs:progress'>;

const job = (over: Partial<JobView>) =>
  ({
    id: 'j',
    kind: 'create_index',
    state: 'running',
    phase: 'building',
    progress: {},
    createdAt: 0,
    target: { namespacePath: [], table: 't' },
    connectionId: 'c',
    ...over,
  }) as JobView;

describe('job fraction', () => {
  it('gives an index build in flight no percentage, even with counts of 0 indexed', () => {
    const building = job({ progress: { numIndexedRows: 0, numUnindexedRows: 100_000 } });
    expect(buildHasNoPercentage(building)).toBe(true);
    expect(jobFraction(building)).toBeUndefined();
  });

  it('gives an ended build 100%, and a build with its own fraction that fraction', () => {
    expect(jobFraction(job({ state: 'succeeded' }))).toBe(1);
    const told = job({ progress: { fraction: 0.4 } });
    expect(buildHasNoPercentage(told)).toBe(false);
    expect(jobFraction(told)).toBe(0.4);
  });

  it('keeps an import by rows, and never past 100%', () => {
    const importing = job({ kind: 'import', progress: { rowsDone: 150, rowsTotal: 100 } });
    expect(buildHasNoPercentage(importing)).toBe(false);
    expect(jobFraction(importing)).toBe(1);
  });
});

describe('job title', () => {
  it('names an export by its file, or by the name the browser downloads it under', () => {
    const target = { namespacePath: ['ns'], table: 'docs' };
    expect(
      jobTitle(job({ kind: 'export', target: { ...target, params: { path: '/tmp/docs.csv' } } })),
    ).toBe('Export of ns / docs to /tmp/docs.csv');
    expect(
      jobTitle(job({ kind: 'export', target: { ...target, params: { download: 'docs.csv' } } })),
    ).toBe('Export of ns / docs for download as docs.csv');
  });
});
