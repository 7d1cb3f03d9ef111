/**
 * Which job states are final. Its own module because the REST client (rest/rest-jobs.ts) tells
 * finished jobs apart too, and has no use for the registry that runs them.
 */
import type { JobRecord } from '../../../src-shared/catalog-api';

const TERMINAL = new Set<JobRecord['state']>(['succeeded', 'failed', 'cancelled']);

export function isTerminal(state: JobRecord['state']): boolean {
  return TERMINAL.has(state);
}
