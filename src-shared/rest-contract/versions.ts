/**
 * A table's history: versions (list, describe, and the external-manifest create and delete),
 * tags and branches.
 */
import { z } from 'zod';
import { ERROR_CODES as E } from '../vocabulary/errors';
import {
  BranchBody,
  CreateBranchBody,
  CreateVersionBody,
  DeleteVersionsBody,
  DescribeVersionBody,
  EmptyBody,
  NamedBody,
  TagBody,
} from './bodies';
import { EmptyReply, VersionReply, WireVersion } from './replies';
import { restRoute } from './route';

const TAG_ERRORS = [E.TableTagNotFound, E.TableVersionNotFound, E.TableBranchNotFound];

export const VERSION_ROUTES = {
  listTableVersions: restRoute({
    method: ['GET', 'POST'],
    path: '/v1/table/:id/version/list',
    target: 'table',
    access: 'read',
    body: BranchBody,
    reply: 'json',
    replySchema: z
      .object({ versions: z.array(WireVersion), page_token: z.string().optional() })
      .passthrough(),
    errors: [E.TableBranchNotFound],
  }),
  describeTableVersion: restRoute({
    method: 'POST',
    path: '/v1/table/:id/version/describe',
    target: 'table',
    access: 'read',
    body: DescribeVersionBody,
    reply: 'json',
    replySchema: z.object({ version: WireVersion }).passthrough(),
    errors: [E.TableVersionNotFound, E.TableBranchNotFound],
  }),
  createTableVersion: restRoute({
    method: 'POST',
    path: '/v1/table/:id/version/create',
    target: 'table',
    access: 'write',
    body: CreateVersionBody,
    reply: 'json',
    replySchema: z.object({ version: WireVersion }).passthrough(),
    errors: [E.TableBranchNotFound, E.ConcurrentModification],
  }),
  deleteTableVersions: restRoute({
    method: 'POST',
    path: '/v1/table/:id/version/delete',
    target: 'table',
    access: 'write',
    body: DeleteVersionsBody,
    reply: 'json',
    replySchema: z.object({ deleted_count: z.number() }).passthrough(),
    errors: [E.TableBranchNotFound],
  }),

  // ---- tags ----
  listTableTags: restRoute({
    method: ['GET', 'POST'],
    path: '/v1/table/:id/tags/list',
    target: 'table',
    access: 'read',
    body: EmptyBody,
    reply: 'json',
    // LanceDB's remote client reads the bare map; the contract wraps it in `tags`.
    replySchema: z.record(z.string(), z.unknown()),
    errors: [],
  }),
  getTableTagVersion: restRoute({
    method: 'POST',
    path: '/v1/table/:id/tags/version',
    target: 'table',
    access: 'read',
    body: TagBody,
    reply: 'json',
    replySchema: VersionReply,
    errors: [E.TableTagNotFound],
  }),
  createTableTag: restRoute({
    method: 'POST',
    path: '/v1/table/:id/tags/create',
    target: 'table',
    access: 'write',
    body: TagBody,
    reply: 'json',
    replySchema: EmptyReply,
    errors: [...TAG_ERRORS, E.TableTagAlreadyExists],
  }),
  updateTableTag: restRoute({
    method: 'POST',
    path: '/v1/table/:id/tags/update',
    target: 'table',
    access: 'write',
    body: TagBody,
    reply: 'json',
    replySchema: EmptyReply,
    errors: TAG_ERRORS,
  }),
  deleteTableTag: restRoute({
    method: 'POST',
    path: '/v1/table/:id/tags/delete',
    target: 'table',
    access: 'write',
    body: TagBody,
    reply: 'json',
    replySchema: EmptyReply,
    errors: [E.TableTagNotFound],
  }),

  // ---- branches ----
  listTableBranches: restRoute({
    method: 'POST',
    path: '/v1/table/:id/branches/list',
    target: 'table',
    access: 'read',
    body: EmptyBody,
    reply: 'json',
    replySchema: z.object({ branches: z.record(z.string(), z.unknown()) }).passthrough(),
    errors: [],
  }),
  createTableBranch: restRoute({
    method: 'POST',
    path: '/v1/table/:id/branches/create',
    target: 'table',
    access: 'write',
    body: CreateBranchBody,
    reply: 'json',
    replySchema: EmptyReply,
    errors: [E.TableBranchAlreadyExists, E.TableBranchNotFound, E.TableVersionNotFound],
  }),
  deleteTableBranch: restRoute({
    method: 'POST',
    path: '/v1/table/:id/branches/delete',
    target: 'table',
    access: 'write',
    body: NamedBody,
    reply: 'json',
    replySchema: EmptyReply,
    errors: [E.TableBranchNotFound],
  }),
};
