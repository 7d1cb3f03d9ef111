/**
 * One table's metadata routes: create (from an Arrow stream, also as the specification's
 * enterprise shape `POST /v1/tables/{table_name}`), describe, exists, drop, rename, restore,
 * and this server's compact, cleanup, fragments and stats; the listings; declare, register and
 * deregister.
 */
import { z } from 'zod';
import { ERROR_CODES as E } from '../vocabulary/errors';
import {
  BranchBody,
  CleanupBody,
  DeclareTableBody,
  DescribeTableBody,
  DescribeVersionBody,
  EmptyBody,
  RegisterTableBody,
  RenameTableBody,
  RestoreTableBody,
  TableExistsBody,
} from './bodies';
import { EmptyReply, Strings, TableIdPage, VersionReply } from './replies';
import { restRoute } from './route';

const Created = z
  .object({ location: z.string(), version: z.number(), properties: Strings })
  .passthrough();
const Described = z
  .object({
    table: z.string(),
    namespace: z.array(z.string()),
    version: z.number().optional(),
    location: z.string(),
    table_uri: z.string().optional(),
    schema: z.unknown().optional(),
    stats: z.object({ num_deleted_rows: z.number(), num_fragments: z.number() }).optional(),
    properties: Strings.optional(),
    is_only_declared: z.boolean().optional(),
  })
  .passthrough();
const Located = z
  .object({ id: z.array(z.string()).optional(), location: z.string() })
  .passthrough();

export const TABLE_ROUTES = {
  createTableByName: restRoute({
    method: 'POST',
    path: '/v1/tables/:table_name',
    target: 'catalog',
    access: 'write',
    arrowBody: true,
    reply: 'json',
    replySchema: Created,
    errors: [E.TableAlreadyExists],
  }),
  createTable: restRoute({
    method: 'POST',
    path: '/v1/table/:id/create',
    target: 'table',
    access: 'write',
    arrowBody: true,
    reply: 'json',
    replySchema: Created,
    errors: [E.TableAlreadyExists],
  }),
  describeTable: restRoute({
    method: 'POST',
    path: '/v1/table/:id/describe',
    target: 'table',
    access: 'read',
    body: DescribeTableBody,
    reply: 'json',
    replySchema: Described,
    errors: [E.TableVersionNotFound, E.TableTagNotFound, E.TableBranchNotFound],
  }),
  tableExists: restRoute({
    method: 'POST',
    path: '/v1/table/:id/exists',
    target: 'table',
    access: 'read',
    body: TableExistsBody,
    reply: 'empty',
    errors: [E.TableVersionNotFound, E.TableBranchNotFound],
  }),
  dropTable: restRoute({
    method: 'POST',
    path: '/v1/table/:id/drop',
    target: 'table',
    access: 'admin',
    body: EmptyBody,
    reply: 'json',
    replySchema: Located,
    errors: [],
  }),
  renameTable: restRoute({
    method: 'POST',
    path: '/v1/table/:id/rename',
    target: 'table',
    access: 'admin',
    body: RenameTableBody,
    reply: 'json',
    replySchema: EmptyReply,
    errors: [E.TableAlreadyExists],
  }),
  restoreTable: restRoute({
    method: 'POST',
    path: '/v1/table/:id/restore',
    target: 'table',
    access: 'write',
    body: RestoreTableBody,
    reply: 'json',
    replySchema: VersionReply,
    errors: [E.TableVersionNotFound, E.TableBranchNotFound, E.ConcurrentModification],
  }),
  compactTable: restRoute({
    method: 'POST',
    path: '/v1/table/:id/compact',
    target: 'table',
    access: 'write',
    body: BranchBody,
    reply: 'json',
    replySchema: VersionReply.extend({
      fragments_removed: z.number(),
      fragments_added: z.number(),
    }),
    errors: [E.TableBranchNotFound, E.ConcurrentModification],
  }),
  cleanupTable: restRoute({
    method: 'POST',
    path: '/v1/table/:id/cleanup',
    target: 'table',
    access: 'write',
    body: CleanupBody,
    reply: 'json',
    replySchema: VersionReply.extend({
      versions_removed: z.number(),
      bytes_removed: z.number(),
      cutoff_millis: z.number(),
      kept_because: z.unknown().optional(),
    }),
    errors: [E.TableBranchNotFound],
  }),
  tableFragments: restRoute({
    method: 'POST',
    path: '/v1/table/:id/fragments',
    target: 'table',
    access: 'read',
    body: DescribeVersionBody,
    reply: 'json',
    replySchema: z
      .object({
        fragments: z.number(),
        physical_rows: z.number(),
        deleted_rows: z.number(),
        histogram: z.unknown(),
        version_bytes: z
          .object({ latest: z.number(), only_tagged: z.number(), only_old: z.number() })
          .optional(),
      })
      .passthrough(),
    errors: [E.TableVersionNotFound, E.TableBranchNotFound],
  }),
  tableStats: restRoute({
    method: ['GET', 'POST'],
    path: '/v1/table/:id/stats',
    target: 'table',
    access: 'read',
    body: BranchBody,
    reply: 'json',
    replySchema: z
      .object({
        total_bytes: z.number(),
        num_rows: z.number(),
        num_indices: z.number(),
        fragment_stats: z.object({
          num_fragments: z.number(),
          num_small_fragments: z.number(),
          lengths: z.unknown(),
        }),
      })
      .passthrough(),
    errors: [E.TableBranchNotFound],
  }),

  // ---- listings ----
  listTables: restRoute({
    method: 'GET',
    path: '/v1/namespace/:id/table/list',
    target: 'namespace',
    access: 'read',
    reply: 'json',
    replySchema: TableIdPage,
    errors: [],
  }),
  listRootTables: restRoute({
    method: 'GET',
    path: '/v1/table',
    target: 'catalog',
    access: 'read',
    reply: 'json',
    replySchema: TableIdPage,
    errors: [],
  }),
  listAllTables: restRoute({
    method: 'GET',
    path: '/v1/tables',
    target: 'catalog',
    access: 'read',
    reply: 'json',
    replySchema: TableIdPage,
    errors: [],
  }),

  // ---- declare, register, deregister ----
  declareTable: restRoute({
    method: 'POST',
    path: '/v1/table/:id/declare',
    aliases: ['/v1/table/:id/create-empty', '/v1/table/:id/create_empty'],
    target: 'table',
    access: 'write',
    body: DeclareTableBody,
    reply: 'json',
    replySchema: z
      .object({ location: z.string(), properties: Strings, managed_versioning: z.boolean() })
      .passthrough(),
    errors: [E.TableAlreadyExists],
  }),
  registerTable: restRoute({
    method: 'POST',
    path: '/v1/table/:id/register',
    target: 'table',
    access: 'admin',
    body: RegisterTableBody,
    reply: 'json',
    replySchema: z.object({ location: z.string(), properties: Strings }).passthrough(),
    errors: [E.TableAlreadyExists],
  }),
  deregisterTable: restRoute({
    method: 'POST',
    path: '/v1/table/:id/deregister',
    target: 'table',
    access: 'admin',
    body: EmptyBody,
    reply: 'json',
    replySchema: Located,
    errors: [],
  }),
};
