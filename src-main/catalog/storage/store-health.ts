/**
 * How one object store is doing, as this process has seen it: when it last answered, what its
 * recent failures were (throttling, internal errors, no answer) and how many requests were
 * retried. Two uses:
 *
 * - A watchdog for the calls the catalog cannot bound itself (LanceDB's, which retry on their
 *   own and make several requests each): a call that is still running after the bound while the
 *   store has not answered for a while, or answers only with failures, is given up on with 503
 *   naming the condition. A call that is slow because it moves much data, while the store
 *   answers, is left alone: a probe (one small LIST) tells the two apart.
 * - What the app shows on a connection: the condition, and the retries behind it.
 */
import { EventEmitter } from 'node:events';
import { lanceStoreCondition, storeUnavailable, type StoreCondition } from './store-failure';

export interface StoreStatus {
  /** `ok`, or the condition seen in the last `recentMs`. */
  condition: 'ok' | StoreCondition;
  /** Requests retried since the process opened the store, and in the recent window. */
  retries: number;
  recentRetries: number;
  /** Requests given up on with a store failure, likewise. */
  failures: number;
  recentFailures: number;
  /** Wall-clock time of the last failure seen, if any. */
  lastFailureAt?: number;
  /** Milliseconds since the store last answered anything (undefined if it never did yet). */
  silentForMs?: number;
}

interface Event {
  at: number;
  kind: 'retry' | 'failure';
  condition: StoreCondition;
}

/** What counts as "recent" for the status a person sees. */
const RECENT_MS = 30_000;
/** How often a waiting watchdog looks, and probes a store that has been quiet. */
const LOOK_EVERY_MS = 500;
const PROBE_WHEN_QUIET_MS = 2_000;
/** How long a call waits on a store already found silent before it is given up on too. */
const FAST_GIVE_UP_MS = 1_000;
/** Successes for this long after the last trouble mean the store is well again. */
const WELL_AGAIN_MS = 5_000;

export class StoreHealth extends EventEmitter {
  /** `performance.now()` of the last answer of any kind (an error status is an answer too). */
  private lastAnswer: number | undefined;
  /** Wall-clock time of the last success. */
  private lastSuccess: number | undefined;
  private events: Event[] = [];
  private retries = 0;
  private failures = 0;
  private probing: Promise<void> | undefined;
  private lastEmitted = 'ok:0:0';
  /** `performance.now()` when a request was last given up on for silence. */
  private lastGiveUp: number | undefined;

  constructor(
    /** For messages: the store's address. */
    readonly where: string,
    /** Bound after which a call on a store in trouble is given up on. */
    readonly boundMs: number,
    /** One small request with no retries; resolves if the store answered at all. */
    private readonly probeRequest?: () => Promise<void>,
  ) {
    super();
  }

  /** The store answered, well or not: it is there. */
  answered(): void {
    this.lastAnswer = performance.now();
  }

  succeeded(): void {
    this.answered();
    this.lastSuccess = Date.now();
    this.changed();
  }

  retried(condition: StoreCondition): void {
    this.retries += 1;
    this.record('retry', condition);
  }

  failed(condition: StoreCondition): void {
    this.failures += 1;
    if (condition === 'unreachable') this.lastGiveUp = performance.now();
    this.record('failure', condition);
  }

  /**
   * Whether a request was given up on because the store did not answer, and it has not answered
   * anything since: then a new call need not wait a whole bound to learn the same, or a request
   * made of several calls would wait one bound per call.
   */
  private knownSilent(): boolean {
    return (
      this.lastGiveUp !== undefined &&
      (this.lastAnswer === undefined || this.lastAnswer < this.lastGiveUp)
    );
  }

  private record(kind: Event['kind'], condition: StoreCondition): void {
    this.events.push({ at: Date.now(), kind, condition });
    if (this.events.length > 2_000) this.events = this.events.slice(-1_000);
    this.changed();
  }

  /** The last trouble seen, if it is recent: within `RECENT_MS`, and not followed by a long run of successes. */
  private trouble(now: number): Event | undefined {
    const last = this.events[this.events.length - 1];
    if (!last || now - last.at > RECENT_MS) return undefined;
    if (this.lastSuccess !== undefined && this.lastSuccess - last.at > WELL_AGAIN_MS)
      return undefined;
    return last;
  }

  status(now = Date.now()): StoreStatus {
    const recent = this.events.filter((e) => now - e.at <= RECENT_MS);
    const trouble = this.trouble(now);
    return {
      condition: trouble?.condition ?? 'ok',
      retries: this.retries,
      recentRetries: recent.filter((e) => e.kind === 'retry').length,
      failures: this.failures,
      recentFailures: recent.filter((e) => e.kind === 'failure').length,
      ...(trouble ? { lastFailureAt: trouble.at } : {}),
      ...(this.lastAnswer === undefined
        ? {}
        : { silentForMs: Math.round(performance.now() - this.lastAnswer) }),
    };
  }

  private changed(): void {
    const status = this.status();
    const key = `${status.condition}:${status.recentRetries}:${status.recentFailures}`;
    if (key === this.lastEmitted) return;
    this.lastEmitted = key;
    this.emit('status', status);
  }

  /** One probe at a time; it updates `answered` or the condition like any request. */
  private probe(): void {
    if (this.probing || !this.probeRequest) return;
    this.probing = this.probeRequest()
      .then(
        () => this.succeeded(),
        () => undefined, // the request itself recorded what it met
      )
      .finally(() => (this.probing = undefined));
  }

  /**
   * Runs a call that the store's own timeouts do not bound tightly enough (LanceDB's), and gives
   * up on it with 503 once it has run for the bound while the store has not answered anything
   * (a request of ours, a probe) for half the bound. The call itself goes on in
   * the background (it cannot be stopped); `onAbandon` lets a caller mark what it held as lost.
   */
  watch<T>(call: () => Promise<T>, onAbandon?: (reason: string) => void): Promise<T> {
    const started = performance.now();
    const running = call();
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const timer = setInterval(() => {
        const now = performance.now();
        const quietFor = now - (this.lastAnswer ?? started);
        // Only a call that has run a while pays for probes (one small LIST per 2 s of quiet), so
        // the many short calls cost the store nothing extra.
        if (now - started >= this.boundMs / 3 && quietFor >= PROBE_WHEN_QUIET_MS) this.probe();
        // A store found silent is asked again at once: if it is back, no call gives up early.
        if (this.knownSilent()) this.probe();
        // Only silence is the watchdog's to end: a store that throttles or fails still answers,
        // and LanceDB's own retry budget (lance-retry-options.ts) ends those calls. A store already
        // found silent, and silent since, is given up on after a short look, not a whole bound.
        const waited = now - started;
        if (waited < (this.knownSilent() ? FAST_GIVE_UP_MS : this.boundMs)) return;
        if (quietFor < this.boundMs / 2) return;
        const condition: StoreCondition = 'unreachable';
        settled = true;
        clearInterval(timer);
        this.failed(condition);
        const reason = `gave up after ${Math.round(now - started)} ms`;
        onAbandon?.(`the object store did not answer in time (${reason})`);
        running.catch(() => undefined);
        reject(storeUnavailable(condition, this.where, new Error(reason), reason));
      }, LOOK_EVERY_MS);
      timer.unref();
      running.then(
        (value) => {
          // A call that went through is evidence the store works, as a request of our own is.
          this.succeeded();
          if (settled) return;
          clearInterval(timer);
          resolve(value);
        },
        (error: unknown) => {
          const condition = lanceStoreCondition(
            error instanceof Error ? error.message : String(error),
          );
          if (condition) this.failed(condition);
          if (settled) return;
          clearInterval(timer);
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the call's own failure, passed on as it is
          reject(error);
        },
      );
    });
  }
}

/**
 * The health of each object-store root this process has open, by root URI (without a trailing
 * slash), so that the app's host can say how a connection's store is doing.
 */
const byRoot = new Map<string, StoreHealth>();

export function registerStoreHealth(root: string, health: StoreHealth): () => void {
  byRoot.set(root, health);
  return () => {
    if (byRoot.get(root) === health) byRoot.delete(root);
  };
}

export function storeHealthFor(root: string): StoreHealth | undefined {
  return byRoot.get(root.replace(/\/+$/, ''));
}
