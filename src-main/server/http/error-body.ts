/**
 * The error body every failing response carries: the specification's problem-details fields and
 * the fields LanceDB's clients read (`code` decides the error kind for the lance REST client;
 * `error` is the short message).
 */
import {
  errorNameOf,
  errors,
  httpStatusOf,
  isCatalogError,
  problemOf,
  type CatalogError,
} from '../../../src-shared/vocabulary/errors';

export interface ErrorBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  code: number;
  error: string;
}

/** Statuses only the edge answers with, which the catalog's problem table does not name. */
const EDGE_PROBLEMS: Record<number, { type: string; title: string }> = {
  408: { type: '/errors/request-timeout', title: 'Request timeout' },
  415: { type: '/errors/unsupported-media-type', title: 'Unsupported content encoding' },
};

export function errorBody(
  error: CatalogError,
  instance: string,
  status = httpStatusOf(error.code),
): ErrorBody {
  const problem = EDGE_PROBLEMS[status] ?? problemOf(status);
  return {
    type: problem.type,
    title: problem.title,
    status,
    detail: error.message,
    instance,
    code: error.code,
    error: `${errorNameOf(error.code)}: ${error.message}`,
  };
}

/**
 * The Retry-After of a 503: the error's own hint when it has one (a store that is unreachable
 * asks for longer than one that throttles; see catalog/storage/store-failure.ts), else the
 * server's.
 */
export function retryAfterOf(error: CatalogError, fallback: string | number): string {
  const hint = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  return typeof hint === 'number' && hint > 0 ? String(Math.ceil(hint)) : String(fallback);
}

/** Anything thrown inside a route, as a CatalogError; unknown failures become Internal. */
export function asCatalogError(error: unknown): CatalogError {
  if (isCatalogError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  return errors.Internal(message || 'Internal error', { cause: error });
}
