/**
 * One way to declare a route: its access level, where its target namespace comes from, how its
 * body is read and validated, and a handler that sees only decoded, authorised input. Every route
 * of the server goes through `defineRoute`, so authentication, database selection, identifier
 * decoding and the error body are the same everywhere.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { Table as ArrowTable } from 'apache-arrow';
import type { z } from 'zod';
import type { CatalogClient, TableHandle } from '../catalog/client';
import { errors } from '../../src-shared/vocabulary/errors';
import { arrow as apacheArrow } from '../catalog/arrow';
import { describeZodError } from '../catalog/parse-options';
import type { TableId } from '../../src-shared/vocabulary/ids';
import type { Principal } from './auth/authenticator';
import { authorize, inScope, leadsToScope, type Access } from './auth/authorize';
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
import type { RouteConfig, Target } from './route-table';

/** How a route names what it touches, for scope checks. */

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

export interface RouteDefinition<S extends z.ZodType | undefined> {
  method: HTTPMethods | HTTPMethods[];
  url: string | string[];
  access: Access;
  target: Target;
  /** JSON body schema; absent bodies, `{}` and `null` are treated alike. */
  body?: S;
  /** The body is an Arrow IPC stream. */
  arrowBody?: boolean;
  handler: (ctx: RouteContext<S extends z.ZodType ? z.infer<S> : undefined>) => Promise<unknown>;
}

/** What `arrow` is for routes without an Arrow body: no columns, no rows. */
const NO_ARROW_BODY = new apacheArrow.Table();

const DATABASE_HEADERS = ['x-lancedb-database', 'x-svc-database'];
const PREFIX_HEADERS = ['x-lancedb-database-prefix', 'x-svc-database-prefix'];

function header(request: FastifyRequest, names: string[]): string | undefined {
  for (const name of names) {
    const value = request.headers[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

export function selectDatabase(
  state: ServerState,
  request: FastifyRequest,
): { name: string; catalog: CatalogClient } {
  const named = header(request, DATABASE_HEADERS);
  const prefix = header(request, PREFIX_HEADERS);
  // With a prefix, `name/prefix` may name its own database; otherwise the prefix is ignored.
  const candidates = [named && prefix ? `${named}/${prefix}` : undefined, named].filter(
    Boolean,
  ) as string[];
  for (const name of candidates) {
    const catalog = state.options.databases.get(name);
    if (catalog) return { name, catalog };
  }
  if (named) {
    // One database and no choice to make: any name selects it, as with a single-database deployment.
    if (state.options.databases.size === 1) {
      const [name, catalog] = [...state.options.databases][0]!;
      return { name, catalog };
    }
    throw errors.NamespaceNotFound(`Database ${JSON.stringify(named)} is not served here`);
  }
  const fallback =
    state.options.defaultDatabase ??
    (state.options.databases.size === 1 ? [...state.options.databases.keys()][0] : undefined);
  const catalog = fallback === undefined ? undefined : state.options.databases.get(fallback);
  if (!catalog || fallback === undefined) {
    throw errors.InvalidInput(
      `Several databases are served; name one with x-lancedb-database (${[...state.options.databases.keys()].join(', ')})`,
    );
  }
  return { name: fallback, catalog };
}

export function defineRoute<S extends z.ZodType | undefined>(
  app: FastifyInstance,
  state: ServerState,
  definition: RouteDefinition<S>,
): void {
  const urls = Array.isArray(definition.url) ? definition.url : [definition.url];
  for (const url of urls) {
    app.route({
      method: definition.method,
      url,
      config: { access: definition.access, target: definition.target } satisfies RouteConfig,
      // Limits the body while it streams, once decoded (http/body-stream.ts).
      bodyLimit: definition.arrowBody ? state.limits.arrow : state.limits.json,
      handler: async (request, reply) => {
        const params = request.params as { id?: string };
        const query = request.query as Record<string, string | string[] | undefined>;
        const delimiter = delimiterOf(query);
        const rawBody = request.body;
        let body: unknown = undefined;
        // An Arrow body is decoded further down, once the caller may write it.
        if (definition.body && !definition.arrowBody) {
          // A body the edge read for its identity was parsed there: the route gets that value.
          const value = request.identityBody
            ? request.identityBody.parsed
            : rawBody instanceof Uint8Array
              ? parseJsonBytes(rawBody)
              : rawBody;
          const parsed = definition.body.safeParse(
            value === undefined || value === null ? {} : value,
          );
          if (!parsed.success)
            throw errors.InvalidInput(`Invalid request body: ${describeZodError(parsed.error)}`);
          body = parsed.data;
        }

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

        const result = await definition.handler({
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

function parseJsonBytes(bytes: Uint8Array): unknown {
  if (bytes.byteLength === 0) return undefined;
  const text = Buffer.from(bytes).toString('utf8').trim();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw errors.InvalidInput('The request body is not valid JSON');
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    principalName?: string;
    databaseName?: string;
  }
}
