/**
 * The vector map's projection goals (issue 36): PCA of 50,000 × 128 within 2 s and UMAP of
 * 10,000 × 128 within 15 s, timed around the very functions the projection worker runs
 * (src-renderer/vector-map), here on Node's main thread: the same V8 and the same code, without
 * a browser. Clustered data, as embeddings are: 12 centres with Gaussian spread.
 *
 *   npx tsx test/bench/vector-map.ts
 */
import { cpus, loadavg } from 'node:os';
import { fitPca, projectAll } from '../../src-renderer/vector-map/pca';
import { refineWithUmap, seededRandom } from '../../src-renderer/vector-map/umap-refine';
import { median } from './timing';

function clustered(n: number, d: number, clusters: number, seed: number): Float32Array {
  const random = seededRandom(seed);
  const gauss = () => {
    const u = Math.max(random(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  };
  const centres = Array.from({ length: clusters }, () =>
    Float32Array.from({ length: d }, () => gauss() * 3),
  );
  const data = new Float32Array(n * d);
  for (let r = 0; r < n; r += 1) {
    const c = centres[r % clusters]!;
    for (let i = 0; i < d; i += 1) data[r * d + i] = c[i]! + gauss();
  }
  return data;
}

const d = 128;
console.log(
  `cpus ${cpus().length}, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

const pcaRows = 50_000;
const pcaData = clustered(pcaRows, d, 12, 1);
const pcaTimes: number[] = [];
for (let round = 0; round < 5; round += 1) {
  const start = performance.now();
  const model = fitPca(pcaData, pcaRows, d);
  projectAll(model, pcaData, pcaRows);
  pcaTimes.push(performance.now() - start);
}
console.log(
  `PCA ${pcaRows} x ${d}: median ${median(pcaTimes).toFixed(0)} ms (runs ${pcaTimes.map((t) => t.toFixed(0)).join(', ')}; goal 2000 ms)`,
);

const umapRows = 10_000;
const umapData = clustered(umapRows, d, 12, 2);
const umapTimes: number[] = [];
for (let round = 0; round < 2; round += 1) {
  const start = performance.now();
  const model = fitPca(umapData, umapRows, d);
  let neighboursAt = 0;
  refineWithUmap(umapData, umapRows, d, projectAll(model, umapData, umapRows), {
    onFrame: () => undefined,
    onPhase: (phase) => {
      if (phase === 'layout') neighboursAt = performance.now() - start;
    },
  });
  const total = performance.now() - start;
  umapTimes.push(total);
  console.log(
    `UMAP ${umapRows} x ${d} run ${round + 1}: ${total.toFixed(0)} ms (PCA + neighbour graph ${neighboursAt.toFixed(0)} ms, layout ${(total - neighboursAt).toFixed(0)} ms)`,
  );
}
console.log(`UMAP ${umapRows} x ${d}: median ${median(umapTimes).toFixed(0)} ms (goal 15000 ms)`);
