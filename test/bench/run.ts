/**
 * Engine benchmark: our catalog engine against raw LanceDB in-process, measured in the same run
 * and printed as ratios (ours ÷ LanceDB; 1.00 = no overhead). Not a test: nothing here fails on
 * wall time. Sizes come from the environment so a slow machine can run a smaller version:
 *   BENCH_ROWS (default 1000000), BENCH_INDEX_ROWS (default 1000000), BENCH_DIM (default 128),
 *   BENCH_TABLES (default 10000), BENCH_NAMESPACES (default 100).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { connect } from '../../src-main/catalog';
import type { CatalogClient } from '../../src-main/catalog';
import { collectPages } from '../../src-shared/vocabulary/pagination';
import { compare, formatComparison, type Comparison } from './timing';
import { vectorTable } from './vector-data';
import { sampleTable } from '../support/sample-data';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ROWS = env('BENCH_ROWS', 1_000_000);
const INDEX_ROWS = env('BENCH_INDEX_ROWS', 1_000_000);
const DIM = env('BENCH_DIM', 128);
const TABLES = env('BENCH_TABLES', 10_000);
const NAMESPACES = env('BENCH_NAMESPACES', 100);

const results: Comparison[] = [];
const scratch: string[] = [];
function tempRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'cs-bench-'));
  scratch.push(root);
  return root;
}
function report(c: Comparison): void {
  results.push(c);
  console.log(formatComparison(c));
}

async function pair(): Promise<{
  ours: CatalogClient;
  lance: lancedb.Connection;
  oursRoot: string;
  lanceRoot: string;
}> {
  const oursRoot = tempRoot();
  const lanceRoot = tempRoot();
  const ours = await connect(oursRoot);
  const lance = await lancedb.connectNamespace(
    'dir',
    { root: lanceRoot },
    { readConsistencyInterval: 0 },
  );
  return { ours, lance, oursRoot, lanceRoot };
}

async function benchCreate(): Promise<void> {
  const data = vectorTable(ROWS, DIM);
  const { ours, lance } = await pair();
  // Untimed warm-up on both sides, so neither pays for first-touch allocation and file-system caches.
  const warmUp = vectorTable(10_000, DIM, 3);
  await ours.createTable('warm', warmUp);
  await lance.createTable('warm', warmUp);
  report(
    await compare(
      `create table ${ROWS.toLocaleString('en')} rows x ${DIM}d`,
      5,
      (round) => ours.createTable(`t${round}`, data),
      (round) => lance.createTable(`t${round}`, data),
    ),
  );
  await ours.close();
  lance.close();
}

async function benchIvfPq(): Promise<void> {
  const data = vectorTable(INDEX_ROWS, DIM, 2);
  const { ours, lance } = await pair();
  const oursTable = await ours.createTable('v', data);
  const lanceTable = await lance.createTable('v', data);
  const partitions = Math.max(1, Math.round(Math.sqrt(INDEX_ROWS)));
  const subVectors = DIM / 16;
  report(
    await compare(
      `IVF_PQ build ${INDEX_ROWS.toLocaleString('en')} x ${DIM}d (${partitions} partitions)`,
      1,
      async () => {
        const job = await oursTable.createIndex({
          column: 'vector',
          index_type: 'IVF_PQ',
          num_partitions: partitions,
          num_sub_vectors: subVectors,
        });
        const done = await ours.waitForJob(job.id);
        if (done.state !== 'succeeded')
          throw new Error(`build ${done.state}: ${done.error?.message}`);
      },
      () =>
        lanceTable.createIndex('vector', {
          config: lancedb.Index.ivfPq({ numPartitions: partitions, numSubVectors: subVectors }),
        }),
    ),
  );
  await ours.close();
  lance.close();
}

async function benchListing(): Promise<void> {
  // One folder, written once by plain LanceDB; both sides then list the same catalog.
  const root = tempRoot();
  const writer = await lancedb.connectNamespace('dir', { root });
  const perNamespace = Math.ceil(TABLES / NAMESPACES);
  const tiny = sampleTable(1, 4);
  const setupStart = performance.now();
  for (let n = 0; n < NAMESPACES; n++) {
    await writer.createNamespace([`ns${n}`]);
    for (let t = 0; t < perNamespace; t++) await writer.createTable(`t${t}`, tiny, [`ns${n}`]);
  }
  writer.close();
  console.log(
    `  (setup: ${NAMESPACES * perNamespace} tables written in ${((performance.now() - setupStart) / 1000).toFixed(1)} s)`,
  );
  const ours = await connect(root);
  const lance = await lancedb.connectNamespace('dir', { root }, { readConsistencyInterval: 0 });
  let oursCount = 0;
  let lanceCount = 0;
  report(
    await compare(
      `list ${NAMESPACES * perNamespace} tables in ${NAMESPACES} namespaces`,
      5,
      async () => {
        oursCount = 0;
        const namespaces = (await ours.listNamespaces([])).namespaces;
        for (const ns of namespaces) {
          oursCount += (
            await collectPages((pageToken) =>
              ours
                .listTables([ns], { pageToken })
                .then((r) => ({ items: r.tables, pageToken: r.pageToken })),
            )
          ).length;
        }
      },
      async () => {
        lanceCount = 0;
        const namespaces = (await lance.listNamespaces([])).namespaces;
        for (const ns of namespaces) lanceCount += (await lance.listTables([ns])).tables.length;
      },
    ),
  );
  if (oursCount !== lanceCount)
    throw new Error(`listing disagrees: ours ${oursCount}, lancedb ${lanceCount}`);
  await ours.close();
  lance.close();
}

async function main(): Promise<void> {
  console.log(`Engine vs raw LanceDB (${new Date().toISOString()}), ratio = ours / lancedb`);
  const only = process.argv[2];
  try {
    if (!only || only === 'create') await benchCreate();
    if (!only || only === 'index') await benchIvfPq();
    if (!only || only === 'list') await benchListing();
  } finally {
    for (const root of scratch) rmSync(root, { recursive: true, force: true });
  }
  console.log('\n| workload | ours (ms) | LanceDB (ms) | ratio |\n|---|---:|---:|---:|');
  for (const r of results)
    console.log(
      `| ${r.name} | ${r.oursMs.toFixed(0)} | ${r.lanceMs.toFixed(0)} | ${r.ratio.toFixed(3)} |`,
    );
}

await main();
