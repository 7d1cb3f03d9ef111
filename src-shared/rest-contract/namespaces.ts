/** The contract's namespace routes: create, list, describe, exists, drop. */
import { z } from 'zod';
import { ERROR_CODES as E } from '../vocabulary/errors';
import { CreateNamespaceBody, DropNamespaceBody, EmptyBody } from './bodies';
import { EmptyReply, NamePage, Strings } from './replies';
import { restRoute } from './route';

const Properties = z.object({ properties: Strings.optional() }).passthrough();

export const NAMESPACE_ROUTES = {
  createNamespace: restRoute({
    method: 'POST',
    path: '/v1/namespace/:id/create',
    target: 'namespace',
    access: 'admin',
    body: CreateNamespaceBody,
    reply: 'json',
    replySchema: Properties,
    errors: [E.NamespaceAlreadyExists],
  }),
  listNamespaces: restRoute({
    method: 'GET',
    path: '/v1/namespace/:id/list',
    target: 'namespace-listing',
    access: 'read',
    reply: 'json',
    replySchema: NamePage('namespaces', z.string()),
    errors: [],
  }),
  describeNamespace: restRoute({
    method: 'POST',
    path: '/v1/namespace/:id/describe',
    target: 'namespace',
    access: 'read',
    body: EmptyBody,
    reply: 'json',
    replySchema: Properties,
    errors: [],
  }),
  namespaceExists: restRoute({
    method: 'POST',
    path: '/v1/namespace/:id/exists',
    target: 'namespace',
    access: 'read',
    body: EmptyBody,
    reply: 'empty',
    errors: [],
  }),
  dropNamespace: restRoute({
    method: 'POST',
    path: '/v1/namespace/:id/drop',
    target: 'namespace',
    access: 'admin',
    body: DropNamespaceBody,
    reply: 'json',
    replySchema: EmptyReply,
    errors: [E.NamespaceNotEmpty],
  }),
};
