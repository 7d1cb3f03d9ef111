/**
 * Word that a namespace was dropped, for whatever a feature keeps per table outside the query
 * cache (the grid's pending changes): the namespace's dialog says it, the keeper listens, and
 * neither feature imports the other.
 */
type Listener = (connectionId: string, path: readonly string[]) => void;

const listeners = new Set<Listener>();

export function onNamespaceDropped(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The namespace and everything in it, at every depth, are gone. */
export function announceNamespaceDropped(connectionId: string, path: readonly string[]): void {
  for (const listener of listeners) listener(connectionId, path);
}
