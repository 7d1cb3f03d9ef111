/**
 * Whether this `serve` should be sent requests, as `GET /readyz` says it: every root answers (one
 * listing of the catalog lock's keys per root, the request a change's lock would start with), the
 * pool's workers are all up, and the service is not stopping. A probe only reads the state kept
 * here, so a load balancer that asks every second costs the store nothing: the store is asked in
 * the background, at most once per `everyMs` per root, and a probe that does not answer within
 * `timeoutMs` counts as a failure.
 *
 * Why not take the lock: that is a write (an epoch key, a release) per probe, and another replica
 * holding it for a change is normal, not a fault. A lock whose holder died is taken over by the
 * next change within its lease; what must hold for that is that the store answers for the lock's
 * keys, which is what is checked.
 */
import { LockEpochs } from '../../catalog/dir/coordination/lock-epochs';
import { openRoot, type OpenedRoot } from '../../catalog/storage/open-root';

export interface ReadinessOptions {
  /** Roots by database name. */
  roots: Map<string, string>;
  storageOptions: Record<string, string>;
  /** Whether the processes that answer are all up; a string says what is missing. */
  pool: () => true | string;
  everyMs?: number;
  timeoutMs?: number;
}

export interface ReadinessState {
  ready: boolean;
  /** Each check: `ok`, or what is wrong. */
  checks: Record<string, string>;
}

export const PROBE_EVERY_MS = 2_000;
const PROBE_TIMEOUT_MS = 1_500;

export class Readiness {
  private stopping = false;
  private readonly stores = new Map<string, string>();
  private readonly opened = new Map<string, OpenedRoot>();
  /** The last store failure logged per root, so a lasting outage is one log line, not one a tick. */
  private readonly lastLogged = new Map<string, string | undefined>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly options: ReadinessOptions) {
    for (const name of options.roots.keys()) this.stores.set(name, 'not checked yet');
  }

  /** Checks now, then every `everyMs`. */
  start(): void {
    this.tick();
    this.timer = setInterval(() => this.tick(), this.options.everyMs ?? PROBE_EVERY_MS);
    this.timer.unref();
  }

  /** From now on not ready, whatever the checks say: the first thing a stop does. */
  markStopping(): void {
    this.stopping = true;
  }

  state(): ReadinessState {
    const checks: Record<string, string> = {};
    for (const [name, result] of this.stores) checks[`store:${name}`] = result;
    const pool = this.options.pool();
    checks['workers'] = pool === true ? 'ok' : pool;
    checks['stopping'] = this.stopping ? 'the service is stopping' : 'ok';
    return { ready: Object.values(checks).every((value) => value === 'ok'), checks };
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
    for (const root of this.opened.values()) root.close();
    this.opened.clear();
  }

  /** One round of checks; a round still running is not doubled. */
  private tick(): void {
    if (this.running) return;
    this.running = Promise.all(
      [...this.options.roots].map(async ([name, root]) => {
        this.stores.set(name, await this.check(root));
      }),
    ).then(() => {
      this.running = undefined;
    });
  }

  private async check(root: string): Promise<string> {
    const timeoutMs = this.options.timeoutMs ?? PROBE_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`the store did not answer in ${timeoutMs} ms`), timeoutMs);
    });
    const probe = (async () => {
      let opened = this.opened.get(root);
      if (!opened) {
        opened = await openRoot(root, {
          storageOptions: this.options.storageOptions,
          storeBoundMs: timeoutMs,
        });
        this.opened.set(root, opened);
      }
      await new LockEpochs(opened.store).newest();
      return 'ok';
    })().catch((error: unknown) => {
      // /readyz answers without credentials: the store's own message (its endpoint, bucket or
      // path) goes to the log, the probe says only what kind of failure it was.
      const { name, code } = error as { name?: string; code?: string };
      const said = (error as Error).message?.split('\n')[0];
      if (said !== this.lastLogged.get(root)) {
        this.lastLogged.set(root, said);
        console.error(`readiness: the store of ${root} failed: ${said}`);
      }
      // The store client giving up at the same bound is the probe's own timeout, said the same way.
      if (/did not answer|timed? ?out/i.test(said ?? '')) {
        return `the store did not answer in ${timeoutMs} ms`;
      }
      return `the store failed (${code ?? name ?? 'error'})`;
    });
    try {
      return await Promise.race([probe, late]);
    } finally {
      clearTimeout(timer);
    }
  }
}
