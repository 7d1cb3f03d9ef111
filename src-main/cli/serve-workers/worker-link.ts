/**
 * The worker's side of its link to the primary. The primary starts each worker as the same
 * `serve` command with the same arguments, naming its role in one environment variable (its
 * number, the socket to listen on, and the public addresses its clients reach), and listens on an
 * IPC channel for "ready".
 */
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { basename, dirname } from 'node:path';

export const WORKER_ENV = 'CATALOG_STUDIO_SERVE_WORKER';

export interface WorkerRole {
  /** 1…N, as the access log and the primary's messages name the worker. */
  id: number;
  /** The Unix socket (a named pipe on Windows) this worker listens on. */
  socket: string;
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

/** Tells the primary that this worker answers on its socket. */
export function announceReady(): void {
  process.send?.({ ready: true });
}

/**
 * Ties this worker's life to the primary's. The IPC channel closes when the primary ends, however
 * it ends (a SIGKILL included, which it cannot pass on): the worker is then ended at once, as the
 * whole service would have been when it was one process, so that nothing goes on serving, holding
 * the catalog's lock or renewing its jobs' leases for a service that is gone. Returns the call
 * that marks a graceful stop under way, after which the channel may close without that.
 */
export function holdToPrimary(role: WorkerRole): () => void {
  let stopping = false;
  process.on('disconnect', () => {
    if (stopping) return;
    // The primary removes its sockets' folder when it stops; one that was killed cannot, so the
    // first of its workers to see it gone does.
    const folder = dirname(role.socket);
    if (process.platform !== 'win32' && basename(folder).startsWith('catalog-studio-'))
      rmSync(folder, { recursive: true, force: true });
    process.kill(process.pid, 'SIGKILL');
  });
  // A Ctrl-C reaches the whole process group: the primary stops the workers in its own order.
  process.on('SIGINT', () => undefined);
  return () => {
    stopping = true;
  };
}
