/**
 * The jobs the host runs itself, in one registry keyed by job kind. Index builds are not among
 * them: they are the catalogs' own jobs. Each kind runs on a queue of one at a time, so that an
 * import does not wait behind an export; compactions and cleanups share one queue, since both
 * rewrite whole tables and one at a time keeps them from fighting over the disk.
 */
import type { JobEvent, JobRecord } from '../../src-shared/catalog-api';
import { JobRegistry } from '../catalog/jobs/job-registry';

/** The kinds of job the host runs; `create_index` is the catalogs'. */
export type HostJobKind = Exclude<JobRecord['kind'], 'create_index'>;

const queue = () => new JobRegistry({ concurrency: 1, maxQueued: 8 });

export class HostJobs {
  private readonly byKind: Readonly<Record<HostJobKind, JobRegistry>>;
  /** Each queue once: the kinds sharing a queue share its jobs. */
  private readonly queues: readonly JobRegistry[];

  constructor() {
    const maintenance = queue();
    this.byKind = {
      import: queue(),
      // Recall checks time searches: alone, their timings are not each other's noise.
      recall_check: queue(),
      export: queue(),
      copy: queue(),
      compact: maintenance,
      cleanup: maintenance,
    };
    this.queues = [...new Set(Object.values(this.byKind))];
  }

  /** The runner a job of this kind is submitted to. */
  runner(kind: HostJobKind): JobRegistry {
    return this.byKind[kind];
  }

  /** Every job the host runs or ran, newest first within each queue. */
  async list(): Promise<JobRecord[]> {
    return (await Promise.all(this.queues.map((q) => q.list()))).flat();
  }

  /** Cancels a job of the host; a job no queue knows is refused as not found. */
  async cancel(jobId: string): Promise<JobRecord> {
    for (const q of this.queues) {
      const known = await q.get(jobId).then(
        () => true,
        () => false,
      );
      if (known) return q.cancel(jobId);
    }
    return this.runner('import').cancel(jobId);
  }

  on(listener: (event: JobEvent) => void): void {
    for (const q of this.queues) q.on(listener);
  }

  /** For shutdown: each queue drops what waits and stops what runs. */
  async close(): Promise<void> {
    for (const q of this.queues) await q.close();
  }
}
