/**
 * What the app says about a connection's store: on an object store, the condition this process
 * has seen (throttling, failing, unreachable; catalog/storage/store-health.ts) and the retries
 * behind it, in words a person can act on; a folder or a remote catalog is always `ok` here (a
 * remote server says its own store's trouble in its 503 answers).
 */
import type { ProcedureOutput } from '../../src-shared/studio-procedures';
import type { Connection } from '../../src-shared/studio-schemas';
import { storeHealthFor, type StoreStatus } from '../catalog/storage/store-health';

export type StoreStatusAnswer = ProcedureOutput<'connections:store-status'>;

const PUSH_EVERY_MS = 1_000;

const OK: StoreStatusAnswer = { condition: 'ok', recentRetries: 0, recentFailures: 0, retries: 0 };

function plural(n: number, one: string): string {
  return `${n} ${one}${n === 1 ? '' : 's'}`;
}

/** The sentence for a condition, naming what the app does about it. */
export function storeStatusMessage(status: StoreStatus): string | undefined {
  const retried = `${plural(status.recentRetries, 'request')} retried and ${plural(status.recentFailures, 'request')} given up in the last 30 s`;
  switch (status.condition) {
    case 'ok':
      return undefined;
    case 'throttling':
      return `The object store is throttling (it answers "slow down"): ${retried}. The app retries with backoff; what still fails can be tried again shortly.`;
    case 'failing':
      return `The object store is failing (it answers with internal errors): ${retried}. The app retries; what still fails can be tried again shortly.`;
    case 'unreachable':
      return `The object store is unreachable (it does not answer): ${retried}. Each request is given up on after its time limit; check the endpoint and the network.`;
  }
}

export function storeStatusOf(connection: Pick<Connection, 'kind' | 'target'>): StoreStatusAnswer {
  if (connection.kind !== 'object-store') return OK;
  const health = storeHealthFor(connection.target);
  if (!health) return OK;
  const status = health.status();
  const message = storeStatusMessage(status);
  return {
    condition: status.condition,
    recentRetries: status.recentRetries,
    recentFailures: status.recentFailures,
    retries: status.retries,
    ...(message ? { message } : {}),
  };
}

/**
 * Calls `push` with the connection's status whenever its store's health changes (a condition
 * begins or ends, more retries), until the returned function is called. The status is pushed
 * rather than only asked for: a page in a browser has few connections to the app, and those may
 * all be waiting on the very store that stopped answering.
 */
export function watchStoreStatus(
  connection: Pick<Connection, 'kind' | 'target'>,
  push: (status: StoreStatusAnswer) => void,
): () => void {
  const health = connection.kind === 'object-store' ? storeHealthFor(connection.target) : undefined;
  if (!health) return () => undefined;
  // At most one push a second: a throttled store retries many requests a second.
  let timer: NodeJS.Timeout | undefined;
  const listener = () => {
    timer ??= setTimeout(() => {
      timer = undefined;
      push(storeStatusOf(connection));
    }, PUSH_EVERY_MS);
  };
  health.on('status', listener);
  return () => {
    clearTimeout(timer);
    health.off('status', listener);
  };
}
