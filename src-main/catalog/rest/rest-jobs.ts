/**
 * Jobs of a remote catalog. A server with `/v1/jobs/*` (ours) is asked directly; for one without
 * them, an index build's progress is read the contract's way, from `index/list` and
 * `index/{name}/stats`, until no row is left unindexed. Events come from polling jobs this client
 * has seen, while someone listens.
 */
import { REST, routeRequest } from '../../../src-shared/rest-contract';
import type { JobEvent, JobRecord } from '../../../src-shared/catalog-api';
import { ERROR_CODES, errors, isCatalogError } from '../../../src-shared/vocabulary/errors';
import { isTerminal } from '../jobs/job-states';
import type { RestRequest, RestResponse, RestTransport } from './rest-transport';

const POLL_MS = 250;
const WAIT_LIMIT_MS = 6 * 60 * 60 * 1000;

const STATE_BY_NAME: Record<string, JobRecord['state']> = {
  queued: 'queued',
  running: 'running',
  in_progress: 'running',
  succeeded: 'succeeded',
  done: 'succeeded',
  finished: 'succeeded',
  failed: 'failed',
  timed_out: 'failed',
  cancelled: 'cancelled',
  canceled: 'cancelled',
};

interface ServerJob {
  job_id: string;
  job_type?: string;
  job_state?: string;
  state?: string;
  phase?: string;
  creation_ms?: number;
  created_at_millis?: number;
  started_at_millis?: number;
  ended_at_millis?: number;
  spec?: Partial<JobRecord['target']>;
  progress?: JobRecord['progress'];
  estimate_ms?: number;
  failure?: { message?: string; code?: number };
}

export function jobFromServer(job: ServerJob, fallbackTarget?: JobRecord['target']): JobRecord {
  const state = STATE_BY_NAME[(job.state ?? job.job_state ?? '').toLowerCase()] ?? 'running';
  const target = {
    namespacePath: [],
    table: '',
    ...fallbackTarget,
    ...job.spec,
  } as JobRecord['target'];
  return {
    id: job.job_id,
    kind: job.job_type === 'import' ? 'import' : 'create_index',
    target,
    state,
    phase: job.phase ?? (state === 'succeeded' ? 'done' : state),
    progress: job.progress ?? {},
    createdAt: job.created_at_millis ?? job.creation_ms ?? Date.now(),
    ...(job.started_at_millis ? { startedAt: job.started_at_millis } : {}),
    ...(job.ended_at_millis ? { endedAt: job.ended_at_millis } : {}),
    ...(job.estimate_ms === undefined ? {} : { estimateMs: job.estimate_ms }),
    ...(state === 'failed'
      ? {
          error: {
            code: job.failure?.code ?? ERROR_CODES.Internal,
            name: 'JobFailed',
            message: job.failure?.message ?? 'The job failed',
          },
        }
      : {}),
  };
}

export class RestJobs {
  private readonly known = new Map<string, JobRecord>();
  private readonly listeners = new Set<(event: JobEvent) => void>();
  private timer: NodeJS.Timeout | undefined;
  /** Undefined until the first jobs call tells whether the server has `/v1/jobs`. */
  private serverHasJobs: boolean | undefined;

  /** Requests go through the session that owns this tracker, with its headers and identity. */
  constructor(
    private readonly transport: RestTransport,
    private readonly send: (request: RestRequest) => Promise<RestResponse> = (request) =>
      transport.send(request),
  ) {}

  /** Records a job this client started, so that it can be followed and waited for. */
  track(job: JobRecord): JobRecord {
    this.known.set(job.id, job);
    this.schedule();
    return job;
  }

  async list(): Promise<JobRecord[]> {
    const reply = await this.send({
      ...routeRequest(REST.listJobs, { delimiter: this.transport.settings.delimiter }),
      json: {},
      notFound: ERROR_CODES.Unsupported,
    });
    const jobs = reply.json<{ jobs?: ServerJob[] }>().jobs ?? [];
    return jobs.map((job) => jobFromServer(job, this.known.get(job.job_id)?.target));
  }

  async get(id: string): Promise<JobRecord> {
    const known = this.known.get(id);
    if (this.serverHasJobs !== false) {
      try {
        const reply = await this.send({
          ...routeRequest(REST.describeJob, { delimiter: this.transport.settings.delimiter }),
          json: { job_id: id },
          notFound: ERROR_CODES.TransactionNotFound,
        });
        this.serverHasJobs = true;
        return this.remember(jobFromServer(reply.json<ServerJob>(), known?.target));
      } catch (error) {
        // A server without job routes answers "no route" (code 0); fall back to index stats.
        if (!(isCatalogError(error) && error.code === ERROR_CODES.Unsupported) || !known)
          throw error;
        this.serverHasJobs = false;
      }
    }
    if (!known) throw errors.TransactionNotFound(`Job ${JSON.stringify(id)} was not found`);
    return this.remember(await this.fromIndexStats(known));
  }

  async cancel(id: string): Promise<JobRecord> {
    await this.send({
      ...routeRequest(REST.cancelJob, { delimiter: this.transport.settings.delimiter }),
      json: { job_id: id },
      notFound: ERROR_CODES.TransactionNotFound,
    });
    return this.get(id);
  }

  async wait(id: string, timeoutMs = WAIT_LIMIT_MS): Promise<JobRecord> {
    let delay = 50;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = await this.get(id);
      if (isTerminal(job.state)) return job;
      // Without job routes a failed build never shows up in index stats; do not wait forever.
      if (Date.now() > deadline) {
        throw errors.ServiceUnavailable(
          `Job ${id} did not finish within ${Math.round(timeoutMs / 60000)} minutes`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(1000, delay * 2);
    }
  }

  on(listener: (event: JobEvent) => void): () => void {
    this.listeners.add(listener);
    this.schedule();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0 && this.timer) {
        clearTimeout(this.timer);
        this.timer = undefined;
      }
    };
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.listeners.clear();
  }

  private remember(job: JobRecord): JobRecord {
    const before = this.known.get(job.id);
    this.known.set(job.id, job);
    if (before && JSON.stringify(before) !== JSON.stringify(job)) {
      this.emit({ type: isTerminal(job.state) ? 'jobs:finished' : 'jobs:progress', job });
    }
    return job;
  }

  private emit(event: JobEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  private schedule(): void {
    if (this.timer || this.listeners.size === 0) return;
    const pending = [...this.known.values()].filter((job) => !isTerminal(job.state));
    if (pending.length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void Promise.all(pending.map((job) => this.get(job.id).catch(() => undefined))).then(() =>
        this.schedule(),
      );
    }, POLL_MS);
  }

  /** The contract's own progress signal: the index appears, then its unindexed rows reach 0. */
  private async fromIndexStats(job: JobRecord): Promise<JobRecord> {
    const { namespacePath, table, index } = job.target;
    try {
      const reply = await this.send({
        ...routeRequest(REST.describeTableIndexStats, {
          id: [...namespacePath, table],
          name: index ?? '',
          delimiter: this.transport.settings.delimiter,
        }),
        json: {},
        notFound: ERROR_CODES.TableIndexNotFound,
      });
      const stats = reply.json<{ num_indexed_rows?: number; num_unindexed_rows?: number }>();
      const done = stats.num_unindexed_rows === 0;
      return {
        ...job,
        state: done ? 'succeeded' : 'running',
        phase: done ? 'done' : 'building',
        progress: {
          ...job.progress,
          numIndexedRows: stats.num_indexed_rows ?? 0,
          numUnindexedRows: stats.num_unindexed_rows ?? 0,
          ...(done ? { fraction: 1 } : {}),
        },
        ...(done ? { endedAt: Date.now() } : {}),
      };
    } catch (error) {
      if (isCatalogError(error) && error.code === ERROR_CODES.TableIndexNotFound)
        return { ...job, state: 'running', phase: 'building' };
      throw error;
    }
  }
}
