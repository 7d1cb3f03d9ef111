/**
 * One way to serve a route of the REST contract (src-shared/rest-contract/): its row gives the
 * method, paths, access, target and body schema; the route's own file gives only the handler,
 * which sees decoded, authorised input. Every route of the server goes through `defineRoute`, so
 * authentication, scope, database selection, identifier decoding and the error body are the same
 * everywhere.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Table as ArrowTable } from 'apache-arrow';
import type { z } from 'zod';
import type { CatalogClient, TableHandle } from '../catalog/client';
import { errors } from '../../src-shared/vocabulary/errors';
import { arrow as apacheArrow } from '../catalog/arrow';
import type { TableId } from '../../src-shared/vocabulary/ids';
import type { RestRoute } from '../../src-shared/rest-contract/route';
import type { Principal } from './auth/authenticator';
import { authorize, inScope, leadsToScope } from './auth/authorize';
import {
  checkBodyId,
  delimiterOf,
  namespaceParts,
  tableParts,
  transactionParts,
} from './http/request-id';
import { authenticatedPrincipal } from './http/credentials';
import { readArrowBody } from './http/arrow-body';
import type { ServerState } from './server-state';
import { selectDatabase } from './select-database';
import { readJsonBody } from './http/json-body';
import type { RouteConfig } from './route-table';
import { auditRoute, isAudited } from './access/audit-hook';
import { describeId } from '../../src-shared/vocabulary/ids';

export interface RouteContext<B> {
  request: FastifyRequest;
  reply: FastifyReply;
  catalog: CatalogClient;
  database: string;
  principal: Principal | undefined;
  delimiter: string;
  /** Decoded `{id}`: the namespace path, or the table's full id. */
  parts: string[];
  table: TableId;
  body: B;
  /** The Arrow body as a table (http/arrow-body.ts), for routes whose body is a stream. */
  arrow: ArrowTable;
  query: Record<string, string | string[] | undefined>;
  /** The route's table (`table` routes), on `branch` when one is named. */
  openTable: (branch?: string) => Promise<TableHandle>;

  /** For namespace listings: whether a namespace may be shown (it is in scope or leads there). */
  visible: (path: readonly string[]) => boolean;
  /** Whether the tables of a namespace may be shown: only inside the principal's scope. */
  tablesVisibleIn: (path: readonly string[]) => boolean;
}

/** A reply the route writes itself (Arrow bytes or a stream of them, an empty body, a custom status). */
export class RawReply {
  constructor(
    readonly status: number,
    readonly body: Uint8Array | string | Readable | undefined,
    readonly contentType?: string,
  ) {}
}

/** What a route does with its decoded, authorised input; its shape comes from the contract row. */
export type RouteHandler<B extends z.ZodType | undefined> = (
  ctx: RouteContext<B extends z.ZodType ? z.infer<B> : undefined>,
) => Promise<unknown>;

/** What `arrow` is for routes without an Arrow body: no columns, no rows. */
const NO_ARROW_BODY = new apacheArrow.Table();

export function defineRoute<B extends z.ZodType | undefined>(
  app: FastifyInstance,
  state: ServerState,
  definition: RestRoute<B>,
  handler: RouteHandler<B>,
): void {
  for (const url of [definition.path, ...(definition.aliases ?? [])]) {
    app.route({
      method: typeof definition.method === 'string' ? definition.method : [...definition.method],
      url,
      config: { access: definition.access, target: definition.target } satisfies RouteConfig,
      // Limits the body while it streams, once decoded (http/body-stream.ts).
      bodyLimit: definition.arrowBody ? state.limits.arrow : state.limits.json,
      // Writes and admin actions, refused ones included, go to the audit trail once answered.
      // Other routes have no hook at all: a hook, even one that returns at once, costs each call.
      ...(isAudited(state, definition)
        ? {
            onResponse: (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
              auditRoute(state, definition, request, reply);
              done();
            },
          }
        : {}),
      handler: async (request, reply) => {
        request.auditTarget = request.url.split('?')[0]!;
        const params = request.params as { id?: string };
        const query = request.query as Record<string, string | string[] | undefined>;
        const delimiter = delimiterOf(query);
        const rawBody = request.body;
        // An Arrow body is decoded further down, once the caller may write it.
        const body = definition.arrowBody ? undefined : readJsonBody(definition.body, request);

        let parts: string[] = [];
        let table: TableId = { namespacePath: [], name: '' };
        let targetPath: string[] = [];
        if (definition.target === 'transaction' && params.id !== undefined) {
          table = transactionParts(params.id, delimiter, body).table;
          parts = [...table.namespacePath, table.name];
          targetPath = table.namespacePath;
        } else if (params.id !== undefined) {
          if (definition.target === 'table') {
            table = tableParts(params.id, delimiter);
            parts = [...table.namespacePath, table.name];
            targetPath = table.namespacePath;
          } else {
            parts = namespaceParts(params.id, delimiter);
            targetPath = parts;
          }
          checkBodyId(body, parts);
        }
        request.auditTarget = describeId(parts);

        let principal: Principal | undefined;
        if (state.options.authenticator) {
          principal = authenticatedPrincipal(request);
          if (definition.target === 'namespace-listing' || definition.target === 'catalog') {
            authorize({ ...principal, namespaces: undefined }, definition.access, []);
            if (definition.target === 'namespace-listing' && !leadsToScope(principal, targetPath)) {
              authorize(principal, definition.access, targetPath);
            }
          } else {
            authorize(principal, definition.access, targetPath);
          }
          request.principalName = principal.name;
        }
        if (state.options.readOnly && definition.access !== 'read') {
          throw errors.PermissionDenied('This catalog is served read-only; nothing was changed');
        }
        const { name: database, catalog } = selectDatabase(state, request);
        request.databaseName = database;
        const arrow = definition.arrowBody
          ? await readArrowBody(rawBody, state.limits.arrow)
          : NO_ARROW_BODY;

        const result = await handler({
          request,
          reply,
          catalog,
          database,
          principal,
          delimiter,
          parts,
          table,
          body: body as never,
          arrow,
          query,
          openTable: (branch) =>
            catalog.openTable(table.name, table.namespacePath, branch ? { branch } : {}),

          tablesVisibleIn: (path) => !principal || inScope(principal, path),
          visible: (path) =>
            !principal || inScope(principal, path) || leadsToScope(principal, path),
        });
        if (result instanceof RawReply) {
          reply.code(result.status);
          if (result.contentType) reply.type(result.contentType);
          const body = result.body;
          // Wrap Arrow bytes without copying them; they can be hundreds of megabytes.
          return reply.send(
            body === undefined
              ? ''
              : typeof body === 'string' || body instanceof Readable
                ? body
                : Buffer.from(body.buffer, body.byteOffset, body.byteLength),
          );
        }
        return reply
          .code(200)
          .type('application/json')
          .send(JSON.stringify(result ?? {}));
      },
    });
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    principalName?: string;
    databaseName?: string;
  }
}
