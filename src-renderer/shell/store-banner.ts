/**
 * What the banner on an object-store connection says, from the host's `connections:store-status`:
 * nothing while the store is well; otherwise the condition in a title a person sees at a glance
 * (throttling, failing, unreachable), the host's sentence, and the retries behind it, so that a
 * slow app is seen to be the store's doing and the app's retrying, not a generic error.
 */
import type { ProcedureOutput } from '../../src-shared/studio-procedures';

export type StoreStatus = ProcedureOutput<'connections:store-status'>;

export interface StoreBanner {
  title: string;
  detail: string;
  /** "12 retried · 1 given up (30 s)". */
  retries: string;
}

const TITLES: Record<Exclude<StoreStatus['condition'], 'ok'>, string> = {
  throttling: 'The object store is throttling',
  failing: 'The object store is failing',
  unreachable: 'The object store is unreachable',
};

export function storeBanner(status: StoreStatus | undefined): StoreBanner | undefined {
  if (!status || status.condition === 'ok') return undefined;
  return {
    title: TITLES[status.condition],
    detail: status.message ?? '',
    retries: `${status.recentRetries} retried · ${status.recentFailures} given up (last 30 s)`,
  };
}
