/**
 * Recall-check benchmark (issue 17): our runRecallCheck against the same searches run straight on
 * LanceDB in-process, on one IVF_PQ table both open, measured in the same run, interleaved, and
 * compared by medians (ratio = ours ÷ LanceDB; the goal is ≤ 1.2). Not a test: nothing here fails
 * on time. Both sides do the same work: sample the query rows by offset, search each one exactly
 * and at the 12 settings of the default grid (in the same rotated order), compare `_rowid`s.
 *
 * Sizes come from the environment so a slow machine can try a smaller version:
 *   RECALL_BENCH_ROWS (default 200000), RECALL_BENCH_DIM (128), RECALL_BENCH_QUERIES (100),
 *   RECALL_BENCH_ROUNDS (3).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { connect } from '../../src-main/catalog';
import { runRecallCheck } from '../../src-main/host/recall/recall-check';
import { defaultGrid } from '../../src-shared/recall/default-grid';
import { describeSetting } from '../../src-shared/recall/describe-setting';
import { mean, recallAtK, summarizeLatency } from '../../src-shared/recall/recall-maths';
import type { RecallReport, RecallSetting } from '../../src-shared/recall/recall-schemas';
import { sampleOffsets, seededRandom } from '../../src-shared/recall/sample-offsets';
import { compare, formatComparison } from './timing';
import { vectorTable } from './vector-data';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ROWS = env('RECALL_BENCH_ROWS', 200_000);
const DIM = env('RECALL_BENCH_DIM', 128);
const QUERIES = env('RECALL_BENCH_QUERIES', 100);
const ROUNDS = env('RECALL_BENCH_ROUNDS', 3);
const K = 10;
const SEED = 42;

/** What LanceDB alone needs to do the check: the same rows, searches and comparisons. */
async function lanceRecallCheck(table: lancedb.Table, grid: RecallSetting[]) {
  const rowCount = await table.countRows();
  const vectors: number[][] = [];
  for (const offset of sampleOffsets(rowCount, QUERIES, seededRandom(SEED))) {
    const rows = await table.query().select(['vector']).offset(offset).limit(1).toArrow();
    const cell = rows.getChildAt(0)?.get(0) as { toArray(): Float32Array } | null;
    if (cell) vectors.push(Array.from(cell.toArray()));
  }
  const search = async (vector: number[], setting: RecallSetting | 'exact') => {
    const start = performance.now();
    let q = table.vectorSearch(vector).column('vector').distanceType('l2');
    if (setting === 'exact') q = q.bypassVectorIndex();
    else {
      if (setting.nprobes !== undefined) q = q.nprobes(setting.nprobes);
      if (setting.refineFactor !== undefined) q = q.refineFactor(setting.refineFactor);
      if (setting.ef !== undefined) q = q.ef(setting.ef);
    }
    const rows = (await q.withRowId().limit(K).toArray()) as Array<{ _rowid: bigint }>;
    return { ms: performance.now() - start, ids: rows.map((row) => row._rowid) };
  };
  const exactMs: number[] = [];
  const recalls: number[][] = grid.map(() => []);
  const latencies: number[][] = grid.map(() => []);
  for (let q = 0; q < vectors.length; q++) {
    const exact = await search(vectors[q]!, 'exact');
    exactMs.push(exact.ms);
    for (let step = 0; step < grid.length; step++) {
      const s = (q + step) % grid.length;
      const approx = await search(vectors[q]!, grid[s]!);
      latencies[s]!.push(approx.ms);
      recalls[s]!.push(recallAtK(exact.ids, approx.ids, K));
    }
  }
  return {
    exact: summarizeLatency(exactMs),
    points: grid.map((setting, s) => ({
      setting,
      recall: mean(recalls[s]!),
      latencyMs: summarizeLatency(latencies[s]!),
    })),
  };
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'cs-bench-recall-'));
  try {
    const ours = await connect(root);
    const partitions = Math.max(1, Math.round(Math.sqrt(ROWS)));
    const setupStart = performance.now();
    const table = await ours.createTable('v', vectorTable(ROWS, DIM, 2));
    const job = await table.createIndex({
      column: 'vector',
      index_type: 'IVF_PQ',
      num_partitions: partitions,
      num_sub_vectors: Math.max(1, DIM / 16),
    });
    const built = await ours.waitForJob(job.id);
    if (built.state !== 'succeeded')
      throw new Error(`build ${built.state}: ${built.error?.message}`);
    console.log(
      `  (setup: ${ROWS.toLocaleString('en')} x ${DIM}d, IVF_PQ ${partitions} partitions, built in ${((performance.now() - setupStart) / 1000).toFixed(1)} s)`,
    );
    const lance = await lancedb.connectNamespace('dir', { root }, { readConsistencyInterval: 0 });
    const lanceTable = await lance.openTable('v');
    const grid = defaultGrid('IVF_PQ', K);

    let oursReport: RecallReport | undefined;
    let lanceReport: Awaited<ReturnType<typeof lanceRecallCheck>> | undefined;
    // An untimed round each, so neither side pays for a cold page cache.
    await runRecallCheck(table, { column: 'vector', k: K, queries: 5, seed: 1 });
    await lanceRecallCheck(lanceTable, grid.slice(0, 1));
    const result = await compare(
      `recall check ${QUERIES} queries x ${grid.length} settings, ${ROWS.toLocaleString('en')} x ${DIM}d`,
      ROUNDS,
      async () => {
        oursReport = await runRecallCheck(table, {
          column: 'vector',
          k: K,
          queries: QUERIES,
          seed: SEED,
        });
      },
      async () => {
        lanceReport = await lanceRecallCheck(lanceTable, grid);
      },
    );
    console.log(
      `Recall check vs raw LanceDB (${new Date().toISOString()}), ratio = ours / lancedb`,
    );
    console.log(formatComparison(result));

    console.log(
      '\n| setting | recall (ours) | recall (LanceDB) | median ms (ours) | p95 ms (ours) |',
    );
    console.log('|---|---:|---:|---:|---:|');
    oursReport!.points.forEach((point, i) => {
      const other = lanceReport!.points[i]!;
      console.log(
        `| ${describeSetting(point.setting)} | ${point.recall.toFixed(3)} | ${other.recall.toFixed(3)} | ${point.latencyMs.median.toFixed(2)} | ${point.latencyMs.p95.toFixed(2)} |`,
      );
    });
    console.log(
      `| exact | 1.000 | 1.000 | ${oursReport!.exact.latencyMs.median.toFixed(2)} | ${oursReport!.exact.latencyMs.p95.toFixed(2)} |`,
    );
    console.log(`front: ${oursReport!.front.map((i) => describeSetting(grid[i]!)).join(' → ')}`);
    console.log(`advice: ${oursReport!.advice.message}`);
    lance.close();
    await ours.close();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
