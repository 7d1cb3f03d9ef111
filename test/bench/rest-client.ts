/**
 * The engine's two back ends side by side: `dir` in-process and `rest` through the catalog server
 * on loopback, with raw LanceDB in-process as the reference, all in the same run. Prints p50 per
 * call, the cost `rest` adds over `dir`, and each back end's ratio to LanceDB.
 * Sizes: BENCH_SERVER_ROWS (default 100000), BENCH_DIM (default 128), BENCH_REPS (default 200).
 */
import * as lancedb from '@lancedb/lancedb';
import { connect, connectNamespace } from '../../src-main/catalog';
import { startCatalogServer } from '../support/catalog-server';
import { median } from './timing';
import { vectorTable } from './vector-data';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ROWS = env('BENCH_SERVER_ROWS', 100_000);
const DIM = env('BENCH_DIM', 128);
const REPS = env('BENCH_REPS', 200);

async function p50(reps: number, work: () => Promise<unknown>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < reps; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return median(times);
}

async function main(): Promise<void> {
  const server = await startCatalogServer();
  await server.catalog.createNamespace(['bench']);
  const created = await server.catalog.createTable('vectors', vectorTable(ROWS, DIM, 9), ['bench']);
  const job = await created.createIndex({
    column: 'vector',
    index_type: 'IVF_PQ',
    num_partitions: Math.round(Math.sqrt(ROWS)),
    num_sub_vectors: DIM / 16,
  });
  await server.catalog.waitForJob(job.id);

  const dir = await connect(server.root);
  const rest = await connectNamespace('rest', { uri: server.url });
  const raw = await lancedb.connectNamespace(
    'dir',
    { root: server.root },
    { readConsistencyInterval: 0 },
  );
  const [dirTable, restTable, rawTable] = await Promise.all([
    dir.openTable('vectors', ['bench']),
    rest.openTable('vectors', ['bench']),
    raw.openTable('vectors', ['bench']),
  ]);
  const vector = new Array(DIM).fill(0.5);

  const workloads: Array<
    [string, number, () => Promise<unknown>, () => Promise<unknown>, () => Promise<unknown>]
  > = [
    [
      'listTables',
      REPS,
      () => raw.listTables(['bench']),
      () => dir.listTables(['bench']),
      () => rest.listTables(['bench']),
    ],
    [
      'countRows',
      REPS,
      () => rawTable.countRows(),
      () => dirTable.countRows(),
      () => restTable.countRows(),
    ],
    [
      'listIndices',
      REPS,
      () => rawTable.listIndices(),
      () => dirTable.listIndices(),
      () => restTable.listIndices(),
    ],
    [
      'vector search k=10',
      REPS,
      () => rawTable.vectorSearch(vector).limit(10).select(['id']).toArrow(),
      () => dirTable.query({ vector, limit: 10, columns: ['id'] }),
      () => restTable.query({ vector, limit: 10, columns: ['id'] }),
    ],
    [
      `scan ${ROWS.toLocaleString('en')} rows`,
      Math.max(5, Math.round(REPS / 20)),
      () => rawTable.query().limit(ROWS).toArrow(),
      () => dirTable.query({ limit: ROWS }),
      () => restTable.query({ limit: ROWS }),
    ],
  ];

  console.log(`dir vs rest vs LanceDB in-process (${new Date().toISOString()})`);
  console.log(
    '\n| call | LanceDB p50 (ms) | dir p50 (ms) | rest p50 (ms) | rest adds (ms) | dir ÷ LanceDB | rest ÷ LanceDB |\n|---|---:|---:|---:|---:|---:|---:|',
  );
  for (const [name, reps, viaRaw, viaDir, viaRest] of workloads) {
    const r = await p50(reps, viaRaw);
    const d = await p50(reps, viaDir);
    const s = await p50(reps, viaRest);
    console.log(
      `| ${name} | ${r.toFixed(2)} | ${d.toFixed(2)} | ${s.toFixed(2)} | ${(s - d).toFixed(2)} | ${(d / r).toFixed(2)} | ${(s / r).toFixed(2)} |`,
    );
  }
  raw.close();
  await rest.close();
  await dir.close();
  await server.close();
}

await main();
