/**
 * Running a search from the Search tab: the host runs and times it, the answer is decoded in the
 * worker (as the grid's pages are), and the time from click to rows on screen is measured once
 * they are painted.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { QueryRequest } from '../../src-shared/catalog-api';
import { queryKeys, type TableRef } from '../api/query-keys';
import { useCall } from '../api/studio-context';
import { tableInput } from '../api/table-input';
import type { DecodedPage } from '../common/grid/cell-model';
import { decodeArrowPage } from '../common/decode/decode-client';
import { useKept } from './search-memory';

export interface SearchResult {
  request: QueryRequest;
  page: DecodedPage;
  rows: number;
  /** The host's time for the search: the engine, and the server when remote. */
  engineMs: number;
  /** Click to rows painted; set once they are. */
  screenMs?: number;
  startedAt: number;
}

export function useSearchRun(ref: TableRef) {
  const call = useCall();
  const client = useQueryClient();
  // Kept while the tab is away, so coming back shows the same rows.
  const [result, setResult] = useKept<SearchResult | undefined>(ref, 'result', undefined);
  const [error, setError] = useState<unknown>();
  const [running, setRunning] = useState(false);
  const serial = useRef(0);

  const run = useCallback(
    async (request: QueryRequest) => {
      const mine = ++serial.current;
      const startedAt = performance.now();
      setRunning(true);
      setError(undefined);
      try {
        const answer = await call('search:run', { ...tableInput(ref), request });
        const page = await decodeArrowPage(answer.arrow);
        if (mine !== serial.current) return;
        setResult({ request, page, rows: answer.rows, engineMs: answer.elapsedMs, startedAt });
      } catch (caught) {
        if (mine === serial.current) setError(caught);
      } finally {
        if (mine === serial.current) setRunning(false);
        void client.invalidateQueries({ queryKey: queryKeys.searchHistory(ref) });
      }
    },
    [call, client, ref],
  );

  // Painted: the frame after the commit that shows the rows.
  useEffect(() => {
    if (!result || result.screenMs !== undefined) return;
    const frame = requestAnimationFrame(() =>
      setResult((r) => (r === result ? { ...r, screenMs: performance.now() - r.startedAt } : r)),
    );
    return () => cancelAnimationFrame(frame);
  }, [result]);

  return { result, error, running, run };
}
