/**
 * What one row of the REST contract says about a route: how it is called (method, path template,
 * how its `{id}` is read), what it takes and answers (zod schemas), which errors it may answer
 * with and what access it needs. The server registers its routes from these rows
 * (src-main/server/route.ts) and the `rest` client builds its URLs from them
 * (src-main/catalog/rest/), so a route's shape is written once.
 *
 * No Node imports here: src-shared is bundled by the renderer too.
 */
import type { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../vocabulary/errors';
import { encodeIdSegment } from '../vocabulary/ids';
import type { Access } from '../vocabulary/rights';

export type RestMethod = 'GET' | 'POST';

/**
 * What a route acts on, which decides how its `:id` is read and its scope checked: a namespace's
 * path, a table's full id, or a table's id followed by a version (`transaction`, scoped as the
 * table). `namespace-listing` is a namespace whose listing a scoped principal may see when it
 * leads into their scope; `catalog` routes name no namespace (jobs, whoami, the root listings).
 */
export type Target = 'namespace' | 'namespace-listing' | 'table' | 'transaction' | 'catalog';

/** What a route answers with: JSON, Arrow IPC bytes, or an empty 200. */
export type ReplyKind = 'json' | 'arrow' | 'empty';

export interface RestRoute<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: RestMethod | readonly RestMethod[];
  /** Fastify's template: `:id` is the encoded id (encodeIdSegment), `:name` an index's name. */
  path: string;
  /** Other paths the same route answers on (older or other clients' spellings). */
  aliases?: readonly string[];
  target: Target;
  access: Access;
  /** JSON body; absent bodies, `{}` and `null` are treated alike. Undefined: the body is not read. */
  body?: B;
  /** The body is an Arrow IPC stream. */
  arrowBody?: boolean;
  reply: ReplyKind;
  /** The JSON reply's shape (documentation and the client's types; the server does not check it). */
  replySchema?: R;
  /** Errors this route may answer with beyond those every route of its target may (ROUTE_ERRORS). */
  errors: readonly ErrorCode[];
}

const E = ERROR_CODES;
const ANY_ROUTE = [
  E.InvalidInput,
  E.Unauthenticated,
  E.PermissionDenied,
  E.ServiceUnavailable,
  E.Internal,
] as const;

/** The errors every route of a target may answer with: bad input, auth, and a missing parent. */
export const ROUTE_ERRORS: Record<Target, readonly ErrorCode[]> = {
  catalog: ANY_ROUTE,
  namespace: [...ANY_ROUTE, E.NamespaceNotFound],
  'namespace-listing': [...ANY_ROUTE, E.NamespaceNotFound],
  table: [...ANY_ROUTE, E.NamespaceNotFound, E.TableNotFound],
  transaction: [...ANY_ROUTE, E.NamespaceNotFound, E.TableNotFound, E.TransactionNotFound],
};

/** Declares a row with its schemas' types kept (for the server's handlers and the client's replies). */
export function restRoute<B extends z.ZodType | undefined, R extends z.ZodType | undefined>(
  route: RestRoute<B, R>,
): RestRoute<B, R> {
  return route;
}

export interface PathParams {
  /** The namespace path, or the table's full id (a transaction's: the table's id and the version). */
  id?: readonly string[];
  /** An index's name. */
  name?: string;
  delimiter: string;
}

/** The route's URL path for these ids, as the client sends it. */
export function routePath(route: Pick<RestRoute, 'path'>, params: PathParams): string {
  return route.path.replace(/:(id|name|table_name)\b/g, (_, key: string) => {
    if (key === 'id') return encodeIdSegment([...(params.id ?? [])], params.delimiter);
    if (key === 'name') return encodeURIComponent(params.name ?? '');
    throw new Error(`routePath: ${route.path} takes :${key}, which the client does not send`);
  });
}

/** The methods a route answers, as a list. */
export function methodsOf(route: Pick<RestRoute, 'method'>): RestMethod[] {
  return typeof route.method === 'string' ? [route.method] : [...route.method];
}

/**
 * How the client calls a route: its path for these ids, and its method. A route that answers
 * both GET and POST is sent as POST, the form that carries a body.
 */
export function routeRequest(
  route: Pick<RestRoute, 'path' | 'method'>,
  params: PathParams,
): { method: RestMethod; path: string } {
  const methods = methodsOf(route);
  return {
    method: methods.includes('POST') ? 'POST' : methods[0]!,
    path: routePath(route, params),
  };
}
