/**
 * What a principal may do: reader < writer < admin, limited to its namespace subtrees.
 */
import { errors } from '../../../src-shared/vocabulary/errors';
import { describeId } from '../../../src-shared/vocabulary/ids';
import type { Principal } from './authenticator';
import {
  ACCESS_RANK,
  inScopeOf,
  ROLE_FOR_ACCESS,
  ROLE_RANK,
  type Access,
} from '../../../src-shared/vocabulary/rights';

export type { Access };

function startsWith(path: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= path.length && prefix.every((part, i) => part === path[i]);
}

/** Whether the path lies inside one of the principal's subtrees. */
export function inScope(principal: Principal, path: readonly string[]): boolean {
  return inScopeOf(principal.namespaces, path);
}

/** Whether the path is an ancestor of a subtree (so listing it may show the way in). */
export function leadsToScope(principal: Principal, path: readonly string[]): boolean {
  return !principal.namespaces || principal.namespaces.some((scope) => startsWith(scope, path));
}

export function authorize(principal: Principal, access: Access, path: readonly string[]): void {
  if (ROLE_RANK[principal.role] < ACCESS_RANK[access]) {
    throw errors.PermissionDenied(
      `${principal.name} has the ${principal.role} role; this operation needs ${ROLE_FOR_ACCESS[access]}`,
    );
  }
  if (!inScope(principal, path)) {
    throw errors.PermissionDenied(`${principal.name} may not access namespace ${describeId(path)}`);
  }
}
