/**
 * The settings a recall check tries when the user gives none: 12 of them, a 4 × 3 grid.
 *
 * IVF types (IVF_PQ, IVF_SQ, IVF_RQ, IVF_FLAT): nprobes {1, 8, 32, 128} × refine {none, 5, 10}.
 * The probes step by 4× from LanceDB's minimum towards the 1…256 the issue names: below 8 recall
 * is usually poor and the steps in between add little but time (the user can edit the grid).
 * Refine re-ranks refine×k candidates by their full vectors: it repairs what PQ/SQ compression
 * loses, so it is the second axis. On IVF_FLAT it changes nothing, which the report then shows.
 *
 * HNSW types (IVF_HNSW_*): nprobes {1, 8, 32, 128} × ef {k, 4k, 16k}. ef is the graph search's
 * candidate list; below k it cannot return k rows, so it is scaled by k rather than fixed.
 *
 * An nprobes beyond the index's partition count is not refused: LanceDB then searches every
 * partition, and the table's partition count is not exposed through TableHandle to clamp against.
 */
import type { RecallSetting } from './recall-schemas';

export const DEFAULT_NPROBES = [1, 8, 32, 128] as const;
export const DEFAULT_REFINE = [undefined, 5, 10] as const;
export const DEFAULT_EF_MULTIPLES = [1, 4, 16] as const;

export function isHnswIndex(indexType: string): boolean {
  return indexType.toUpperCase().includes('HNSW');
}

export function defaultGrid(indexType: string, k: number): RecallSetting[] {
  const grid: RecallSetting[] = [];
  for (const nprobes of DEFAULT_NPROBES) {
    if (isHnswIndex(indexType)) {
      for (const m of DEFAULT_EF_MULTIPLES) grid.push({ nprobes, ef: m * k });
    } else {
      for (const refineFactor of DEFAULT_REFINE)
        grid.push(refineFactor === undefined ? { nprobes } : { nprobes, refineFactor });
    }
  }
  return grid;
}
