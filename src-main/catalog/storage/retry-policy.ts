/**
 * Retries of one store request, as S3 asks of its clients: a transient failure (throttling, an
 * internal error, no answer; see store-failure.ts) is tried again after an exponential backoff
 * with full jitter (a random wait between 0 and base·2^attempt, capped), so that many clients
 * throttled at once do not come back in step. Every attempt and every wait fits inside one
 * budget per request, counted from its first attempt: a store that keeps failing is given up on
 * within the budget, and the last failure is what the caller sees.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { storeCondition, type StoreCondition } from './store-failure';

export interface RetryPolicy {
  /** Everything (attempts and waits) ends within this many milliseconds of the first attempt. */
  budgetMs: number;
  /** One attempt's longest time without an answer. */
  attemptTimeoutMs: number;
  /** The first backoff's ceiling; each further one doubles it. */
  baseDelayMs: number;
  /** No backoff is longer than this. */
  maxDelayMs: number;
  /** Attempts at most, the first included. */
  maxAttempts: number;
}

export const DEFAULT_STORE_BOUND_MS = 10_000;

export function retryPolicy(boundMs = DEFAULT_STORE_BOUND_MS): RetryPolicy {
  return {
    budgetMs: boundMs,
    // A small request to a live store answers in milliseconds; three such waits fit the bound.
    attemptTimeoutMs: Math.max(500, Math.min(4_000, Math.floor(boundMs / 3))),
    baseDelayMs: 50,
    maxDelayMs: 2_000,
    maxAttempts: 10,
  };
}

/** Full jitter: uniformly random between 0 and the capped exponential ceiling. */
export function backoffMs(policy: RetryPolicy, retry: number, random = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.floor(random() * ceiling);
}

export interface RetryObserver {
  /** Called before each retry, with the condition that caused it. */
  retried?(condition: StoreCondition): void;
  /** The store answered, with a transient failure (it is there, but not well). */
  answered?(): void;
  /** The store answered as it should: success, or an answer that is not its fault (404, 412). */
  succeeded?(): void;
  /** The request is given up on with a transient failure. */
  failed?(condition: StoreCondition): void;
}

/** What an attempt is handed: the signal that ends it at its timeout (or the budget's end). */
export interface Attempt {
  signal: AbortSignal;
  /** 1 for the first attempt. */
  number: number;
}

/**
 * Runs `call` until it succeeds, fails with something that is not transient, or the budget is
 * spent. `call` must honour the signal (the AWS SDK's `abortSignal` does).
 */
export async function withRetries<T>(
  call: (attempt: Attempt) => Promise<T>,
  policy: RetryPolicy,
  observer: RetryObserver = {},
): Promise<T> {
  const started = performance.now();
  for (let number = 1; ; number++) {
    const left = policy.budgetMs - (performance.now() - started);
    const signal = AbortSignal.timeout(
      Math.max(1, Math.floor(Math.min(policy.attemptTimeoutMs, left))),
    );
    try {
      const result = await call({ signal, number });
      observer.succeeded?.();
      return result;
    } catch (error) {
      const condition = storeCondition(error) ?? (signal.aborted ? 'unreachable' : undefined);
      if (!condition) {
        observer.succeeded?.();
        throw error;
      }
      if (condition !== 'unreachable') observer.answered?.();
      const wait = backoffMs(policy, number - 1);
      const elapsed = performance.now() - started;
      // Another attempt needs a wait and at least a short try inside the budget.
      if (number >= policy.maxAttempts || elapsed + wait + 100 > policy.budgetMs) {
        observer.failed?.(condition);
        throw error;
      }
      observer.retried?.(condition);
      await delay(wait);
    }
  }
}
