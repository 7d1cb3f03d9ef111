/**
 * Which connection the menu's "Serve" means: the one of the table in view, else the first open
 * one that can be served. A remote catalog is already served elsewhere, so it is never one.
 */
import type { Connection } from '../../src-shared/studio-schemas';

export function servable(
  connections: readonly Connection[],
  inView: string | undefined,
): Connection | undefined {
  const candidates = connections.filter((c) => c.kind !== 'remote');
  return candidates.find((c) => c.id === inView) ?? candidates[0];
}
