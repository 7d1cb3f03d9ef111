/**
 * Every request the catalog's own object-store client sends (one per attempt's series: a request
 * with its retries is one), told to listeners in this process once it ends, with its kind, how
 * long it took and whether it succeeded. `serve`'s metrics listen; the engine knows nothing of
 * them. LanceDB's requests (table data and manifests) are made in its native code and are not
 * seen here.
 */
export type StoreRequestKind = 'GET' | 'HEAD' | 'PUT' | 'LIST' | 'DELETE' | 'OTHER';

export interface StoreRequest {
  kind: StoreRequestKind;
  seconds: number;
  ok: boolean;
}

const listeners = new Set<(request: StoreRequest) => void>();

export function onStoreRequest(listener: (request: StoreRequest) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether anyone listens: without a listener a request is not even timed. */
export function hasStoreRequestListeners(): boolean {
  return listeners.size > 0;
}

export function storeRequestEnded(request: StoreRequest): void {
  for (const listener of listeners) listener(request);
}

/** The kind of an AWS SDK command, from its class name (`GetObjectCommand` is a GET). */
export function commandKind(name: string): StoreRequestKind {
  if (name.startsWith('Get')) return 'GET';
  if (name.startsWith('Head')) return 'HEAD';
  if (name.startsWith('Put') || name.startsWith('Copy')) return 'PUT';
  if (name.startsWith('List')) return 'LIST';
  if (name.startsWith('Delete')) return 'DELETE';
  return 'OTHER';
}
