/**
 * The primary's workers: it starts them (the first, then the others once it is ready), hands each
 * client connection to the one holding the fewest, and starts a dead one again (restart-policy.ts
 * says when), writing one line to stderr that says which worker died, how, and that it is started
 * again.
 *
 * Each worker is this same `serve` command with the same arguments, forked with an IPC channel
 * (worker-link.ts is its side of it). Its stdout goes to the primary's stderr: the primary's
 * stdout carries the listening line, which nothing may come before.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allocatorEnv } from './allocator-env';
import type { ClosedMessage } from './connection-intake';
import { HandedConnections, type Orphan } from './handed-connections';
import { RestartPolicy } from './restart-policy';
import { WORKER_ENV, type StopMessage, type WorkerRole } from './worker-link';

export interface Worker {
  readonly id: number;
  /** Where this worker's connection records are (connection-states.ts); one file per worker. */
  readonly stateFile: string;
  pid: number | undefined;
  ready: boolean;
}

interface Slot extends Worker {
  child: ChildProcess | undefined;
  /** The connections the current process holds. */
  handed: HandedConnections | undefined;
  startedAt: number;
  policy: RestartPolicy;
  restart: NodeJS.Timeout | undefined;
  /** Resolves once the current process has ended and its connections are settled. */
  exited: Promise<void>;
  markExited: () => void;
}

export interface WorkerPoolOptions {
  count: number;
  /** The `serve` arguments as given: each worker reads them as the primary did. */
  argv: string[];
  /** A worker stopped that will not start again; the service must stop. */
  onGiveUp(reason: string): void;
  /** A connection a worker could not be handed (its channel failed): to be routed again. */
  onUnhanded(socket: Socket): void;
  /** A worker process ended holding these connections (`stopping`: the service is stopping). */
  onOrphans(worker: number, orphans: Orphan[], stopping: boolean): void;
  /** Whether every worker is ready may have changed. */
  onChange(): void;
  /** Any other message a worker sends (its asks of the primary). */
  onMessage(child: ChildProcess, message: unknown): void;
}

export class WorkerPool {
  private readonly slots: Slot[];
  /** Owner-only (mkdtemp's 0700): the workers' connection records. */
  private readonly dir: string;
  private addresses: AddressInfo[] = [];
  private stopping = false;
  /** The first start, until the first worker is ready. */
  private starting: { resolve(): void; reject(error: Error): void } | undefined;

  constructor(private readonly options: WorkerPoolOptions) {
    this.dir = mkdtempSync(join(tmpdir(), 'catalog-studio-'));
    this.slots = Array.from({ length: options.count }, (_, i) => ({
      id: i + 1,
      stateFile: join(this.dir, `w${i + 1}.state`),
      handed: undefined,
      pid: undefined,
      ready: false,
      child: undefined,
      startedAt: 0,
      policy: new RestartPolicy(),
      restart: undefined,
      exited: Promise.resolve(),
      markExited: () => undefined,
    }));
  }

  /**
   * Starts the first worker, and the others once it is ready; resolves then, so that the service
   * answers as soon as one worker can (on two cores, starting them all at once made the first
   * wait for the others' CPU: 2.5–2.7× one process's start, against 1.3× this way). Whether all
   * are up is `allReady()`, which `/readyz` says. The first worker ending before it is ready fails
   * the start (the same cause would stop every other): rejects with why. One of the others that
   * does is restarted as after any death, and its restart policy ends the service if it keeps
   * failing.
   */
  start(addresses: AddressInfo[]): Promise<void> {
    this.addresses = addresses;
    return new Promise((resolve, reject) => {
      this.starting = {
        resolve: () => {
          resolve();
          for (const slot of this.slots.slice(1)) if (!this.stopping) this.spawn(slot);
        },
        reject,
      };
      this.spawn(this.slots[0]!);
    });
  }

  /** True once every worker is ready; otherwise which are not. */
  allReady(): true | string {
    const waiting = this.slots.filter((slot) => !slot.ready).map((slot) => slot.id);
    if (waiting.length === 0) return true;
    return `worker${waiting.length > 1 ? 's' : ''} ${waiting.join(', ')} not ready (starting or restarting)`;
  }

  /** The processes of the ready workers, for asks over their IPC channel (metrics). */
  readyProcesses(): ChildProcess[] {
    return this.slots.flatMap((slot) => (slot.ready && slot.child ? [slot.child] : []));
  }

  /**
   * Hands `socket` to the ready worker holding the fewest connections; false when none is ready.
   * Ties go to the lowest-numbered worker rather than round: under light load one worker stays
   * warm (its JIT, its caches, its table handles), which halved the latency a second process added
   * when the primary still relayed requests (test/bench/serve-workers.ts); under load the counts
   * differ and spread the clients anyway.
   * A client's keep-alive connection stays with its worker, as with Node's cluster.
   */
  hand(socket: Socket): boolean {
    let best: Slot | undefined;
    for (const slot of this.slots)
      if (slot.ready && slot.handed && (!best || slot.handed.size < best.handed!.size)) best = slot;
    if (!best) return false;
    best.handed!.hand(socket);
    return true;
  }

  /**
   * Stops every worker, on which each closes its connections gently, finishes their requests
   * within the stop timeout and closes its catalogs (one still starting finishes its start
   * first). The word goes over the IPC channel, behind every connection handed to it before, so
   * that none arrives after the worker's close (SIGTERM if the channel is gone). One that has not
   * ended `killAfterMs` later is killed.
   */
  async stop(killAfterMs: number): Promise<void> {
    this.stopping = true;
    for (const slot of this.slots) {
      clearTimeout(slot.restart);
      slot.ready = false;
      const child = slot.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) continue;
      if (!child.connected) child.kill('SIGTERM');
      else
        child.send({ stop: true } satisfies StopMessage, (error) => {
          if (error) child.kill('SIGTERM');
        });
    }
    this.options.onChange();
    const kill = setTimeout(() => {
      for (const slot of this.slots) slot.child?.kill('SIGKILL');
    }, killAfterMs);
    await Promise.all(this.slots.map((slot) => slot.exited));
    clearTimeout(kill);
    rmSync(this.dir, { recursive: true, force: true });
  }

  private spawn(slot: Slot): void {
    // Emptied for the new process (the dead one's records were read when it died).
    writeFileSync(slot.stateFile, '', { mode: 0o600 });
    const role: WorkerRole = { id: slot.id, stateFile: slot.stateFile, addresses: this.addresses };
    const child = fork(workerEntry(), ['serve', ...this.options.argv], {
      env: { ...process.env, ...allocatorEnv(process.env), [WORKER_ENV]: JSON.stringify(role) },
      stdio: ['ignore', 2, 2, 'ipc'],
    });
    slot.child = child;
    slot.pid = child.pid;
    slot.startedAt = performance.now();
    const handed = new HandedConnections(child, slot.stateFile, (socket) =>
      this.options.onUnhanded(socket),
    );
    slot.handed = handed;
    slot.exited = new Promise((resolve) => (slot.markExited = resolve));
    // A channel that closed takes no more connections, whether or not the process has ended yet.
    child.once('disconnect', () => {
      if (slot.child === child) slot.ready = false;
    });
    child.on('message', (message: { ready?: boolean } & Partial<ClosedMessage>) => {
      if (typeof message?.connectionClosed === 'number') {
        handed.closed(message.connectionClosed);
        return;
      }
      if (!message?.ready) {
        this.options.onMessage(child, message);
        return;
      }
      if (this.stopping || slot.child !== child) return;
      slot.ready = true;
      this.options.onChange();
      if (this.starting) {
        const starting = this.starting;
        this.starting = undefined;
        starting.resolve();
      }
    });
    // A fork that cannot even start is reported as an error, and 'exit' may not follow. 'close'
    // comes after 'exit' once the IPC channel is drained too: every connection the worker said it
    // closed has been let go of before its others are settled as orphans.
    child.once('error', (error) => this.died(slot, child, `could not start (${error.message})`));
    child.once('close', (code, signal) =>
      this.died(slot, child, signal ? `was killed by ${signal}` : `exited with code ${code}`),
    );
  }

  private died(slot: Slot, child: ChildProcess, how: string): void {
    if (slot.child !== child) return; // reported already ('error' and then 'exit')
    slot.child = undefined;
    const wasReady = slot.ready;
    slot.ready = false;
    // Its clients' connections are not gone with it: the primary still holds each one, and says
    // on it what the client is owed.
    const orphans = slot.handed?.orphans() ?? [];
    slot.handed = undefined;
    this.options.onOrphans(slot.id, orphans, this.stopping);
    this.options.onChange();
    slot.markExited();
    if (this.stopping) return;
    if (this.starting && !wasReady) {
      this.starting.reject(new Error(`worker ${slot.id} ${how} before it was ready`));
      this.starting = undefined;
      return;
    }
    const verdict = slot.policy.onDeath({
      livedMs: performance.now() - slot.startedAt,
      wasReady,
    });
    const who = `worker ${slot.id} (pid ${child.pid ?? '?'})`;
    if ('giveUp' in verdict) {
      process.stderr.write(`serve: ${who} ${how}; ${verdict.giveUp}, so the service stops\n`);
      this.options.onGiveUp(`worker ${slot.id} ${how}; ${verdict.giveUp}`);
      return;
    }
    const when = verdict.restartInMs > 0 ? ` in ${(verdict.restartInMs / 1000).toFixed(2)} s` : '';
    process.stderr.write(`serve: ${who} ${how}; restarting it${when}\n`);
    slot.restart = setTimeout(() => {
      if (!this.stopping) this.spawn(slot);
    }, verdict.restartInMs);
  }
}

/**
 * The command line's compiled entry, dist/cli/cli.mjs, which sits beside this module's compiled
 * chunk; run from the sources (the benchmarks' tsx), the script this process was started with.
 * Not bin/catalog-studio.mjs: a worker started again after an edit must not rebuild the command
 * line under the running primary.
 */
function workerEntry(): string {
  const beside = fileURLToPath(new URL('./cli.mjs', import.meta.url));
  return existsSync(beside) ? beside : process.argv[1]!;
}
