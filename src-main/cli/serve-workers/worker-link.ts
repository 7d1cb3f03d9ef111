/**
 * The worker's side of its link to the primary. The primary starts each worker as the same
 * `serve` command with the same arguments, naming its role in one environment variable (its
 * number, the file of its connection records, and the public addresses its clients reach), and
 * listens on an IPC channel for "ready"; the same channel brings the clients' connections
 * (connection-intake.ts).
 */
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { basename, dirname } from 'node:path';

export const WORKER_ENV = 'CATALOG_STUDIO_SERVE_WORKER';

export interface WorkerRole {
  /** 1…N, as the access log and the primary's messages name the worker. */
  id: number;
  /** Where this worker keeps its connection records for the primary (connection-states.ts). */
  stateFile: string;
  /** Where the primary listens: the browser guard checks Host and Origin against these. */
  addresses: AddressInfo[];
}

/** This process's worker role, or undefined when it was not started by a primary. */
export function workerRole(): WorkerRole | undefined {
  const raw = process.env[WORKER_ENV];
  if (!raw || !process.send) return undefined;
  // Not passed on to anything this worker starts itself.
  delete process.env[WORKER_ENV];
  return JSON.parse(raw) as WorkerRole;
}

/** Tells the primary that this worker can take connections. */
export function announceReady(): void {
  process.send?.({ ready: true });
}

/** The primary's word to stop, sent behind every connection it handed before. */
export interface StopMessage {
  stop: true;
}

export interface PrimaryHold {
  /** Marks a graceful stop under way, after which the channel may close without that. */
  stopping(): void;
  /**
   * Resolves on the primary's word to stop (or a SIGTERM), whenever it came. A worker still
   * opening its catalogs when the service stops finishes opening them before it stops: killed
   * half-way, it could leave the catalog's lock held, and a request on another worker would wait
   * out its lease.
   */
  terminated: Promise<void>;
}

/**
 * Ties this worker's life to the primary's. The IPC channel closes when the primary ends, however
 * it ends (a SIGKILL included, which it cannot pass on): the worker is then ended at once, as the
 * whole service would have been when it was one process, so that nothing goes on serving, holding
 * the catalog's lock or renewing its jobs' leases for a service that is gone.
 */
export function holdToPrimary(role: WorkerRole): PrimaryHold {
  let stopping = false;
  process.on('disconnect', () => {
    if (stopping) return;
    // The primary removes its workers' folder when it stops; one that was killed cannot, so the
    // first of its workers to see it gone does.
    const folder = dirname(role.stateFile);
    if (basename(folder).startsWith('catalog-studio-'))
      rmSync(folder, { recursive: true, force: true });
    process.kill(process.pid, 'SIGKILL');
  });
  // A Ctrl-C reaches the whole process group: the primary stops the workers in its own order.
  process.on('SIGINT', () => undefined);
  const terminated = new Promise<void>((resolve) => {
    process.once('SIGTERM', () => resolve());
    process.on('message', (message: Partial<StopMessage>) => {
      if (message?.stop === true) resolve();
    });
  });
  return {
    stopping: () => {
      stopping = true;
    },
    terminated,
  };
}
