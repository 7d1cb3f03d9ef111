/**
 * Server benchmark: the same workloads through the catalog server on loopback (HTTP + JSON or
 * Arrow IPC) and through raw LanceDB in-process, measured in the same run. Prints per-request
 * p50/p99, the milliseconds the server adds, and bulk throughput as a ratio of in-process.
 * Sizes: BENCH_SERVER_ROWS (default 100000), BENCH_DIM (default 128), BENCH_REPS (default 200).
 */
import * as lancedb from '@lancedb/lancedb';
import { arrow } from '../../src-main/catalog/arrow';
import { startCatalogServer } from '../support/catalog-server';
import { vectorTable } from './vector-data';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ROWS = env('BENCH_SERVER_ROWS', 100_000);
const DIM = env('BENCH_DIM', 128);
const REPS = env('BENCH_REPS', 200);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function sample(reps: number, work: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < reps; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times;
}

interface Row {
  name: string;
  serverP50: number;
  serverP99: number;
  lanceP50: number;
  lanceP99: number;
}

async function main(): Promise<void> {
  const server = await startCatalogServer();
  const data = vectorTable(ROWS, DIM, 5);
  await server.catalog.createNamespace(['bench']);
  await server.catalog.createTable('vectors', data, ['bench']);
  const job = await (
    await server.catalog.openTable('vectors', ['bench'])
  ).createIndex({
    column: 'vector',
    index_type: 'IVF_PQ',
    num_partitions: Math.round(Math.sqrt(ROWS)),
    num_sub_vectors: DIM / 16,
  });
  await server.catalog.waitForJob(job.id);
  // Raw LanceDB opens the very same folder, so both sides read the same files and index.
  const lance = await lancedb.connectNamespace(
    'dir',
    { root: server.root },
    { readConsistencyInterval: 0 },
  );
  const lanceTable = await lance.openTable('vectors', ['bench']);
  const id = 'bench$vectors';
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const query = new Array(DIM).fill(0.5);

  const rows: Row[] = [];
  const measure = async (
    name: string,
    reps: number,
    viaServer: () => Promise<unknown>,
    inProcess: () => Promise<unknown>,
  ) => {
    await viaServer();
    await inProcess();
    const s: number[] = [];
    const l: number[] = [];
    // Interleave in blocks so that machine noise lands on both sides alike.
    for (let block = 0; block < 10; block++) {
      s.push(...(await sample(Math.ceil(reps / 10), viaServer)));
      l.push(...(await sample(Math.ceil(reps / 10), inProcess)));
    }
    rows.push({
      name,
      serverP50: percentile(s, 50),
      serverP99: percentile(s, 99),
      lanceP50: percentile(l, 50),
      lanceP99: percentile(l, 99),
    });
  };
  await measure(
    'HTTP round trip, no catalog work (404 route)',
    REPS,
    async () => (await fetch(`${server.url}/v1/nothing`)).arrayBuffer(),
    async () => undefined,
  );
  await measure(
    'list tables (metadata)',
    REPS,
    async () => (await fetch(`${server.url}/v1/namespace/bench/table/list`)).json(),
    () => lance.listTables(['bench']),
  );
  await measure(
    'describe table (metadata)',
    REPS,
    async () => (await post(`/v1/table/${id}/describe`, {})).json(),
    async () => Promise.all([lanceTable.schema(), lanceTable.version(), lanceTable.stats()]),
  );
  await measure(
    'count_rows',
    REPS,
    async () => (await post(`/v1/table/${id}/count_rows`, {})).json(),
    () => lanceTable.countRows(),
  );
  await measure(
    `vector search k=10 on ${ROWS.toLocaleString('en')} x ${DIM}`,
    REPS,
    async () =>
      arrow.tableFromIPC(
        new Uint8Array(
          await (
            await post(`/v1/table/${id}/query`, { vector: query, k: 10, columns: ['id'] })
          ).arrayBuffer(),
        ),
      ),
    () => lanceTable.vectorSearch(query).limit(10).select(['id']).toArrow(),
  );
  await measure(
    `query ${ROWS.toLocaleString('en')} rows as Arrow`,
    Math.max(10, Math.round(REPS / 20)),
    async () =>
      arrow.tableFromIPC(
        new Uint8Array(
          await (await post(`/v1/table/${id}/query`, { vector: [], k: ROWS })).arrayBuffer(),
        ),
      ),
    () => lanceTable.query().limit(ROWS).toArrow(),
  );

  console.log(`Server vs raw LanceDB in-process (${new Date().toISOString()})`);
  console.log(
    '\n| workload | server p50 (ms) | server p99 (ms) | LanceDB p50 (ms) | LanceDB p99 (ms) | added p50 (ms) | ratio p50 |\n|---|---:|---:|---:|---:|---:|---:|',
  );
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.serverP50.toFixed(2)} | ${r.serverP99.toFixed(2)} | ${r.lanceP50.toFixed(2)} | ${r.lanceP99.toFixed(2)} | ${(r.serverP50 - r.lanceP50).toFixed(2)} | ${(r.serverP50 / r.lanceP50).toFixed(2)} |`,
    );
  }
  const bulk = rows.at(-1)!;
  console.log(
    `\nbulk query throughput through the server: ${((bulk.lanceP50 / bulk.serverP50) * 100).toFixed(0)}% of in-process`,
  );
  lance.close();
  await server.close();
}

await main();
