/**
 * Every route the server registered, with the access level and target `defineRoute` declared for
 * it. Collected from Fastify's onRoute hook rather than from our own list, so a route registered
 * any other way shows up too (without an access level), and tests that walk the table (the auth
 * matrix) cannot miss a new route.
 */
import type { FastifyInstance } from 'fastify';
import type { Access } from './auth/authorize';

import type { Target } from '../../src-shared/rest-contract/route';

export type { Target };

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Absent for a route that did not go through defineRoute. */
  access?: Access;
  target?: Target;
}

export interface RouteConfig {
  access: Access;
  target: Target;
}

const tables = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Starts recording; call before any route is registered. */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  tables.set(app, routes);
  app.addHook('onRoute', (route) => {
    const config = route.config as Partial<RouteConfig> | undefined;
    for (const method of [route.method].flat()) {
      routes.push({
        method,
        url: route.url,
        ...(config?.access ? { access: config.access } : {}),
        ...(config?.target ? { target: config.target } : {}),
      });
    }
  });
}

export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return tables.get(app) ?? [];
}
