/**
 * Which connection each job the host runs belongs to, and the events of its jobs sent to that
 * connection's views. A registry reports a job's first events inside `submit`, before the
 * procedure that submitted it can say whose it is: those events are held, and passed on the
 * moment the owner is known, so a job that starts (or ends) at once is still seen doing so.
 */
import type { JobEvent, JobRecord } from '../../src-shared/catalog-api';

/** Jobs whose owner is not yet known, at most: a submit names its owner right after. */
const MAX_HELD_JOBS = 256;

export class JobOwners {
  private readonly owners = new Map<string, string>();
  private readonly held = new Map<string, JobEvent[]>();

  constructor(
    private readonly send: (event: JobEvent['type'], job: JobRecord, connectionId: string) => void,
  ) {}

  set(jobId: string, connectionId: string): void {
    this.owners.set(jobId, connectionId);
    const events = this.held.get(jobId) ?? [];
    this.held.delete(jobId);
    for (const event of events) this.send(event.type, event.job, connectionId);
  }

  get(jobId: string): string | undefined {
    return this.owners.get(jobId);
  }

  has(jobId: string): boolean {
    return this.owners.has(jobId);
  }

  /** A registry's event: sent to the job's connection, or held until that is known. */
  event(event: JobEvent): void {
    const connectionId = this.owners.get(event.job.id);
    if (connectionId) {
      this.send(event.type, event.job, connectionId);
      return;
    }
    const events = this.held.get(event.job.id) ?? [];
    // Progress replaces progress: only the newest state, and the end, are worth passing on.
    const kept = events.filter((e) => e.type !== 'jobs:progress' || event.type !== 'jobs:progress');
    this.held.set(event.job.id, [...kept, { ...event, job: { ...event.job } }]);
    while (this.held.size > MAX_HELD_JOBS) this.held.delete(this.held.keys().next().value!);
  }
}
