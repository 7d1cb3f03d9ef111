/**
 * Jobs: long operations (index builds, imports) that return at once and report as they go.
 * A registry runs at most `concurrency` at a time, queues up to `maxQueued` more, and refuses
 * beyond that with ServiceUnavailable, which the server turns into 503 "Slow down".
 */
import { randomUUID } from 'node:crypto';
import type { JobEvent, JobRecord } from './contract';
import { errorNameOf, errors, isCatalogError, type CatalogError } from './errors';
import type { JobJournal } from './job-journal';

export interface JobContext {
  readonly signal: AbortSignal;
  update(patch: { phase?: string; progress?: Partial<JobRecord['progress']> }): void;
}

export interface JobSubmission {
  kind: JobRecord['kind'];
  target: JobRecord['target'];
  /** Rows the job will process; with history of the same `throughputKey`, it yields an estimate. */
  rowsTotal?: number;
  throughputKey?: string;
  run: (context: JobContext) => Promise<void>;
}

export interface JobRegistryOptions {
  concurrency?: number;
  maxQueued?: number;
  historyLimit?: number;
  mapError?: (error: unknown) => CatalogError;
  /**
   * Where records are kept across restarts. Without one, jobs live only in this process; with one,
   * the previous run's jobs are listed again, unfinished ones as failed (interrupted).
   */
  journal?: JobJournal;
}

interface Entry {
  record: JobRecord;
  submission: JobSubmission;
  controller: AbortController;
  done: Promise<JobRecord>;
  resolveDone: (record: JobRecord) => void;
}

const TERMINAL = new Set<JobRecord['state']>(['succeeded', 'failed', 'cancelled']);

export function isTerminal(state: JobRecord['state']): boolean {
  return TERMINAL.has(state);
}

export class JobRegistry {
  private readonly entries = new Map<string, Entry>();
  private readonly queue: Entry[] = [];
  private readonly listeners = new Set<(event: JobEvent) => void>();
  /** Observed rows per millisecond of finished jobs, by throughput key. */
  private readonly throughput = new Map<string, number[]>();
  private running = 0;
  private readonly concurrency: number;
  private readonly maxQueued: number;
  private readonly historyLimit: number;
  private readonly mapError: (error: unknown) => CatalogError;
  private readonly journal: JobJournal | undefined;
  private journalFailing = false;

  constructor(options: JobRegistryOptions = {}) {
    this.concurrency = options.concurrency ?? 2;
    this.maxQueued = options.maxQueued ?? 64;
    this.historyLimit = options.historyLimit ?? 200;
    this.mapError =
      options.mapError ??
      ((error) =>
        isCatalogError(error)
          ? error
          : errors.Internal(String((error as Error)?.message ?? error)));
    this.journal = options.journal;
    if (this.journal) this.restore(this.journal.load());
  }

  get activeCount(): number {
    return this.running;
  }

  get queuedCount(): number {
    return this.queue.length;
  }

  submit(submission: JobSubmission): JobRecord {
    if (this.running >= this.concurrency && this.queue.length >= this.maxQueued) {
      throw errors.ServiceUnavailable(
        `Too many jobs: ${this.running} running and ${this.queue.length} queued; try again shortly`,
      );
    }
    let resolveDone!: (record: JobRecord) => void;
    const done = new Promise<JobRecord>((resolve) => (resolveDone = resolve));
    const entry: Entry = {
      record: {
        id: randomUUID(),
        kind: submission.kind,
        target: submission.target,
        state: 'queued',
        phase: 'queued',
        progress: submission.rowsTotal === undefined ? {} : { rowsTotal: submission.rowsTotal },
        createdAt: Date.now(),
      },
      submission,
      controller: new AbortController(),
      done,
      resolveDone,
    };
    this.entries.set(entry.record.id, entry);
    this.queue.push(entry);
    this.emit('job:progress', entry);
    this.pump();
    this.prune();
    this.persist();
    return { ...entry.record };
  }

  get(id: string): JobRecord {
    return { ...this.entry(id).record };
  }

  list(): JobRecord[] {
    return [...this.entries.values()]
      .map((e) => ({ ...e.record }))
      .sort((a, b) => b.createdAt - a.createdAt);
  }

  /** Jobs not yet finished whose target matches, for listing indexes that are still building. */
  activeFor(predicate: (record: JobRecord) => boolean): JobRecord[] {
    return [...this.entries.values()]
      .filter((e) => !isTerminal(e.record.state) && predicate(e.record))
      .map((e) => ({ ...e.record }));
  }

  cancel(id: string): JobRecord {
    const entry = this.entry(id);
    if (isTerminal(entry.record.state)) return { ...entry.record };
    entry.controller.abort();
    const queuedAt = this.queue.indexOf(entry);
    if (queuedAt >= 0) {
      this.queue.splice(queuedAt, 1);
      this.finish(entry, 'cancelled');
    }
    return { ...entry.record };
  }

  wait(id: string): Promise<JobRecord> {
    return this.entry(id).done.then((record) => ({ ...record }));
  }

  on(listener: (event: JobEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** For shutdown: drop what is queued, ask running jobs to stop, and wait for them. */
  async close(): Promise<void> {
    for (const entry of [...this.queue]) this.cancel(entry.record.id);
    const running = [...this.entries.values()].filter((e) => e.record.state === 'running');
    for (const entry of running) entry.controller.abort();
    await Promise.all(running.map((e) => e.done));
  }

  private entry(id: string): Entry {
    const entry = this.entries.get(id);
    if (!entry) throw errors.TransactionNotFound(`Job ${JSON.stringify(id)} was not found`);
    return entry;
  }

  private pump(): void {
    while (this.running < this.concurrency && this.queue.length > 0) {
      const entry = this.queue.shift()!;
      void this.start(entry);
    }
  }

  private async start(entry: Entry): Promise<void> {
    this.running += 1;
    const record = entry.record;
    record.state = 'running';
    record.phase = 'starting';
    record.startedAt = Date.now();
    this.refreshEstimate(entry);
    this.emit('job:progress', entry);
    this.persist();
    const context: JobContext = {
      signal: entry.controller.signal,
      update: (patch) => {
        if (isTerminal(record.state)) return;
        const phaseChanged = patch.phase !== undefined && patch.phase !== record.phase;
        if (patch.phase !== undefined) record.phase = patch.phase;
        if (patch.progress) record.progress = { ...record.progress, ...patch.progress };
        this.refreshEstimate(entry);
        this.emit('job:progress', entry);
        // Phases are journaled, row counts are not: they change too often to rewrite the file.
        if (phaseChanged) this.persist();
      },
    };
    try {
      await entry.submission.run(context);
      this.learnThroughput(entry);
      this.finish(entry, 'succeeded');
    } catch (error) {
      if (entry.controller.signal.aborted) this.finish(entry, 'cancelled');
      else this.finish(entry, 'failed', this.mapError(error));
    } finally {
      this.running -= 1;
      this.pump();
    }
  }

  private finish(
    entry: Entry,
    state: 'succeeded' | 'failed' | 'cancelled',
    error?: CatalogError,
  ): void {
    const record = entry.record;
    record.state = state;
    record.phase = state === 'succeeded' ? 'done' : state;
    record.endedAt = Date.now();
    delete record.estimateMs;
    if (state === 'succeeded') record.progress = { ...record.progress, fraction: 1 };
    if (error)
      record.error = { code: error.code, name: errorNameOf(error.code), message: error.message };
    this.emit('job:finished', entry);
    entry.resolveDone({ ...record });
    this.prune();
    this.persist();
  }

  /** Takes back the previous run's records; they are all finished, so only their history is kept. */
  private restore(records: JobRecord[]): void {
    for (const record of records) {
      if (!isTerminal(record.state)) continue;
      const done = Promise.resolve(record);
      this.entries.set(record.id, {
        record,
        submission: { kind: record.kind, target: record.target, run: async () => undefined },
        controller: new AbortController(),
        done,
        resolveDone: () => undefined,
      });
    }
    this.prune();
    this.persist();
  }

  /**
   * Writes every record to the journal. A journal that cannot be written costs the history after
   * a restart, not the job, so the failure is reported and the job goes on.
   */
  private persist(): void {
    if (!this.journal) return;
    try {
      this.journal.save([...this.entries.values()].map((e) => e.record));
      this.journalFailing = false;
    } catch (error) {
      // Once per outage, not once per job event.
      if (!this.journalFailing) console.error(`Cannot write the job journal: ${String(error)}`);
      this.journalFailing = true;
    }
  }

  private learnThroughput(entry: Entry): void {
    const { throughputKey, rowsTotal } = entry.submission;
    const { startedAt } = entry.record;
    if (!throughputKey || !rowsTotal || startedAt === undefined) return;
    const elapsed = Date.now() - startedAt;
    if (elapsed <= 0) return;
    const samples = this.throughput.get(throughputKey) ?? [];
    samples.push(rowsTotal / elapsed);
    this.throughput.set(throughputKey, samples.slice(-10));
  }

  private refreshEstimate(entry: Entry): void {
    const { throughputKey, rowsTotal } = entry.submission;
    const { startedAt } = entry.record;
    const samples = throughputKey ? this.throughput.get(throughputKey) : undefined;
    if (!samples?.length || !rowsTotal || startedAt === undefined) return;
    const rate = samples.reduce((a, b) => a + b, 0) / samples.length;
    const predicted = rowsTotal / rate;
    entry.record.estimateMs = Math.max(0, Math.round(predicted - (Date.now() - startedAt)));
  }

  private emit(type: JobEvent['type'], entry: Entry): void {
    const event = { type, job: { ...entry.record } } as JobEvent;
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        console.error('job event listener failed', error);
      }
    }
  }

  private prune(): void {
    const finished = [...this.entries.values()]
      .filter((e) => isTerminal(e.record.state))
      // Oldest to finish goes first, so a long job that just ended is not the one dropped.
      .sort((a, b) => (a.record.endedAt ?? 0) - (b.record.endedAt ?? 0));
    const excess = finished.length - this.historyLimit;
    for (let i = 0; i < excess; i++) this.entries.delete(finished[i]!.record.id);
  }
}
