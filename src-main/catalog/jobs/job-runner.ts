/**
 * The half of the job registry that runs this process's jobs: admits them (or refuses with
 * ServiceUnavailable when the queue is full), queues them, runs at most `concurrency` at a time,
 * ends them, learns how fast they go, and tells listeners. With a job store, it writes them there
 * as they go and hears what other processes ask of them.
 *
 * JobRegistry (jobs.ts) adds the other half, answering for jobs: looking them up, listing,
 * cancelling and waiting, for other processes' jobs through the store. Running changes jobs and
 * answering only reads them, so each half can be read without the other.
 */
import { randomUUID } from 'node:crypto';
import type { JobEvent, JobRecord } from '../../../src-shared/catalog-api';
import {
  errorNameOf,
  errors,
  isCatalogError,
  type CatalogError,
} from '../../../src-shared/vocabulary/errors';
import { JobMirror, type RemoteRequest } from './job-mirror';
import { isTerminal } from './job-states';
import { INTERRUPTED_MESSAGE, type JobStore } from './job-store';
import type { JobContext, JobSubmission } from './job-submission';

export interface JobRegistryOptions {
  concurrency?: number;
  maxQueued?: number;
  historyLimit?: number;
  mapError?: (error: unknown) => CatalogError;
  /**
   * Where records are shared with the other processes serving the catalog, and kept across
   * restarts. Without one, jobs live only in this process.
   */
  store?: JobStore;
  /** With a store: the longest a job's progress goes unwritten (phases are written at once). */
  progressMs?: number;
  /** With a store: how often to look for cancels of this process's jobs, and to poll others'. */
  pollMs?: number;
}

interface Entry {
  record: JobRecord;
  submission: JobSubmission;
  controller: AbortController;
  done: Promise<JobRecord>;
  resolveDone: (record: JobRecord) => void;
  /** Another process judged it dead while this one stalled: it ends as interrupted. */
  interrupted?: boolean;
  /** With a store: settles once the job's row is written. */
  recorded?: Promise<void>;
}

export class JobRunner {
  protected readonly entries = new Map<string, Entry>();
  private readonly queue: Entry[] = [];
  private readonly listeners = new Set<(event: JobEvent) => void>();
  /** Observed rows per millisecond of finished jobs, by throughput key. */
  private readonly throughput = new Map<string, number[]>();
  private running = 0;
  private readonly concurrency: number;
  private readonly maxQueued: number;
  private readonly historyLimit: number;
  private readonly mapError: (error: unknown) => CatalogError;
  protected readonly mirror: JobMirror | undefined;
  protected readonly pollMs: number;
  private finishedCount = 0;

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
    this.pollMs = options.pollMs ?? 1000;
    this.mirror = options.store
      ? new JobMirror(options.store, {
          ...(options.progressMs === undefined ? {} : { progressMs: options.progressMs }),
          pollMs: this.pollMs,
          onRequest: (id, request) => this.heard(id, request),
        })
      : undefined;
  }

  get activeCount(): number {
    return this.running;
  }

  get queuedCount(): number {
    return this.queue.length;
  }

  /**
   * Accepts a job and returns its record at once. With a store, the job is recorded there before
   * it runs (`recorded` resolves then); a job that cannot be recorded ends failed without running,
   * since no other process could answer for it nor cancel it.
   */
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
    if (this.mirror) {
      entry.recorded = this.mirror.admit(entry.record);
      // Handled where the job starts; this only keeps the rejection from counting as unhandled.
      entry.recorded.catch(() => undefined);
    }
    this.entries.set(entry.record.id, entry);
    this.queue.push(entry);
    this.emit('jobs:progress', entry);
    this.pump();
    this.prune();
    return { ...entry.record };
  }

  on(listener: (event: JobEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Another process asked to cancel one of this process's jobs, or judged it dead. */
  private heard(id: string, request: RemoteRequest): void {
    const entry = this.entries.get(id);
    if (!entry || isTerminal(entry.record.state)) return;
    if (request === 'taken-over') entry.interrupted = true;
    entry.controller.abort();
    this.cancelQueued(entry);
  }

  /** Ends a job that is still waiting in the queue; a running one ends when its run notices. */
  protected cancelQueued(entry: Entry): void {
    const queuedAt = this.queue.indexOf(entry);
    if (queuedAt < 0) return;
    this.queue.splice(queuedAt, 1);
    this.finish(entry, entry.interrupted ? 'failed' : 'cancelled', interruptedIf(entry));
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
    if (entry.recorded) {
      let failure: unknown;
      await entry.recorded.catch((error: unknown) => (failure = error ?? 'failed'));
      if (failure !== undefined || entry.controller.signal.aborted) {
        // Not recorded, or cancelled (or closed) while it was being recorded: it never runs.
        if (failure !== undefined) this.finish(entry, 'failed', this.mapError(failure));
        else this.finish(entry, entry.interrupted ? 'failed' : 'cancelled', interruptedIf(entry));
        this.running -= 1;
        this.pump();
        return;
      }
    }
    record.state = 'running';
    record.phase = 'starting';
    record.startedAt = Date.now();
    this.refreshEstimate(entry);
    this.emit('jobs:progress', entry);
    this.mirror?.changed(record.id, true);
    const context: JobContext = {
      signal: entry.controller.signal,
      update: (patch) => {
        if (isTerminal(record.state)) return;
        const phaseChanged = patch.phase !== undefined && patch.phase !== record.phase;
        if (patch.phase !== undefined) record.phase = patch.phase;
        if (patch.progress) record.progress = { ...record.progress, ...patch.progress };
        if (patch.summary !== undefined) record.summary = patch.summary;
        this.refreshEstimate(entry);
        this.emit('jobs:progress', entry);
        this.mirror?.changed(record.id, phaseChanged);
      },
    };
    try {
      await entry.submission.run(context);
      if (entry.interrupted) throw errors.Internal(INTERRUPTED_MESSAGE);
      this.learnThroughput(entry);
      this.finish(entry, 'succeeded');
    } catch (error) {
      // The store already says "interrupted"; this process says the same.
      if (entry.interrupted) this.finish(entry, 'failed', errors.Internal(INTERRUPTED_MESSAGE));
      else if (entry.controller.signal.aborted) this.finish(entry, 'cancelled');
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
    record.phase = entry.interrupted ? 'interrupted' : state === 'succeeded' ? 'done' : state;
    record.endedAt = Date.now();
    delete record.estimateMs;
    if (state === 'succeeded') record.progress = { ...record.progress, fraction: 1 };
    if (error)
      record.error = { code: error.code, name: errorNameOf(error.code), message: error.message };
    this.prune();
    if (!this.mirror) {
      this.emit('jobs:finished', entry);
      entry.resolveDone({ ...record });
      return;
    }
    // Waiters and listeners hear of the end once every process can read it, and as the store
    // has it: a job another process already judged interrupted (this one stalled past its lease)
    // ends interrupted here too, never succeeded after it was reported dead.
    void this.mirror.finished(record.id).then((outcome) => {
      if (outcome === 'taken-over' && record.phase !== 'interrupted') {
        entry.interrupted = true;
        const error = errors.Internal(INTERRUPTED_MESSAGE);
        record.state = 'failed';
        record.phase = 'interrupted';
        record.error = { code: error.code, name: errorNameOf(error.code), message: error.message };
      }
      this.emit('jobs:finished', entry);
      entry.resolveDone({ ...record });
      if (outcome === 'written') this.pruneStore();
    });
  }

  /** Every tenth end, trims the root's history (a read, and a delete once it is too long). */
  private pruneStore(): void {
    this.finishedCount += 1;
    if (this.finishedCount % 10 !== 1) return;
    this.mirror?.store
      .prune(this.historyLimit)
      .catch((e) => console.error(`Could not prune the job table: ${String(e)}`));
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

function interruptedIf(entry: Entry): CatalogError | undefined {
  return entry.interrupted ? errors.Internal(INTERRUPTED_MESSAGE) : undefined;
}
