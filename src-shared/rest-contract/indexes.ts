/**
 * Index routes: create (any kind, or scalar and full-text only), list, stats and drop. A create
 * answers a job id at once; the index is built by the catalog's job runner.
 */
import { z } from 'zod';
import { ERROR_CODES as E } from '../vocabulary/errors';
import { BranchBody, Common, ListIndicesBody } from './bodies';
import { EmptyReply } from './replies';
import { restRoute } from './route';

const IndexJob = z
  .object({ transaction_id: z.string(), job_id: z.string(), index_name: z.string().optional() })
  .passthrough();
const CREATE_ERRORS = [E.TableColumnNotFound, E.TableIndexAlreadyExists, E.TableBranchNotFound];
const IndexStatus = z.enum(['SUCCEEDED', 'BUILDING']);

/** Both create routes: a write on the table, a JSON body, a job id answered at once. */
const CREATE_INDEX = {
  method: 'POST',
  target: 'table',
  access: 'write',
  body: Common,
  reply: 'json',
  replySchema: IndexJob,
  errors: CREATE_ERRORS,
} as const;

export const INDEX_ROUTES = {
  // The create body's fields are read by the server's toIndexRequest, which names the bad one.
  createTableIndex: restRoute({ ...CREATE_INDEX, path: '/v1/table/:id/create_index' }),
  // The same body; vector index types are refused (create_index builds those).
  createTableScalarIndex: restRoute({ ...CREATE_INDEX, path: '/v1/table/:id/create_scalar_index' }),
  listTableIndices: restRoute({
    method: 'POST',
    path: '/v1/table/:id/index/list',
    target: 'table',
    access: 'read',
    body: ListIndicesBody,
    reply: 'json',
    replySchema: z
      .object({
        indexes: z.array(
          z
            .object({
              index_name: z.string(),
              index_uuid: z.string(),
              columns: z.array(z.string()),
              status: IndexStatus,
              index_type: z.string(),
            })
            .passthrough(),
        ),
        page_token: z.string().optional(),
      })
      .passthrough(),
    errors: [E.TableVersionNotFound, E.TableBranchNotFound],
  }),
  describeTableIndexStats: restRoute({
    method: ['GET', 'POST'],
    path: '/v1/table/:id/index/:name/stats',
    target: 'table',
    access: 'read',
    body: BranchBody,
    reply: 'json',
    replySchema: z
      .object({
        index_type: z.string(),
        status: IndexStatus,
        num_indexed_rows: z.number(),
        num_unindexed_rows: z.number(),
      })
      .passthrough(),
    errors: [E.TableIndexNotFound, E.TableBranchNotFound],
  }),
  dropTableIndex: restRoute({
    method: 'POST',
    path: '/v1/table/:id/index/:name/drop',
    target: 'table',
    access: 'write',
    body: BranchBody,
    reply: 'json',
    replySchema: EmptyReply,
    errors: [E.TableIndexNotFound, E.TableBranchNotFound, E.ConcurrentModification],
  }),
};
