/** Jobs routes for LanceDB's job handle: list, describe and cancel. */
import type { FastifyInstance } from 'fastify';
import type { JobRecord } from '../../catalog/contract';
import { defineRoute } from '../route';
import type { ServerState } from '../server-state';
import { Common, JobIdBody } from './schemas';

const STATE_NAMES: Record<JobRecord['state'], string> = {
  queued: 'IN_PROGRESS',
  running: 'IN_PROGRESS',
  succeeded: 'DONE',
  failed: 'FAILED',
  cancelled: 'CANCELLED',
};

/** A job as LanceDB's job handle reads it (`job_state`), with the catalog's detail alongside. */
export function jobJson(job: JobRecord) {
  return {
    job_id: job.id,
    job_type: job.kind,
    job_state: STATE_NAMES[job.state],
    state: job.state,
    phase: job.phase,
    creation_ms: job.createdAt,
    table: [...job.target.namespacePath, job.target.table].join('$'),
    created_at_millis: job.createdAt,
    ...(job.startedAt ? { started_at_millis: job.startedAt } : {}),
    ...(job.endedAt ? { ended_at_millis: job.endedAt } : {}),
    spec: job.target,
    progress: job.progress,
    ...(job.estimateMs === undefined ? {} : { estimate_ms: job.estimateMs }),
    ...(job.error
      ? {
          failure: {
            phase: job.phase,
            message: job.error.message,
            retryable: false,
            code: job.error.code,
          },
        }
      : {}),
  };
}

export function registerJobRoutes(app: FastifyInstance, state: ServerState): void {
  defineRoute(app, state, {
    method: ['GET', 'POST'],
    url: '/v1/jobs/list',
    access: 'read',
    target: 'catalog',
    body: Common,
    handler: async ({ catalog, visible }) => ({
      jobs: (await catalog.listJobs()).filter((j) => visible(j.target.namespacePath)).map(jobJson),
      page_token: null,
    }),
  });

  defineRoute(app, state, {
    method: 'POST',
    url: '/v1/jobs/describe',
    access: 'read',
    target: 'catalog',
    body: JobIdBody,
    handler: async ({ catalog, body }) => jobJson(await catalog.getJob(body.job_id)),
  });

  defineRoute(app, state, {
    method: 'POST',
    url: '/v1/jobs/cancel',
    access: 'write',
    target: 'catalog',
    body: JobIdBody,
    handler: async ({ catalog, body }) => jobJson(await catalog.cancelJob(body.job_id)),
  });
}
