/**
 * The vector map's projection goals (issue 36): PCA of 50,000 × 128 within 2 s and UMAP of
 * 10,000 × 128 within 15 s, timed around the very functions the projection worker runs
 * (src-renderer/vector-map), here on Node's main thread: the same V8 and the same code, without
 * a browser. Clustered data, as embeddings are: 12 centres with Gaussian spread. Each figure is
 * wall-clock and this process's CPU time: on a two-core machine shared with other work the
 * first includes waiting for a core, the second is what the work itself costs.
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
/** This process's CPU time in ms (user + system). */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const pcaTimes: number[] = [];
const pcaCpu: number[] = [];
for (let round = 0; round < 5; round += 1) {
  const start = performance.now();
  const cpu = cpuMs();
  const model = fitPca(pcaData, pcaRows, d);
  projectAll(model, pcaData, pcaRows);
  pcaTimes.push(performance.now() - start);
  pcaCpu.push(cpuMs() - cpu);
}
console.log(
  `PCA ${pcaRows} x ${d}: median ${median(pcaTimes).toFixed(0)} ms wall, ${median(pcaCpu).toFixed(0)} ms CPU (runs ${pcaTimes.map((t) => t.toFixed(0)).join(', ')}; goal 2000 ms)`,
);

const umapRows = 10_000;
const umapData = clustered(umapRows, d, 12, 2);
const umapTimes: number[] = [];
const umapCpu: number[] = [];
const rounds = Number(process.env.BENCH_MAP_UMAP_ROUNDS ?? 2);
for (let round = 0; round < rounds; round += 1) {
  const start = performance.now();
  const cpu = cpuMs();
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
  umapCpu.push(cpuMs() - cpu);
  console.log(
    `UMAP ${umapRows} x ${d} run ${round + 1}: ${total.toFixed(0)} ms wall, ${umapCpu.at(-1)!.toFixed(0)} ms CPU (PCA + neighbour graph ${neighboursAt.toFixed(0)} ms, layout ${(total - neighboursAt).toFixed(0)} ms, wall)`,
  );
}
console.log(
  `UMAP ${umapRows} x ${d}: median ${median(umapTimes).toFixed(0)} ms wall, ${median(umapCpu).toFixed(0)} ms CPU (goal 15000 ms)`,
);
