/**
 * An optional record of every hold of the catalog lock, one JSON line per hold, appended to the
 * file named by `CATALOG_STUDIO_LOCK_TRACE`. Several processes may append to one file. It exists to
 * debug histories the linearizability test rejects: replaying the holds in epoch order shows
 * whether two ever overlapped, and which change ran in which. The same record goes to listeners
 * in this process (`serve`'s metrics count holds and takeovers), which the engine knows nothing of.
 */
import { appendFileSync } from 'node:fs';

export interface LockHold {
  epoch: number;
  pid: number;
  intent: unknown;
  /** Wall-clock times, comparable across processes on one machine. */
  acquiredAt: number;
  endedAt: number;
  outcome: 'released' | 'failed' | 'lost';
  tookOver: boolean;
}

const listeners = new Set<(hold: LockHold) => void>();

/** Calls `listener` after every hold of any catalog lock in this process; returns the unsubscribe. */
export function onLockHold(listener: (hold: LockHold) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function traceHold(hold: LockHold): void {
  for (const listener of listeners) listener(hold);
  const file = process.env['CATALOG_STUDIO_LOCK_TRACE'];
  if (!file) return;
  try {
    appendFileSync(file, `${JSON.stringify(hold)}\n`);
  } catch {
    // A trace is a debugging aid; failing to write it must not fail the change.
  }
}
