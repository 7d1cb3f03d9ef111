/** Schema evolution routes: add, alter and drop columns, and replace the schema's metadata. */
import { z } from 'zod';
import { ERROR_CODES as E } from '../vocabulary/errors';
import { AddColumnsBody, AlterColumnsBody, DropColumnsBody, SchemaMetadataBody } from './bodies';
import { VersionReply } from './replies';
import { restRoute } from './route';

const SCHEMA_ERRORS = [
  E.TableColumnNotFound,
  E.TableBranchNotFound,
  E.ConcurrentModification,
  E.Unsupported,
];

export const COLUMN_ROUTES = {
  addColumns: restRoute({
    method: 'POST',
    path: '/v1/table/:id/add_columns',
    target: 'table',
    access: 'write',
    body: AddColumnsBody,
    reply: 'json',
    replySchema: VersionReply,
    errors: SCHEMA_ERRORS,
  }),
  alterColumns: restRoute({
    method: 'POST',
    path: '/v1/table/:id/alter_columns',
    target: 'table',
    access: 'write',
    body: AlterColumnsBody,
    reply: 'json',
    replySchema: VersionReply,
    errors: SCHEMA_ERRORS,
  }),
  dropColumns: restRoute({
    method: 'POST',
    path: '/v1/table/:id/drop_columns',
    target: 'table',
    access: 'write',
    body: DropColumnsBody,
    reply: 'json',
    // `dropped_indexes` goes beyond the contract: which indexes went with their columns.
    replySchema: VersionReply.extend({ dropped_indexes: z.array(z.string()).optional() }),
    errors: SCHEMA_ERRORS,
  }),
  updateSchemaMetadata: restRoute({
    method: 'POST',
    path: '/v1/table/:id/schema_metadata/update',
    target: 'table',
    access: 'write',
    // The bare map: a `branch` in it is a metadata key, so the branch is a query parameter.
    body: SchemaMetadataBody,
    reply: 'json',
    replySchema: z.record(z.string(), z.unknown()),
    errors: [E.TableBranchNotFound, E.ConcurrentModification],
  }),
};
