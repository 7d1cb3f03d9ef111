/**
 * Which served database a request is for: the `x-lancedb-database` header (with an optional
 * prefix header), or the one database when only one is served, or the default.
 */
import type { FastifyRequest } from 'fastify';
import type { CatalogClient } from '../catalog/client';
import { errors } from '../../src-shared/vocabulary/errors';
import type { ServerState } from './server-state';

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
