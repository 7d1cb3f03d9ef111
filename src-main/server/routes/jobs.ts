/** Jobs routes for LanceDB's job handle: list, describe and cancel. */
import type { FastifyInstance } from 'fastify';
import type { CatalogClient } from '../../catalog/client';
import type { JobRecord } from '../../../src-shared/catalog-api';
import { errors } from '../../../src-shared/vocabulary/errors';
import { REST } from '../../../src-shared/rest-contract';
import { defineRoute } from '../route';
import type { ServerState } from '../server-state';

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

/** A job outside the caller's scope is "not found", so that its existence is not confirmed. */
async function jobInScope(
  catalog: CatalogClient,
  id: string,
  tablesVisibleIn: (path: readonly string[]) => boolean,
) {
  const job = await catalog.getJob(id);
  if (!tablesVisibleIn(job.target.namespacePath))
    throw errors.TransactionNotFound(`Job ${JSON.stringify(id)} was not found`);
  return job;
}

export function registerJobRoutes(app: FastifyInstance, state: ServerState): void {
  defineRoute(app, state, REST.listJobs, async ({ catalog, tablesVisibleIn }) => ({
    jobs: (await catalog.listJobs())
      .filter((j) => tablesVisibleIn(j.target.namespacePath))
      .map(jobJson),
    page_token: null,
  }));

  defineRoute(app, state, REST.describeJob, async ({ catalog, body, tablesVisibleIn }) =>
    jobJson(await jobInScope(catalog, body.job_id, tablesVisibleIn)),
  );

  defineRoute(app, state, REST.cancelJob, async ({ catalog, body, tablesVisibleIn }) => {
    await jobInScope(catalog, body.job_id, tablesVisibleIn);
    return jobJson(await catalog.cancelJob(body.job_id));
  });
}
