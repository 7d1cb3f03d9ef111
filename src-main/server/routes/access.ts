/**
 * The admin routes for principals, API keys and the audit trail (src-shared/rest-contract/
 * access.ts). They need an admin whose reach is the whole catalog: an admin limited to some
 * namespaces or databases could otherwise hand out a key wider than its own.
 */
import type { FastifyInstance } from 'fastify';
import { REST } from '../../../src-shared/rest-contract';
import { errors } from '../../../src-shared/vocabulary/errors';
import type { Principal } from '../auth/authenticator';
import { defineRoute } from '../route';
import type { ServerState } from '../server-state';

function keyStoreOf(state: ServerState, principal: Principal | undefined) {
  const store = state.options.keyStore;
  if (!store || !principal) {
    throw errors.Unsupported(
      'Principals are managed through the API only when serve runs with --auth',
    );
  }
  if (principal.namespaces || principal.databases) {
    throw errors.PermissionDenied(
      `${principal.name} is an admin of part of the catalog; managing principals needs an admin of all of it`,
    );
  }
  return store;
}

export function registerAccessRoutes(app: FastifyInstance, state: ServerState): void {
  defineRoute(app, state, REST.listPrincipals, async ({ principal }) => ({
    principals: await keyStoreOf(state, principal).list(),
  }));

  defineRoute(app, state, REST.createPrincipal, async ({ principal, body, request }) => {
    const store = keyStoreOf(state, principal);
    request.auditTarget = body.name;
    return store.createPrincipal(
      {
        name: body.name,
        role: body.role,
        namespaces: body.namespaces ?? null,
        expiresAt: body.expires_at ?? null,
      },
      principal!.name,
    );
  });

  defineRoute(app, state, REST.updatePrincipal, async ({ principal, body, request }) => {
    const store = keyStoreOf(state, principal);
    request.auditTarget = body.name;
    return {
      principal: await store.updatePrincipal(
        {
          name: body.name,
          ...(body.role ? { role: body.role } : {}),
          ...(body.namespaces !== undefined ? { namespaces: body.namespaces } : {}),
        },
        principal!.name,
      ),
    };
  });

  defineRoute(app, state, REST.revokePrincipal, async ({ principal, body, request }) => {
    const store = keyStoreOf(state, principal);
    request.auditTarget = body.name;
    return { principal: await store.revokePrincipal(body.name, principal!.name) };
  });

  defineRoute(app, state, REST.createKey, async ({ principal, body, request }) => {
    const store = keyStoreOf(state, principal);
    request.auditTarget = body.principal;
    return { key: await store.createKey(body.principal, body.expires_at ?? null, principal!.name) };
  });

  defineRoute(app, state, REST.revokeKey, async ({ principal, body, request }) => {
    const store = keyStoreOf(state, principal);
    request.auditTarget = body.key_id;
    return { principal: await store.revokeKey(body.key_id, principal!.name) };
  });

  defineRoute(app, state, REST.listAudit, async ({ principal, body, query }) => {
    // Without --auth everyone is admin (loopback only); with it, the whole catalog's admin.
    if (principal) keyStoreOf(state, principal);
    const audit = state.options.audit;
    if (!audit) throw errors.Unsupported('This server keeps no audit trail');
    const number = (value: unknown) =>
      typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined;
    const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
    // GET takes the filter as query parameters, POST as the body.
    return {
      entries: await audit.query({
        principal: body.principal ?? text(query.principal),
        action: body.action ?? text(query.action),
        target: body.target ?? text(query.target),
        since: body.since ?? number(query.since),
        until: body.until ?? number(query.until),
        limit: body.limit ?? Math.min(number(query.limit) ?? 1000, 10_000),
      }),
    };
  });
}
