/**
 * Keeps this process's jobs written to the shared job store while they run, and hears what other
 * processes ask of them.
 *
 * - The lease is held from before a job's row is written until its last write, so no reader can
 *   find the row with its owner missing from the leases while the job is alive.
 * - Phase and state changes are written at once. Progress alone is written at most once per
 *   `progressMs` per job (the last value is never lost, only delayed), so a build with a
 *   thousand progress ticks still costs a handful of commits.
 * - While it has jobs, the process reads their rows every `pollMs` for a cancel asked by another
 *   process, or a verdict of "interrupted" reached while its lease had lapsed (a stalled
 *   process); a write that matches nothing tells it the same, sooner.
 */
import type { JobRecord } from '../../../src-shared/catalog-api';
import type { JobStore, OwnWrite } from './job-store';

export type RemoteRequest = Exclude<OwnWrite, 'written'>;

export interface JobMirrorOptions {
  progressMs?: number;
  pollMs?: number;
  /** Called when another process asked to cancel a job, or judged it interrupted. */
  onRequest: (id: string, request: RemoteRequest) => void;
}

interface Tracked {
  /** The registry's live record: each write takes it as it is at that moment. */
  record: JobRecord;
  release: () => void;
  chain: Promise<void>;
  pending: boolean;
  timer: NodeJS.Timeout | undefined;
  lastWrite: number;
}

const FINAL_WRITE_ATTEMPTS = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class JobMirror {
  private readonly tracked = new Map<string, Tracked>();
  private readonly progressMs: number;
  private readonly pollMs: number;
  private poller: NodeJS.Timeout | undefined;
  private polling = false;
  private failing = false;

  constructor(
    readonly store: JobStore,
    private readonly options: JobMirrorOptions,
  ) {
    this.progressMs = options.progressMs ?? 1000;
    this.pollMs = options.pollMs ?? 1000;
  }

  /**
   * Takes the lease and records a job that was just accepted. A job the other processes cannot
   * see could not be answered for nor cancelled by them, so a failure here refuses the job.
   */
  async admit(record: JobRecord): Promise<void> {
    const release = await this.store.lease.hold();
    try {
      await this.store.insert({ ...record });
    } catch (error) {
      release();
      throw error;
    }
    this.tracked.set(record.id, {
      record,
      release,
      chain: Promise.resolve(),
      pending: false,
      timer: undefined,
      lastWrite: Date.now(),
    });
    this.poller ??= setInterval(() => void this.poll(), this.pollMs);
    this.poller.unref();
  }

  /** A job changed; `now` for phase and state changes, which are written at once. */
  changed(id: string, now: boolean): void {
    const tracked = this.tracked.get(id);
    if (!tracked) return;
    const since = Date.now() - tracked.lastWrite;
    if (now || since >= this.progressMs) {
      clearTimeout(tracked.timer);
      tracked.timer = undefined;
      this.schedule(tracked);
    } else {
      if (tracked.timer) return;
      tracked.timer = setTimeout(() => {
        tracked.timer = undefined;
        this.schedule(tracked);
      }, this.progressMs - since);
      tracked.timer.unref();
    }
  }

  /**
   * Writes how a job ended and lets go of its lease; resolves when that is done, with what became
   * of the end: `written`, `taken-over` (another process had already judged the job interrupted,
   * so that is its end, whatever this process thought), or `unrecorded` (the job was never in the
   * store, or its end could not be written).
   */
  async finished(id: string): Promise<'written' | 'taken-over' | 'unrecorded'> {
    const tracked = this.tracked.get(id);
    if (!tracked) return 'unrecorded';
    this.tracked.delete(id);
    clearTimeout(tracked.timer);
    if (this.tracked.size === 0) this.stopPolling();
    const record = { ...tracked.record };
    let outcome: 'written' | 'taken-over' | 'unrecorded' = 'unrecorded';
    tracked.chain = tracked.chain.then(async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          outcome = (await this.store.finish(record)) ? 'written' : 'taken-over';
          return;
        } catch (error) {
          if (attempt >= FINAL_WRITE_ATTEMPTS) {
            // The row stays unfinished; once the lease lapses, readers report it interrupted.
            console.error(`Could not record the end of job ${record.id}: ${String(error)}`);
            return;
          }
          await sleep(100 * attempt);
        }
      }
    });
    await tracked.chain;
    tracked.release();
    return outcome;
  }

  /** Ids of this process's jobs the store knows about. */
  get ids(): string[] {
    return [...this.tracked.keys()];
  }

  close(): void {
    this.stopPolling();
    for (const tracked of this.tracked.values()) clearTimeout(tracked.timer);
  }

  private schedule(tracked: Tracked): void {
    if (tracked.pending) return;
    tracked.pending = true;
    tracked.chain = tracked.chain.then(() => this.write(tracked));
  }

  private async write(tracked: Tracked): Promise<void> {
    tracked.pending = false;
    if (!this.tracked.has(tracked.record.id)) return;
    tracked.lastWrite = Date.now();
    try {
      const outcome = await this.store.write({ ...tracked.record });
      this.failing = false;
      if (outcome !== 'written') this.options.onRequest(tracked.record.id, outcome);
    } catch (error) {
      // Progress is a report: a lost write costs freshness, not the job. Once per outage.
      if (!this.failing) console.error(`Could not record job progress: ${String(error)}`);
      this.failing = true;
    }
  }

  private async poll(): Promise<void> {
    if (this.polling || this.tracked.size === 0) return;
    this.polling = true;
    try {
      const requests = await this.store.requestsFor(this.ids);
      for (const [id, request] of requests)
        if (this.tracked.has(id)) this.options.onRequest(id, request);
    } catch (error) {
      if (!this.failing) console.error(`Could not read requests for jobs: ${String(error)}`);
      this.failing = true;
    } finally {
      this.polling = false;
    }
  }

  private stopPolling(): void {
    clearInterval(this.poller);
    this.poller = undefined;
  }
}
