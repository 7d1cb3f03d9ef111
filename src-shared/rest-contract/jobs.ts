/**
 * This server's job routes (LanceDB's job handle polls describe). A job outside the caller's scope
 * answers "not found" (TransactionNotFound, the contract's code for an unknown job).
 */
import { z } from 'zod';
import { ERROR_CODES as E } from '../vocabulary/errors';
import { Common, JobIdBody } from './bodies';
import { JobReply } from './replies';
import { restRoute } from './route';

export const JOB_ROUTES = {
  listJobs: restRoute({
    method: ['GET', 'POST'],
    path: '/v1/jobs/list',
    target: 'catalog',
    access: 'read',
    body: Common,
    reply: 'json',
    replySchema: z.object({ jobs: z.array(JobReply) }).passthrough(),
    errors: [],
  }),
  describeJob: restRoute({
    method: 'POST',
    path: '/v1/jobs/describe',
    target: 'catalog',
    access: 'read',
    body: JobIdBody,
    reply: 'json',
    replySchema: JobReply,
    errors: [E.TransactionNotFound],
  }),
  cancelJob: restRoute({
    method: 'POST',
    path: '/v1/jobs/cancel',
    target: 'catalog',
    access: 'write',
    body: JobIdBody,
    reply: 'json',
    replySchema: JobReply,
    errors: [E.TransactionNotFound],
  }),
};
