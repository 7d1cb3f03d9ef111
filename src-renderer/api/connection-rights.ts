/**
 * What the user may do on a connection, from the rights the host learned when it opened (the
 * shared rule in vocabulary/rights.ts). A connection that may only read offers no change at all;
 * one that may change some things shows the others disabled, with the reason as a tooltip.
 */
import type { Connection } from '../../src-shared/studio-procedures';
import { refusalOf, type Access } from '../../src-shared/vocabulary/rights';

/** Whether anything at all may be changed through this connection. */
export function canChange(connection: Connection): boolean {
  return !connection.readOnly && connection.rights.role !== 'reader';
}

/** Why `access` at `path` would be refused, or undefined when it is allowed. */
export function refusalFor(
  connection: Connection,
  access: Access,
  path: readonly string[],
): string | undefined {
  return refusalOf(connection.rights, access, path);
}

/** The badge beside a connection whose role is less than admin: its words and its reason. */
export function rightsBadge(connection: Connection): { label: string; title: string } | undefined {
  const { rights } = connection;
  if (rights.role === 'admin' && !rights.namespaces) return undefined;
  const label =
    rights.role === 'reader' ? 'read-only' : rights.role === 'writer' ? 'writer' : 'admin, limited';
  const scope = rights.namespaces
    ? ` Limited to ${rights.namespaces.map((n) => n.join('.') || '(root)').join(', ')}.`
    : '';
  return { label, title: `${rights.reason ?? `The ${rights.role} role`}.${scope}` };
}
