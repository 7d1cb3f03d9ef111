/**
 * Import benchmark: the imports workload of shared/reference/perf-workloads.md, through the app's
 * own import procedure (`imports:start`, as the form starts it, waited for to the end), against
 * its references in the same run, round-robin (BENCH_IMPORT_REPS rounds, default 5; medians):
 *
 * - a CSV of BENCH_IMPORT_ROWS rows (default 1,000,000; `import-data.ts`): int64 `id` (past 2^31
 *   and 2^53, negative), float64 `x`, short text `s` (quoted commas and quotes, non-ASCII), ISO
 *   date-time `ts` with Z; imported with the form's types set (int64, float64, utf8, timestamp)
 *   and with types inferred; the same CSV without `ts`, inferred (and again with no DuckDB
 *   instance kept from the import before: a first import); the same rows as Parquet;
 * - in-process reference: LanceDB's createTable from the same rows already in Arrow;
 * - reader pipelines: DuckDB's read_csv (types given) → Arrow → createTable, for each CSV; for
 *   Parquet, parquet-wasm's readParquet and DuckDB's read_parquet → Arrow → createTable, the
 *   faster of the two being the reference. DuckDB's answers are copied into Arrow by the import's
 *   own column sinks (`duckdb-arrow.ts`), the fastest way at hand.
 *
 * Then the peak RSS of a process importing a large Parquet file and a large CSV of the same rows
 * (BENCH_IMPORT_BIG_MB each, default 1024; 0 skips them), against 1 GB. Nothing fails on time.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { readParquet } from 'parquet-wasm/node';
import { arrow } from '../../src-main/catalog/arrow';
import { closeIdleInstance } from '../../src-main/host/imports/duckdb-pool';
import { duckdbToArrow } from './duckdb-arrow';
import { arrowRows, parquetBytes, writeBigParquet, writeCsv } from './import-data';
import { importFile, openImportHost, type FormColumn } from './import-host';
import { median } from './timing';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000);
const REPS = Number(process.env.BENCH_IMPORT_REPS ?? 5);
const BIG_MB = Number(process.env.BENCH_IMPORT_BIG_MB ?? 1024);

const FORM_TYPES: FormColumn[] = [
  { source: 'id', name: 'id', type: 'int64' },
  { source: 'x', name: 'x', type: 'float64' },
  { source: 's', name: 's', type: 'utf8' },
  { source: 'ts', name: 'ts', type: 'timestamp' },
];

/** The same import with no DuckDB instance kept open (duckdb-pool.ts) when it starts. */
const COLD_NO_TS = 'CSV without ts, inferred, DuckDB not open: our import';

const csvReader = (withTs: boolean) =>
  `SELECT * FROM read_csv($1, header = true, auto_detect = false, delim = ',', quote = '"', ` +
  `escape = '"', columns = {'id': 'BIGINT', 'x': 'DOUBLE', 's': 'VARCHAR'` +
  `${withTs ? `, 'ts': 'TIMESTAMP'` : ''}})`;

/** A goal row: the measured ratio, the goal, and whether it is met. */
const goalRow = (what: string, ratio: number, goal: number) =>
  `| ${what} | ${(ratio * 100).toFixed(0)}% | ≥ ${goal}% | ${ratio * 100 >= goal ? 'yes' : 'no'} |`;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cs-bench-import-'));
  const loads: number[] = [loadavg()[0]!];
  try {
    const csv = join(dir, 'data.csv');
    const csvNoTs = join(dir, 'no-ts.csv');
    const parquet = join(dir, 'data.parquet');
    await writeCsv(csv, { rows: ROWS });
    await writeCsv(csvNoTs, { rows: ROWS, withTs: false });
    writeFileSync(parquet, parquetBytes(0, ROWS));
    const table = arrowRows(0, ROWS);
    const tableNoTs = arrowRows(0, ROWS, false);
    const host = await openImportHost(join(dir, 'host'), join(dir, 'catalog'));
    const raw = await lancedb.connect(join(dir, 'raw'));

    let n = 0;
    const name = (what: string) => `${what}_${n++}`;
    const work: Record<string, () => Promise<unknown>> = {
      'createTable from Arrow': () => raw.createTable(name('arrow'), table),
      'createTable from Arrow, without ts': () => raw.createTable(name('arrow3'), tableNoTs),
      'CSV: DuckDB read_csv → Arrow → createTable': async () =>
        raw.createTable(name('duck_csv'), await duckdbToArrow(csvReader(true), csv, table.schema)),
      'CSV without ts: DuckDB read_csv → Arrow → createTable': async () =>
        raw.createTable(
          name('duck_csv3'),
          await duckdbToArrow(csvReader(false), csvNoTs, tableNoTs.schema),
        ),
      'Parquet: parquet-wasm → Arrow → createTable': async () =>
        raw.createTable(
          name('wasm_pq'),
          // Whole row groups as batches: parquet-wasm's default of 1,024 rows makes a
          // thousand batches, which LanceDB's IPC writer takes in time quadratic in their count.
          arrow.tableFromIPC(
            readParquet(readFileSync(parquet), { batchSize: 1 << 20 }).intoIPCStream(),
          ),
        ),
      'Parquet: DuckDB read_parquet → Arrow → createTable': async () =>
        raw.createTable(
          name('duck_pq'),
          await duckdbToArrow(`SELECT * FROM read_parquet($1)`, parquet, table.schema),
        ),
      'CSV, the form’s types: our import': () => importFile(host, csv, name('typed'), FORM_TYPES),
      'CSV, types inferred: our import': () => importFile(host, csv, name('inferred')),
      'CSV without ts, inferred: our import': () => importFile(host, csvNoTs, name('no_ts')),
      [COLD_NO_TS]: () => importFile(host, csvNoTs, name('no_ts_cold')),
      'Parquet: our import': () => importFile(host, parquet, name('pq')),
    };
    const names = Object.keys(work);
    const times = new Map<string, number[]>(names.map((k) => [k, []]));
    // One round unmeasured: modules, DuckDB's and LanceDB's first calls.
    for (const key of names) await work[key]!();
    for (let round = 0; round < REPS; round++) {
      // Each round starts at a different workload, so that drift hits all alike.
      for (let k = 0; k < names.length; k++) {
        const key = names[(k + round) % names.length]!;
        // A first import, or one after DuckDB's kept instance was closed for idleness.
        if (key === COLD_NO_TS) closeIdleInstance();
        const start = performance.now();
        await work[key]!();
        times.get(key)!.push(performance.now() - start);
      }
      loads.push(loadavg()[0]!);
    }
    raw.close();
    await host.close();

    const ms = (key: string) => median(times.get(key)!);
    const vs = (key: string, reference: string) => ms(reference) / ms(key);
    const arrowMs = ms('createTable from Arrow');
    console.log(
      `Imports of ${ROWS.toLocaleString('en')} rows, ${REPS} rounds, ${new Date().toISOString()}, ` +
        `load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
    );
    console.log(
      `CSV ${(statSync(csv).size / 1e6).toFixed(0)} MB (without ts ${(statSync(csvNoTs).size / 1e6).toFixed(0)} MB), ` +
        `Parquet ${(statSync(parquet).size / 1e6).toFixed(0)} MB\n`,
    );
    console.log(
      '| pipeline | median ms | rows/s | vs createTable from Arrow |\n|---|---:|---:|---:|',
    );
    for (const key of names) {
      const reference = key.includes('without ts') ? 'createTable from Arrow, without ts' : '';
      const ratio = (reference ? ms(reference) : arrowMs) / ms(key);
      const rate = Math.round(ROWS / (ms(key) / 1000)).toLocaleString('en');
      console.log(`| ${key} | ${ms(key).toFixed(0)} | ${rate} | ${(ratio * 100).toFixed(0)}% |`);
    }

    const csvReaderKey = 'CSV: DuckDB read_csv → Arrow → createTable';
    const bestParquet = [
      'Parquet: parquet-wasm → Arrow → createTable',
      'Parquet: DuckDB read_parquet → Arrow → createTable',
    ].sort((a, b) => ms(a) - ms(b))[0]!;
    const rows: Array<[string, string, string, number]> = [
      ['CSV, the form’s types', 'CSV, the form’s types: our import', csvReaderKey, 19],
      ['CSV, types inferred', 'CSV, types inferred: our import', csvReaderKey, 19],
      [
        'CSV without ts, inferred',
        'CSV without ts, inferred: our import',
        'CSV without ts: DuckDB read_csv → Arrow → createTable',
        19,
      ],
      [
        'CSV without ts, inferred, DuckDB not open',
        COLD_NO_TS,
        'CSV without ts: DuckDB read_csv → Arrow → createTable',
        19,
      ],
      ['Parquet', 'Parquet: our import', bestParquet, 38],
    ];
    console.log(
      '\n| import | vs createTable from Arrow | goal | met | vs the reader pipeline |\n|---|---:|---|---|---:|',
    );
    for (const [what, ours, reader, goal] of rows) {
      const arrowRef = what.includes('without ts')
        ? 'createTable from Arrow, without ts'
        : 'createTable from Arrow';
      const line = goalRow(what, vs(ours, arrowRef), goal);
      console.log(`${line} ${(vs(ours, reader) * 100).toFixed(0)}% |`);
    }

    if (BIG_MB > 0) {
      console.log(
        '\n| peak RSS of one import, start-up included | measured | goal | met |\n|---|---:|---|---|',
      );
      const big = join(dir, 'big.parquet');
      const bigRows = await writeBigParquet(big, BIG_MB);
      rmSync(csv);
      bigImport(dir, big, bigRows, 'Parquet');
      rmSync(big);
      const bigCsv = join(dir, 'big.csv');
      const csvRows = await writeCsv(bigCsv, { megabytes: BIG_MB });
      bigImport(dir, bigCsv, csvRows, 'CSV', FORM_TYPES);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Imports `file` in a process of its own and prints its peak RSS against the goal. */
function bigImport(dir: string, file: string, rows: number, what: string, columns?: FormColumn[]) {
  const child = join(import.meta.dirname, 'import-child.ts');
  const args = [
    '--import',
    'tsx',
    child,
    file,
    join(dir, `${what}-host`),
    join(dir, `${what}-cat`),
  ];
  const output = execFileSync(
    process.execPath,
    columns ? [...args, JSON.stringify(columns)] : args,
    {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    },
  );
  const result = JSON.parse(output.trim().split('\n').pop()!) as {
    ms: number;
    peakRssMb: number;
    rows: number;
  };
  if (result.rows !== rows) throw new Error(`imported ${result.rows} of ${rows} rows`);
  const size = (statSync(file).size / 1e9).toFixed(1);
  console.log(
    `| ${what}, ${size} GB (${rows.toLocaleString('en')} rows, ${(result.ms / 1000).toFixed(0)} s${columns ? ', the form’s types' : ''}) | ${result.peakRssMb} MB | < 1024 MB | ${result.peakRssMb < 1024 ? 'yes' : 'no'} |`,
  );
}

await main();
