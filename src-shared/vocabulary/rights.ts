/**
 * What a connection may do, and the one rule that decides it, shared by the server's access check
 * and the app, which disables what the user may not do instead of letting them fill in a form
 * only to be refused. Roles rank reader < writer < admin; a principal may be limited to namespace
 * subtrees. Creating and dropping namespaces, and dropping, renaming or registering tables, need
 * admin; creating tables and indexes and changing rows need writer.
 */
export type Role = 'reader' | 'writer' | 'admin';
export type Access = 'read' | 'write' | 'admin';

export interface Rights {
  role: Role;
  /** Namespace subtrees the connection is limited to; absent for the whole catalog. */
  namespaces?: string[][];
  /** How the rights were learned. */
  source: 'server' | 'files' | 'chosen' | 'assumed';
  /** Why the role is what it is, when it is less than admin (a tooltip's words). */
  reason?: string;
}

export const ROLE_RANK: Record<Role, number> = { reader: 0, writer: 1, admin: 2 };
export const ACCESS_RANK: Record<Access, number> = { read: 0, write: 1, admin: 2 };
export const ROLE_FOR_ACCESS: Record<Access, Role> = {
  read: 'reader',
  write: 'writer',
  admin: 'admin',
};

export const FULL_RIGHTS: Rights = { role: 'admin', source: 'assumed' };

function startsWith(path: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= path.length && prefix.every((part, i) => part === path[i]);
}

export function inScopeOf(namespaces: string[][] | undefined, path: readonly string[]): boolean {
  return !namespaces || namespaces.some((scope) => startsWith(path, scope));
}

/** Undefined when `access` at `path` is allowed; else why not, in words for a tooltip. */
export function refusalOf(
  rights: Rights,
  access: Access,
  path: readonly string[],
): string | undefined {
  if (ROLE_RANK[rights.role] < ACCESS_RANK[access]) {
    const needs = ROLE_FOR_ACCESS[access];
    return rights.reason
      ? `${rights.reason}; this needs the ${needs} role`
      : `This connection has the ${rights.role} role; this needs ${needs}`;
  }
  if (!inScopeOf(rights.namespaces, path)) {
    return `This connection may change only ${rights.namespaces!.map((n) => n.join('.') || '(root)').join(', ')}`;
  }
  return undefined;
}
