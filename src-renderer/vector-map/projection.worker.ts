/// <reference lib="webworker" />
/**
 * The map's projection, off the UI thread: the rows are read from Arrow, PCA gives the first
 * picture at once, then UMAP refines it, a frame every few epochs. Cancel is `terminate()`: the
 * work is one synchronous loop, so a message could not stop it.
 */
import { readMapRows } from './map-rows';
import { fitPca, projectAll } from './pca';
import type { ProjectionReply, ProjectionRequest } from './projection-protocol';
import { refineWithUmap } from './umap-refine';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (reply: ProjectionReply, transfer: Transferable[] = []) =>
  scope.postMessage(reply, transfer);

/** UMAP needs neighbours to work with; below this PCA is the map. */
const MIN_UMAP_ROWS = 16;

scope.onmessage = (event: MessageEvent<ProjectionRequest>) => {
  const request = event.data;
  try {
    let started = performance.now();
    const rows = readMapRows(request.bytes, request);
    // A copy of the vectors goes to the page ("Find similar", placing a search's query); the
    // worker keeps its own for the work.
    post({
      type: 'rows',
      rows: { ...rows, vectors: rows.vectors.slice() },
      decodeMs: performance.now() - started,
    });
    const { n, dim, vectors } = rows;
    if (n === 0) return post({ type: 'done', pcaMs: 0 });
    started = performance.now();
    const pca = projectAll(fitPca(vectors, n, dim), vectors, n);
    const pcaMs = performance.now() - started;
    post({ type: 'frame', stage: 'pca', coords: pca.slice(), epoch: 0, epochs: 0 });
    if (request.pcaOnly || n < MIN_UMAP_ROWS) return post({ type: 'done', pcaMs });
    started = performance.now();
    refineWithUmap(vectors, n, dim, pca, {
      onPhase: (phase) => post({ type: 'phase', phase }),
      onFrame: (coords, epoch, epochs) =>
        post({ type: 'frame', stage: 'umap', coords, epoch, epochs }, [coords.buffer]),
    });
    post({ type: 'done', pcaMs, umapMs: performance.now() - started });
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
