/**
 * A registry closed while its process stops for good (serve's SIGTERM) ends its jobs as
 * interrupted, as every other process sharing the root would report them had it died; closed
 * otherwise (job-registry.test.ts), it cancels them. A file of its own: the mark is process-wide.
 */
import { expect, it } from 'vitest';
import { INTERRUPTED_MESSAGE } from '../../../../src-main/catalog/jobs/job-store';
import { JobRegistry } from '../../../../src-main/catalog/jobs/job-registry';
import { markProcessStopping } from '../../../../src-main/catalog/jobs/process-stop';
import type { JobSubmission } from '../../../../src-main/catalog/jobs/job-submission';

const waiting = (): JobSubmission => ({
  kind: 'create_index',
  target: { namespacePath: ['ns'], table: 't', indexType: 'BTREE' },
  run: (ctx) =>
    new Promise<void>((_, reject) =>
      ctx.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }),
    ),
});

it('ends running and queued jobs as interrupted once the process is stopping', async () => {
  const registry = new JobRegistry({ concurrency: 1 });
  const running = registry.submit(waiting());
  const queued = registry.submit(waiting());
  markProcessStopping();
  await registry.close();
  for (const job of [running, queued]) {
    const record = await registry.get(job.id);
    expect(record.state).toBe('failed');
    expect(record.error?.message).toBe(INTERRUPTED_MESSAGE);
  }
});
