/**
 * Table lifecycle benchmark (not part of `npm test`), on a table of BENCH_LIFECYCLE_ROWS rows
 * (default 1,000,000: an id, a text, a score and a 32-d vector), each figure against LanceDB
 * in-process in the same run, alternated round by round (BENCH_LIFECYCLE_ROUNDS, default 3;
 * medians):
 *
 * - export to Parquet: ours (the engine's Arrow stream, batch by batch into parquet-wasm's
 *   streaming writer, the count checked) against LanceDB reading the table into Arrow and
 *   parquet-wasm writing that in one go;
 * - copy to a `catalog-studio serve` process on another folder: ours (copy-table.ts over REST)
 *   against LanceDB reading the table into Arrow and createTable in another folder;
 * - a sorted first page (100 rows, by score descending, ties by id) through the app's host, against
 *   LanceDB's own orderBy query;
 * - the peak resident memory of an export and of a copy, each in a process of its own.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as lancedb from '@lancedb/lancedb';
import { writeParquet, Table as WasmTable } from 'parquet-wasm/node';
import { writeFileSync } from 'node:fs';
import { arrow } from '../../src-main/catalog/arrow';
import { connect, connectNamespace } from '../../src-main/catalog';
import { copyTable } from '../../src-main/catalog/copy/copy-table';
import { Host } from '../../src-main/host/host';
import { FileSecretStore } from '../../src-main/host/secret-store';
import { startServerProcess } from '../support/server-process';
import { callOk, finishedJob } from '../support/host-calls';
import { compare, formatComparison, timeOnce } from './timing';

const ROWS = Number(process.env.BENCH_LIFECYCLE_ROWS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_LIFECYCLE_ROUNDS ?? 3);
const DIM = 32;
const MB = 1024 * 1024;

function table(rows: number) {
  const values = new Float32Array(rows * DIM);
  for (let i = 0; i < values.length; i += 1) values[i] = Math.sin(i * 0.001);
  const vectorType = new arrow.FixedSizeList(
    DIM,
    new arrow.Field('item', new arrow.Float32(), true),
  );
  return new arrow.Table({
    id: arrow.makeVector(Int32Array.from({ length: rows }, (_, i) => i)),
    text: arrow.vectorFromArray(
      Array.from({ length: rows }, (_, i) => `item ${i} of ${i % 97}`),
      new arrow.Utf8(),
    ),
    score: arrow.makeVector(Float64Array.from({ length: rows }, (_, i) => (i * 7919) % 100_003)),
    vector: arrow.makeVector(
      arrow.makeData({
        type: vectorType,
        length: rows,
        nullCount: 0,
        child: arrow.makeData({ type: new arrow.Float32(), length: rows * DIM, data: values }),
      }),
    ),
  });
}

function child(args: string[]): { ms: number; peakRss: number } {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./lifecycle-child.ts', import.meta.url)), ...args],
    { encoding: 'utf8', maxBuffer: 16 * MB },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!) as { ms: number; peakRss: number };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cs-bench-lifecycle-'));
  const root = join(dir, 'catalog');
  const seed = await lancedb.connect(root);
  // Written in slices, as tables are, so that the table has fragments of LanceDB's own size.
  const data = table(ROWS);
  await seed.createTable('bench', data.slice(0, Math.min(ROWS, 250_000)));
  const created = await seed.openTable('bench');
  for (let at = 250_000; at < ROWS; at += 250_000) await created.add(data.slice(at, at + 250_000));
  console.log(`table: ${ROWS.toLocaleString('en-US')} rows, ${DIM}-d vectors`);

  // ---- export to Parquet ----------------------------------------------------------------------
  const engine = await connect(root);
  const ours = await engine.openTable('bench');
  const { exportResult } = await import('../../src-main/host/exports/export-result');
  const { EXPORT_BATCH_BYTES } = await import('../../src-main/host/exports/export-job');
  const { readIpcBatches } = await import('../../src-main/catalog/ipc-batches');
  const lance = await lancedb.connect(root);
  const lanceTable = await lance.openTable('bench');
  const exported = await compare(
    'export 1M rows to Parquet',
    ROUNDS,
    async (round) => {
      const file = join(dir, `ours-${round}.parquet`);
      await exportResult(
        'parquet',
        readIpcBatches(await ours.queryStream({}, { batchBytes: EXPORT_BATCH_BYTES })),
        await ours.schema(),
        file,
        {
          expectRows: ROWS,
        },
      );
      rmSync(file);
    },
    async (round) => {
      const file = join(dir, `lance-${round}.parquet`);
      const answer = await lanceTable.query().toArrow();
      const wasm = WasmTable.fromIPCStream(arrow.tableToIPC(answer, 'stream'));
      writeFileSync(file, writeParquet(wasm));
      rmSync(file);
    },
  );
  console.log(formatComparison(exported));
  console.log(
    `  throughput against LanceDB: ${((1 / exported.ratio) * 100).toFixed(0)}% (goal ≥ 70%)`,
  );

  // ---- copy to a served folder ----------------------------------------------------------------
  const server = await startServerProcess(['--root', join(dir, 'served')]);
  const remote = await connectNamespace('rest', { uri: server.url });
  const other = await lancedb.connect(join(dir, 'other'));
  const copied = await compare(
    'copy 1M rows to a local serve',
    ROUNDS,
    async (round) => {
      await copyTable(
        { catalog: engine, namespacePath: [], name: 'bench', label: `${root}#bench` },
        {
          catalog: remote,
          namespacePath: [],
          name: `copy${round}`,
          label: `${server.url}#copy${round}`,
        },
        { mode: 'overwrite', indexes: false },
      );
    },
    async (round) => {
      await other.createTable(`copy${round}`, await lanceTable.query().toArrow(), {
        mode: 'overwrite',
      });
    },
  );
  console.log(formatComparison(copied));
  console.log(
    `  throughput against LanceDB: ${((1 / copied.ratio) * 100).toFixed(0)}% (goal ≥ 60%)`,
  );

  // ---- sorted first page ----------------------------------------------------------------------
  await engine.close();
  const host = new Host({
    userDataDir: join(dir, 'data'),
    secrets: new FileSecretStore(join(dir, 'data', 's.json')),
  });
  const { id } = await callOk<{ id: string }>(host, 'connections:open-folder', { path: root });
  const page = {
    connectionId: id,
    path: [],
    table: 'bench',
    offset: 0,
    limit: 100,
    columns: ['id', 'text', 'score'],
    orderBy: [
      { column: 'score', ascending: false },
      { column: 'id', ascending: true },
    ],
  };
  const sorted = await compare(
    'sorted first page (100 of 1M, score desc)',
    ROUNDS + 2,
    () => callOk(host, 'tables:page', page),
    () =>
      lanceTable
        .query()
        .select(['id', 'text', 'score'])
        .orderBy([
          { columnName: 'score', ascending: false },
          { columnName: 'id', ascending: true },
        ])
        .limit(100)
        .toArrow(),
  );
  console.log(formatComparison(sorted));
  console.log(`  first page in ${sorted.oursMs.toFixed(0)} ms (goal ≤ 1000 ms)`);
  const deep = await timeOnce(() => callOk(host, 'tables:page', { ...page, offset: ROWS - 100 }));
  console.log(`  last page (offset ${ROWS - 100}) in ${deep.toFixed(0)} ms`);
  const exportJob = async () =>
    finishedJob(
      host,
      (
        await callOk<{ id: string }>(host, 'tables:export', {
          connectionId: id,
          path: [],
          table: 'bench',
          format: 'parquet',
          file: join(dir, `host-${Date.now()}.parquet`),
        })
      ).id,
    );
  const viaHost = await timeOnce(exportJob);
  console.log(`  export through the host as a job: ${viaHost.toFixed(0)} ms`);
  await host.close();

  // ---- peak memory, each in its own process ---------------------------------------------------
  const exportRun = child(['export', root, 'bench', join(dir, 'child.parquet')]);
  console.log(
    `peak RSS of an export: ${Math.round(exportRun.peakRss / MB)} MB in ${exportRun.ms.toFixed(0)} ms (goal < 512 MB)`,
  );
  const copyRun = child(['copy', root, 'bench', server.url, 'childcopy']);
  console.log(
    `peak RSS of a copy: ${Math.round(copyRun.peakRss / MB)} MB in ${copyRun.ms.toFixed(0)} ms (goal < 512 MB)`,
  );
  await remote.close();
  await server.kill();
  rmSync(dir, { recursive: true, force: true });
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
