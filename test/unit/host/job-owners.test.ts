import { describe, expect, it } from 'vitest';
import type { JobRecord } from '../../../src-shared/catalog-api';
import { JobOwners } from '../../../src-main/host/job-owners';

const job = (id: string, state: JobRecord['state'], phase: string = state): JobRecord => ({
  id,
  kind: 'compact',
  target: { namespacePath: [], table: 't' },
  state,
  phase,
  progress: {},
  createdAt: 0,
});

describe('JobOwners', () => {
  it("holds a job's events until its owner is known, then sends the newest state and the end", () => {
    const sent: string[] = [];
    const owners = new JobOwners((type, record, connectionId) =>
      sent.push(`${connectionId} ${type} ${record.phase}`),
    );
    owners.event({ type: 'jobs:progress', job: job('a', 'queued') });
    owners.event({ type: 'jobs:progress', job: job('a', 'running', 'compacting') });
    owners.event({ type: 'jobs:finished', job: job('a', 'succeeded') });
    expect(sent).toEqual([]);
    owners.set('a', 'c1');
    expect(sent).toEqual(['c1 jobs:progress compacting', 'c1 jobs:finished succeeded']);
    owners.event({ type: 'jobs:progress', job: job('a', 'running', 'late') });
    expect(sent.at(-1)).toBe('c1 jobs:progress late');
    expect(owners.get('a')).toBe('c1');
    expect(owners.has('b')).toBe(false);
  });

  it('holds the events of a bounded number of unclaimed jobs', () => {
    const sent: string[] = [];
    const owners = new JobOwners((_type, record) => sent.push(record.id));
    for (let i = 0; i < 300; i++)
      owners.event({ type: 'jobs:progress', job: job(`j${i}`, 'queued') });
    owners.set('j0', 'c');
    owners.set('j299', 'c');
    expect(sent).toEqual(['j299']);
  });
});
