/**
 * `GET /v1/whoami`, an extension of ours beside the contract (as the jobs routes are): who the
 * caller is and what it may do, so that an app can offer only what the server would allow. A
 * server without --auth serves everyone as admin.
 */
import type { FastifyInstance } from 'fastify';
import { REST } from '../../../src-shared/rest-contract';
import { defineRoute } from '../route';
import type { ServerState } from '../server-state';

export function registerWhoamiRoutes(app: FastifyInstance, state: ServerState): void {
  defineRoute(app, state, REST.whoami, async ({ principal, database }) => ({
    name: principal?.name ?? 'anonymous',
    role: principal?.role ?? 'admin',
    namespaces: principal?.namespaces ?? null,
    authenticated: principal !== undefined,
    database,
  }));
}
