/**
 * Records a route's call in the audit trail (audit-log.ts) once it is answered, when it writes or
 * is an admin action: who (the authenticated principal, `anonymous` without --auth), the
 * contract's name of the route, its target, and the result, refusals included (a reader's
 * attempt to drop a table is recorded as PermissionDenied). Requests refused at the edge, before
 * a route handled them (no credentials, too many in flight), are not: they name nobody. Reads are
 * not recorded, nor are the admin routes that only read.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REST } from '../../../src-shared/rest-contract';
import type { RestRoute } from '../../../src-shared/rest-contract/route';
import { errorNameOf } from '../../../src-shared/vocabulary/errors';
import type { ServerState } from '../server-state';

const NAMES = new Map<RestRoute, string>(
  Object.entries(REST).map(([name, route]) => [route as RestRoute, name]),
);
const READS = new Set(['listPrincipals', 'listAudit']);

/** Whether a call of `route` is ever recorded: only writes and admin actions, with an audit trail. */
export function isAudited(state: ServerState, route: RestRoute): boolean {
  return (
    state.options.audit !== undefined &&
    route.access !== 'read' &&
    !READS.has(NAMES.get(route) ?? route.path)
  );
}

/** Records a call once it is answered; `defineRoute` hooks it only on audited routes (`isAudited`). */
export function auditRoute(
  state: ServerState,
  route: RestRoute,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const audit = state.options.audit;
  // The handler sets the target first thing: unset, the edge answered instead.
  if (!audit || request.auditTarget === undefined) return;
  const action = NAMES.get(route) ?? route.path;
  audit.record({
    time: Date.now(),
    principal: request.principalName ?? 'anonymous',
    action,
    target: request.auditTarget,
    result: request.errorCode === undefined ? 'ok' : errorNameOf(request.errorCode),
    status: reply.statusCode,
    database: request.databaseName ?? '',
    request_id: String(request.id),
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** What a write or an admin action was about: a table, a namespace, a principal, a key. */
    auditTarget?: string;
  }
}
