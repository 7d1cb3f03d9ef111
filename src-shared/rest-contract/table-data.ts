/**
 * Table data routes: count, insert, merge-insert, update, delete, query, explain and analyze.
 * Insert and merge-insert take an Arrow IPC stream, their options in the query string; query
 * answers Arrow (a stream or a file, by the Accept header).
 */
import { z } from 'zod';
import { ERROR_CODES as E } from '../vocabulary/errors';
import {
  Common,
  CountRowsBody,
  DeleteBody,
  ExplainPlanBody,
  QueryTableBody,
  UpdateTableBody,
} from './bodies';
import { VersionReply } from './replies';
import { restRoute } from './route';

const WRITE_ERRORS = [
  E.TableBranchNotFound,
  E.TableSchemaValidationError,
  E.ConcurrentModification,
  E.InvalidTableState,
];
const READ_ERRORS = [E.TableVersionNotFound, E.TableBranchNotFound, E.TableColumnNotFound];

export const TABLE_DATA_ROUTES = {
  countTableRows: restRoute({
    method: ['GET', 'POST'],
    path: '/v1/table/:id/count_rows',
    target: 'table',
    access: 'read',
    body: CountRowsBody,
    reply: 'json',
    replySchema: z.number(),
    errors: READ_ERRORS,
  }),
  insertIntoTable: restRoute({
    method: 'POST',
    path: '/v1/table/:id/insert',
    target: 'table',
    access: 'write',
    arrowBody: true,
    reply: 'json',
    replySchema: VersionReply.extend({ num_inserted_rows: z.number() }),
    errors: WRITE_ERRORS,
  }),
  mergeInsertIntoTable: restRoute({
    method: 'POST',
    path: '/v1/table/:id/merge_insert',
    target: 'table',
    access: 'write',
    arrowBody: true,
    reply: 'json',
    replySchema: VersionReply.extend({
      num_inserted_rows: z.number(),
      num_updated_rows: z.number(),
      num_deleted_rows: z.number(),
    }),
    errors: WRITE_ERRORS,
  }),
  updateTable: restRoute({
    method: 'POST',
    path: '/v1/table/:id/update',
    target: 'table',
    access: 'write',
    body: UpdateTableBody,
    reply: 'json',
    // The contract names it updated_rows; LanceDB's remote client reads rows_updated.
    replySchema: VersionReply.extend({ updated_rows: z.number(), rows_updated: z.number() }),
    errors: [...WRITE_ERRORS, E.TableColumnNotFound],
  }),
  deleteFromTable: restRoute({
    method: 'POST',
    path: '/v1/table/:id/delete',
    target: 'table',
    access: 'write',
    body: DeleteBody,
    reply: 'json',
    replySchema: VersionReply.extend({ num_deleted_rows: z.number().optional() }),
    errors: [...WRITE_ERRORS, E.TableColumnNotFound],
  }),
  queryTable: restRoute({
    method: 'POST',
    path: '/v1/table/:id/query',
    target: 'table',
    access: 'read',
    body: QueryTableBody,
    reply: 'arrow',
    errors: [...READ_ERRORS, E.TableIndexNotFound],
  }),
  explainTableQueryPlan: restRoute({
    method: 'POST',
    path: '/v1/table/:id/explain_plan',
    target: 'table',
    access: 'read',
    body: ExplainPlanBody,
    reply: 'json',
    replySchema: z.string(),
    errors: READ_ERRORS,
  }),
  analyzeTableQueryPlan: restRoute({
    method: 'POST',
    path: '/v1/table/:id/analyze_plan',
    target: 'table',
    access: 'read',
    body: Common,
    reply: 'json',
    replySchema: z.string(),
    errors: READ_ERRORS,
  }),
};
