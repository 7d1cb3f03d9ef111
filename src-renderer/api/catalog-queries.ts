/** The read hooks shared across screens; each screen's own queries live next to it. */
import { useQuery } from '@tanstack/react-query';
import { collectPages } from '../../src-shared/vocabulary/pagination';
import type { ProcedureOutput } from '../../src-shared/studio-procedures';
import { queryKeys, type NamespacePath, type TableRef } from './query-keys';
import { useCall, type Call } from './studio-context';
import { tableInput } from './table-input';

const PAGE = 10_000;

export async function listAll(
  call: Call,
  kind: 'namespaces' | 'tables',
  connectionId: string,
  path: NamespacePath,
): Promise<string[]> {
  return collectPages(async (pageToken) => {
    const input = {
      connectionId,
      path: [...path],
      limit: PAGE,
      ...(pageToken ? { pageToken } : {}),
    };
    if (kind === 'namespaces') {
      const page = await call('namespaces:list', input);
      return { items: page.namespaces, ...(page.pageToken ? { pageToken: page.pageToken } : {}) };
    }
    const page = await call('tables:list', input);
    return { items: page.tables, ...(page.pageToken ? { pageToken: page.pageToken } : {}) };
  });
}

/**
 * How often a shown listing is read again, so that a namespace or table another process made or
 * dropped appears in the tree within 2 s. Only while the window has focus (react-query's default),
 * and only for the listings on screen.
 */
export const LISTING_FOLLOW_MS = 2000;

/** A listing as a query; the tree and the hooks below share it, so they share cache entries. */
export function listingQuery(
  call: Call,
  kind: 'namespaces' | 'tables',
  connectionId: string,
  path: NamespacePath,
) {
  return {
    queryKey: queryKeys[kind](connectionId, path),
    queryFn: () => listAll(call, kind, connectionId, path),
    refetchInterval: LISTING_FOLLOW_MS,
  };
}

export function useConnections() {
  const call = useCall();
  return useQuery({
    queryKey: queryKeys.connections(),
    queryFn: () => call('connections:list-open', {}),
  });
}

export function useRecentConnections() {
  const call = useCall();
  return useQuery({
    queryKey: queryKeys.recent(),
    queryFn: () => call('connections:list-recent', {}),
  });
}

export function useNamespaces(connectionId: string, path: NamespacePath, enabled = true) {
  const call = useCall();
  return useQuery({ ...listingQuery(call, 'namespaces', connectionId, path), enabled });
}

export function useTables(connectionId: string, path: NamespacePath, enabled = true) {
  const call = useCall();
  return useQuery({ ...listingQuery(call, 'tables', connectionId, path), enabled });
}

export type TableDescription = ProcedureOutput<'tables:describe'>;

export function useTableDescription(ref: TableRef) {
  const call = useCall();
  return useQuery({
    queryKey: queryKeys.describe(ref),
    queryFn: () => call('tables:describe', tableInput(ref)),
  });
}

export function useIndexes(ref: TableRef) {
  const call = useCall();
  return useQuery({
    queryKey: queryKeys.indexes(ref),
    queryFn: () => call('indexes:list', tableInput(ref)),
  });
}

export function useJobs() {
  const call = useCall();
  return useQuery({ queryKey: queryKeys.jobs(), queryFn: () => call('jobs:list', {}) });
}
