/**
 * Long synchronous work (decoding a body of thousands of Arrow batches, inflating a compressed
 * buffer) done in slices on the main thread: the caller calls `tick()` between steps, and once a
 * slice has run for `sliceMs` the event loop gets a turn (setImmediate, so timers and I/O that
 * are due run first) before the next slice starts. The server has one thread; without this, one
 * request's body stalls every other client for as long as it takes.
 */

/** Work between two turns of the event loop, in ms; small enough for a p99 well under 50 ms. */
export const SLICE_MS = 4;

export class TimeSlicer {
  private startedAt = performance.now();

  constructor(private readonly sliceMs = SLICE_MS) {}

  /** Whether the current slice has used its time. */
  get due(): boolean {
    return performance.now() - this.startedAt >= this.sliceMs;
  }

  /**
   * A pause that lets the event loop run if the current slice is used up, else undefined. Call it
   * after every step as `const pause = slicer.tick(); if (pause) await pause;`: awaiting at every
   * step would make a promise per step, and with async hooks on (AsyncLocalStorage turns them
   * on) each one costs.
   */
  tick(): Promise<void> | undefined {
    if (!this.due) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        this.startedAt = performance.now();
        resolve();
      }),
    );
  }
}
