/**
 * When the primary starts a dead worker again. A worker killed by a bad request is started again
 * at once: its siblings answer meanwhile, and every moment it is down the service has less room.
 * A worker that keeps dying soon after it starts is started again later and later, so that a
 * crash loop does not spin the CPU. A worker that cannot even start (a root gone, a broken auth
 * file) will not start the next time either: after a few such failures in a row, the primary
 * gives up and stops the service with the reason, rather than answering 503 forever.
 */

/** A worker that lived this long had a life: its death starts the count of quick deaths afresh. */
export const STABLE_MS = 10_000;
/** The delay before the second quick restart in a row; each further one doubles it. */
export const FIRST_DELAY_MS = 250;
export const MAX_DELAY_MS = 8_000;
/** Deaths in a row before a worker was ready, after which the primary stops. */
export const MAX_FAILED_STARTS = 4;

export interface Death {
  /** How long the worker lived, from its start (ms). */
  livedMs: number;
  /** Whether it had told the primary that it was ready. */
  wasReady: boolean;
}

export type Verdict = { restartInMs: number } | { giveUp: string };

export class RestartPolicy {
  private quickDeaths = 0;
  private failedStarts = 0;

  /** What to do about one worker's death (each worker has its own policy). */
  onDeath(death: Death): Verdict {
    this.quickDeaths = death.livedMs < STABLE_MS ? this.quickDeaths + 1 : 1;
    this.failedStarts = death.wasReady ? 0 : this.failedStarts + 1;
    if (this.failedStarts >= MAX_FAILED_STARTS)
      return { giveUp: `it failed to start ${this.failedStarts} times in a row` };
    if (this.quickDeaths <= 1) return { restartInMs: 0 };
    return { restartInMs: Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (this.quickDeaths - 2)) };
  }
}
