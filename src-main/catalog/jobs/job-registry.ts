/**
 * Jobs: long operations (index builds, imports) that return at once and report as they go.
 * A registry runs at most `concurrency` at a time, queues up to `maxQueued` more, and refuses
 * beyond that with ServiceUnavailable, which the server turns into 503 "Slow down".
 *
 * With a job store, the registry also answers for the jobs of every other process serving the
 * same catalog root: it writes its own jobs there as they go, and reads the others' from there.
 * Its own jobs are still answered from memory, which is fresher and costs nothing.
 */
import type { JobRecord } from '../../../src-shared/catalog-api';
import { errors, type CatalogError } from '../../../src-shared/vocabulary/errors';
import { JobRunner } from './job-runner';
import { isTerminal } from './job-states';
import { isProcessStopping } from './process-stop';

/** Answers for jobs; the running of them is JobRunner's (job-runner.ts). */
export class JobRegistry extends JobRunner {
  /** Resolves once the job can be read by every process serving the catalog. */
  async recorded(id: string): Promise<void> {
    await this.entries.get(id)?.recorded;
  }

  /**
   * A job of this process, or with a store, of any process serving the catalog. A job of this
   * process that has just ended is answered once its end is in the store, so that no other
   * process can answer with an older state after this one has answered with the end.
   */
  async get(id: string): Promise<JobRecord> {
    const entry = this.entries.get(id);
    if (entry)
      return isTerminal(entry.record.state) ? { ...(await entry.done) } : { ...entry.record };
    const stored = await this.mirror?.store.get(id);
    if (!stored) throw notFound(id);
    return stored;
  }

  /** Newest first; this process's jobs as it knows them, the others' as the store has them. */
  async list(): Promise<JobRecord[]> {
    const entries = [...this.entries.values()];
    // As in `get`: ends are answered once they are in the store.
    await Promise.all(entries.filter((e) => isTerminal(e.record.state)).map((e) => e.done));
    const local = entries.map((e) => ({ ...e.record }));
    const stored = this.mirror ? await this.mirror.store.list() : [];
    const ids = new Set(local.map((r) => r.id));
    return [...local, ...stored.filter((r) => !ids.has(r.id))].sort(
      (a, b) => b.createdAt - a.createdAt,
    );
  }

  /** Jobs not yet finished whose target matches, for listing indexes that are still building. */
  activeFor(predicate: (record: JobRecord) => boolean): JobRecord[] {
    return [...this.entries.values()]
      .filter((e) => !isTerminal(e.record.state) && predicate(e.record))
      .map((e) => ({ ...e.record }));
  }

  /**
   * Cancels a job of this process at once. A job of another process is asked to stop through the
   * store; it is answered as it stands, still running until its process notices (within about
   * `pollMs`).
   */
  async cancel(id: string): Promise<JobRecord> {
    const entry = this.entries.get(id);
    if (!entry) {
      const stored = await this.mirror?.store.requestCancel(id);
      if (!stored) throw notFound(id);
      return stored;
    }
    if (isTerminal(entry.record.state)) return { ...entry.record };
    entry.controller.abort();
    this.cancelQueued(entry);
    return { ...entry.record };
  }

  /** Resolves when the job has ended; another process's job is polled for. */
  async wait(id: string): Promise<JobRecord> {
    const entry = this.entries.get(id);
    if (entry) return entry.done.then((record) => ({ ...record }));
    for (;;) {
      const record = await this.get(id);
      if (isTerminal(record.state)) return record;
      await new Promise((resolve) => setTimeout(resolve, this.pollMs));
    }
  }

  /**
   * Unfinished jobs of every process whose target matches (with a store; otherwise the same as
   * `activeFor`). Jobs of processes that died are finished (interrupted), so not among them.
   */
  async activeAnywhere(predicate: (record: JobRecord) => boolean): Promise<JobRecord[]> {
    const local = this.activeFor(predicate);
    if (!this.mirror) return local;
    const ids = new Set(local.map((r) => r.id));
    const stored = await this.mirror.store.list();
    return [
      ...local,
      ...stored.filter((r) => !ids.has(r.id) && !isTerminal(r.state) && predicate(r)),
    ];
  }

  /**
   * For shutdown: drop what is queued, ask running jobs to stop, and wait for them. They end as
   * cancelled, or as interrupted when the whole process is stopping (process-stop.ts).
   */
  async close(): Promise<void> {
    const all = [...this.entries.values()];
    for (const entry of all) {
      if (isTerminal(entry.record.state)) continue;
      if (isProcessStopping()) entry.interrupted = true;
      entry.controller.abort();
      this.cancelQueued(entry);
    }
    // `done` resolves once the end is written to the store.
    await Promise.all(all.map((e) => e.done));
    this.mirror?.close();
    await this.mirror?.store.close();
  }
}

function notFound(id: string): CatalogError {
  return errors.TransactionNotFound(`Job ${JSON.stringify(id)} was not found`);
}
