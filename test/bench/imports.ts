/**
 * Import benchmark: a CSV and a Parquet file of BENCH_IMPORT_ROWS rows (default 1,000,000: an id,
 * a name, a score and an 8-d vector) imported through the host, against LanceDB's createTable from
 * the same data already in Arrow, in the same run. Prints rows per second and the ratio.
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { writeParquet, Table as WasmTable } from 'parquet-wasm/node';
import { arrow } from '../../src-main/catalog/arrow';
import { Host } from '../../src-main/host/host';
import { FileSecretStore } from '../../src-main/host/secret-store';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000);
const DIM = 8;

function arrowTable() {
  const A = arrow;
  const ids = new Int32Array(ROWS);
  const scores = new Float64Array(ROWS);
  const vectors = new Float32Array(ROWS * DIM);
  const names: string[] = new Array(ROWS);
  for (let i = 0; i < ROWS; i++) {
    ids[i] = i;
    scores[i] = i / 4;
    names[i] = `item ${i}`;
    for (let j = 0; j < DIM; j++) vectors[i * DIM + j] = ((i + j) % 10) / 10;
  }
  const child = A.makeData({
    type: new A.Float32(),
    length: ROWS * DIM,
    nullCount: 0,
    data: vectors,
  });
  const vectorType = new A.FixedSizeList(DIM, new A.Field('item', new A.Float32(), true));
  return new A.Table({
    id: A.makeVector(ids),
    name: A.vectorFromArray(names, new A.Utf8()),
    score: A.makeVector(scores),
    embedding: A.makeVector(A.makeData({ type: vectorType, length: ROWS, nullCount: 0, child })),
  });
}

function csvText(): string {
  const parts: string[] = ['id,name,score,embedding\n'];
  for (let i = 0; i < ROWS; i++) {
    const v: number[] = [];
    for (let j = 0; j < DIM; j++) v.push(((i + j) % 10) / 10);
    parts.push(`${i},item ${i},${i / 4},"[${v.join(',')}]"\n`);
  }
  return parts.join('');
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cs-bench-import-'));
  try {
    const table = arrowTable();
    writeFileSync(join(dir, 'data.csv'), csvText());
    writeFileSync(
      join(dir, 'data.parquet'),
      writeParquet(WasmTable.fromIPCStream(arrow.tableToIPC(table, 'stream'))),
    );
    const host = new Host({
      userDataDir: join(dir, 'data'),
      secrets: new FileSecretStore(join(dir, 'data', 's.json')),
    });
    const opened = await host.call('connections:open-folder', {
      path: join(dir, 'catalog'),
      create: true,
    });
    if (!opened.ok) throw new Error(opened.error.message);
    const connectionId = (opened.value as { id: string }).id;
    const raw = await lancedb.connectNamespace(
      'dir',
      { root: join(dir, 'raw') },
      { readConsistencyInterval: 0 },
    );

    const timeImport = async (file: string, name: string) => {
      const start = performance.now();
      const job = await host.call('imports:start', {
        connectionId,
        path: join(dir, file),
        namespacePath: [],
        table: name,
        mode: 'create',
      });
      if (!job.ok) throw new Error(job.error.message);
      const id = (job.value as { id: string }).id;
      for (;;) {
        const jobs = await host.call('jobs:list', {});
        const found = jobs.ok
          ? (jobs.value as Array<{ id: string; state: string; error?: { message: string } }>).find(
              (j) => j.id === id,
            )
          : undefined;
        if (found?.state === 'succeeded') break;
        if (found && found.state !== 'running' && found.state !== 'queued')
          throw new Error(`import ${found.state}: ${found.error?.message}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return performance.now() - start;
    };
    const lanceStart = performance.now();
    await raw.createTable('reference', table);
    const lanceMs = performance.now() - lanceStart;
    const csvMs = await timeImport('data.csv', 'from_csv');
    const parquetMs = await timeImport('data.parquet', 'from_parquet');

    const rate = (ms: number) => Math.round(ROWS / (ms / 1000)).toLocaleString('en');
    console.log(`Imports of ${ROWS.toLocaleString('en')} rows (${new Date().toISOString()})`);
    console.log(
      `CSV ${(statSync(join(dir, 'data.csv')).size / 1e6).toFixed(0)} MB, Parquet ${(statSync(join(dir, 'data.parquet')).size / 1e6).toFixed(0)} MB`,
    );
    console.log(
      '\n| source | time (ms) | rows/s | throughput vs LanceDB createTable from Arrow |\n|---|---:|---:|---:|',
    );
    console.log(
      `| LanceDB createTable (Arrow in memory) | ${lanceMs.toFixed(0)} | ${rate(lanceMs)} | 100% |`,
    );
    console.log(
      `| CSV import | ${csvMs.toFixed(0)} | ${rate(csvMs)} | ${((lanceMs / csvMs) * 100).toFixed(0)}% |`,
    );
    console.log(
      `| Parquet import | ${parquetMs.toFixed(0)} | ${rate(parquetMs)} | ${((lanceMs / parquetMs) * 100).toFixed(0)}% |`,
    );
    raw.close();
    await host.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
