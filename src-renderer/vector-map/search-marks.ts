/**
 * A search laid over the map: its result rows, found among the map's rows by their key, and its
 * query vector, placed at the mean position of its nearest map rows (nearest.ts).
 */
import type { LastSearch as MapSearch } from '../state/last-search';
import type { MapRows } from './map-rows';
import { meanPosition, nearestRows } from './nearest';

export function resultRows(rows: MapRows, keyColumn: string, search: MapSearch): number[] {
  const wanted = new Set(
    search.results
      .map((r) => r[keyColumn])
      .filter((k): k is string => k !== null && k !== undefined),
  );
  if (wanted.size === 0) return [];
  const out: number[] = [];
  rows.keys.forEach((key, r) => {
    if (wanted.has(key)) out.push(r);
  });
  return out;
}

/** Only a query of the map's own vector column and dimension has a place on it. */
export function queryPosition(
  rows: MapRows,
  coords: Float32Array,
  vectorColumn: string,
  search: MapSearch,
  k = 5,
): [number, number] | undefined {
  if (!search.query || search.vectorColumn !== vectorColumn) return undefined;
  if (search.query.length !== rows.dim || rows.n === 0) return undefined;
  return meanPosition(coords, nearestRows(rows.vectors, rows.n, rows.dim, search.query, k));
}
