/** Messages between the map and its projection worker. */
import type { MapRows, MapRowsRequest } from './map-rows';

export interface ProjectionRequest extends MapRowsRequest {
  /** Arrow IPC stream bytes of the rows to map. */
  bytes: Uint8Array;
  /** Only PCA: no UMAP refinement. */
  pcaOnly?: boolean;
}

export type ProjectionReply =
  | { type: 'rows'; rows: MapRows; decodeMs: number }
  | {
      type: 'frame';
      stage: 'pca' | 'umap';
      /** Interleaved x, y per row. */
      coords: Float32Array;
      epoch: number;
      epochs: number;
    }
  | { type: 'phase'; phase: 'neighbours' | 'layout' }
  /** Worker-side times: PCA (fit and projection), UMAP (graph and layout). */
  | { type: 'done'; pcaMs: number; umapMs?: number }
  | { type: 'error'; message: string };
