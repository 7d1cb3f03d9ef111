/** The Keys and Audit views: a remote catalog's principals, keys and audit trail (remote-admin.ts). */
import { REST } from '../../../src-shared/rest-contract';
import type { AuditEntry, NewKey, PrincipalInfo } from '../../../src-shared/rest-contract/access';
import { adminSettings, callAdminRoute } from '../remote-admin';
import type { HandlersFor, HostContext } from './context';

type Names =
  | 'access:principals'
  | 'access:create-principal'
  | 'access:update-principal'
  | 'access:revoke-principal'
  | 'access:create-key'
  | 'access:revoke-key'
  | 'access:audit';

export function accessProcedures(ctx: HostContext): HandlersFor<Names> {
  const call = async (connectionId: string, route: { path: string }, body: object) =>
    callAdminRoute(adminSettings(ctx.connections.get(connectionId)), route, { ...body });
  return {
    'access:principals': async ({ connectionId }) =>
      ((await call(connectionId, REST.listPrincipals, {})) as { principals: PrincipalInfo[] })
        .principals,
    'access:create-principal': async ({ connectionId, ...body }) =>
      (await call(connectionId, REST.createPrincipal, body)) as {
        principal: PrincipalInfo;
        key: NewKey;
      },
    'access:update-principal': async ({ connectionId, ...body }) =>
      ((await call(connectionId, REST.updatePrincipal, body)) as { principal: PrincipalInfo })
        .principal,
    'access:revoke-principal': async ({ connectionId, ...body }) =>
      ((await call(connectionId, REST.revokePrincipal, body)) as { principal: PrincipalInfo })
        .principal,
    'access:create-key': async ({ connectionId, ...body }) =>
      ((await call(connectionId, REST.createKey, body)) as { key: NewKey }).key,
    'access:revoke-key': async ({ connectionId, ...body }) =>
      ((await call(connectionId, REST.revokeKey, body)) as { principal: PrincipalInfo }).principal,
    'access:audit': async ({ connectionId, ...body }) =>
      ((await call(connectionId, REST.listAudit, body)) as { entries: AuditEntry[] }).entries,
  };
}
