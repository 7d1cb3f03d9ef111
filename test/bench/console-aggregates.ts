/**
 * Console aggregates benchmark (issue 36, part 2): a GROUP BY over BENCH_AGG_ROWS rows (default
 * 1,000,000) run as the console runs it — planned from the SQL, the table scanned through the
 * engine's CatalogClient (`queryStream`, only the columns named), streamed batch by batch into a
 * fresh DuckDB and aggregated there — against its reference in the same run: LanceDB's own
 * in-process scan of the same columns to one Arrow table (`query().select().toArrow()`), then a
 * fresh DuckDB aggregating that Arrow with the same SQL. Node's DuckDB cannot scan JS Arrow memory
 * in place, so the reference loads it with the same appender code (arrow-into-duck.ts), the
 * fastest way at hand; what differs is the engine's streamed read against LanceDB's direct one.
 * Both sides alternate BENCH_AGG_REPS times (default 7); medians. Goal: ours ≤ 1.5× the reference.
 *
 * The table has a 32-float vector column besides the ones aggregated, so reading only the needed
 * columns matters. Then the peak RSS growth of each side (sampled every 5 ms) and one GROUP BY of
 * every row (10^6 groups), whose answer is capped at the console's 10,000 rows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import * as duckApi from '@duckdb/node-api';
import duckBindings from '@duckdb/node-bindings';
import { connect } from '../../src-main/catalog';
import { arrow } from '../../src-main/catalog/arrow';
import { ArrowIntoDuck } from '../../src-main/host/console/arrow-into-duck';
import { duckColumn } from '../../src-main/host/console/engine-query';
import { planConsoleQuery } from '../../src-main/host/console/plan-console-query';
import { ENGINE_LIMITS, runEngineQuery } from '../../src-main/host/console/run-engine-query';
import { median } from './timing';

const ROWS = Number(process.env.BENCH_AGG_ROWS ?? 1_000_000);
const REPS = Number(process.env.BENCH_AGG_REPS ?? 7);
const DIM = 32;
const GOAL = 1.5;

const QUERIES = [
  {
    name: 'GROUP BY a text column (100 groups)',
    sql: 'SELECT category, count(*) AS n, avg(price) AS mean, sum(qty) AS total FROM items GROUP BY category ORDER BY n DESC',
  },
  {
    name: 'GROUP BY an integer column, filtered (1,000 groups)',
    sql: 'SELECT qty, count(*) AS n, max(price) AS top FROM items WHERE price > 10 GROUP BY qty ORDER BY qty',
  },
];

function benchTable(from: number, count: number) {
  const vectors = new Float32Array(count * DIM);
  for (let i = 0; i < vectors.length; i++) vectors[i] = ((i * 2654435761) % 1000) / 1000;
  const vectorType = new arrow.FixedSizeList(
    DIM,
    new arrow.Field('item', new arrow.Float32(), true),
  );
  return new arrow.Table({
    id: arrow.vectorFromArray(BigInt64Array.from({ length: count }, (_, i) => BigInt(from + i))),
    category: arrow.vectorFromArray(
      Array.from({ length: count }, (_, i) => `cat-${((from + i) * 7919) % 100}`),
      new arrow.Utf8(),
    ),
    price: arrow.vectorFromArray(
      Float64Array.from({ length: count }, (_, i) => (((from + i) * 37) % 10_000) / 100),
    ),
    qty: arrow.vectorFromArray(
      Int32Array.from({ length: count }, (_, i) => ((from + i) * 13) % 1000),
    ),
    vector: arrow.makeVector(
      arrow.makeData({
        type: vectorType,
        length: count,
        nullCount: 0,
        child: arrow.makeData({ type: new arrow.Float32(), length: count * DIM, data: vectors }),
      }),
    ),
  });
}

/** The reference: LanceDB's in-process scan to one Arrow table, aggregated by a fresh DuckDB. */
async function reference(
  table: lancedb.Table,
  columns: string[],
  filter: string | undefined,
  sql: string,
) {
  let query = table.query().select(columns);
  if (filter) query = query.where(filter);
  const data = await query.toArrow();
  const instance = await duckApi.DuckDBInstance.create(':memory:', {
    threads: String(ENGINE_LIMITS.threads),
    memory_limit: ENGINE_LIMITS.memoryLimit,
  });
  const connection = await instance.connect();
  try {
    const loader = new ArrowIntoDuck(duckApi, duckBindings, data.schema.fields, columns);
    await connection.run(`CREATE TABLE t0 (${loader.columnsSql(duckColumn)})`);
    const appender = await connection.createAppender('t0');
    for (const batch of data.batches) loader.append(appender, batch);
    appender.closeSync();
    return (await connection.runAndReadAll(sql)).currentRowCount;
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** Peak RSS growth (MB) while `work` runs, sampled every 5 ms. */
async function peakGrowth(work: () => Promise<unknown>): Promise<number> {
  globalThis.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  return (peak - base) / 2 ** 20;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cs-bench-agg-'));
  const loads = [loadavg()[0]!];
  try {
    const catalog = await connect(dir);
    const step = 100_000;
    const created = await catalog.createTable('items', benchTable(0, Math.min(step, ROWS)));
    for (let from = step; from < ROWS; from += step) {
      await created.insert(benchTable(from, Math.min(step, ROWS - from)));
    }
    await created.compact();
    const direct = await (await lancedb.connectNamespace('dir', { root: dir })).openTable('items');
    console.log(
      `# Console aggregates: ${ROWS.toLocaleString('en')} rows, ${REPS} rounds, ${new Date().toISOString()}\n`,
    );
    console.log('| query | ours (median) | reference (median) | ratio | goal ≤ 1.5× |');
    console.log('|---|---|---|---|---|');
    for (const { name, sql } of QUERIES) {
      const plan = planConsoleQuery(sql, 10_000);
      if (plan.kind !== 'engine') throw new Error('not an engine query');
      const [scan] = plan.query.tables;
      const open = () => catalog.openTable('items');
      const ours: number[] = [];
      const ref: number[] = [];
      for (let round = 0; round < REPS; round++) {
        const sides = [
          async () => {
            const t0 = performance.now();
            await runEngineQuery(plan.query, open);
            ours.push(performance.now() - t0);
          },
          async () => {
            const t0 = performance.now();
            await reference(direct, scan!.columns, scan!.filter, plan.query.sql);
            ref.push(performance.now() - t0);
          },
        ];
        if (round % 2) sides.reverse();
        for (const side of sides) await side();
      }
      loads.push(loadavg()[0]!);
      const ratio = median(ours) / median(ref);
      console.log(
        `| ${name} | ${median(ours).toFixed(0)} ms | ${median(ref).toFixed(0)} ms | ${ratio.toFixed(2)}× | ${ratio <= GOAL ? 'met' : 'missed'} |`,
      );
    }
    const [first] = QUERIES;
    const plan = planConsoleQuery(first!.sql, 10_000);
    if (plan.kind !== 'engine') throw new Error('not an engine query');
    const [scan] = plan.query.tables;
    const oursRss = await peakGrowth(() =>
      runEngineQuery(plan.query, () => catalog.openTable('items')),
    );
    const refRss = await peakGrowth(() =>
      reference(direct, scan!.columns, scan!.filter, plan.query.sql),
    );
    console.log(
      `\nPeak RSS growth, first query: ours ${oursRss.toFixed(0)} MB, reference ${refRss.toFixed(0)} MB`,
    );
    const every = planConsoleQuery('SELECT id, count(*) AS n FROM items GROUP BY id', 10_000);
    if (every.kind !== 'engine') throw new Error('not an engine query');
    const t0 = performance.now();
    let rows = 0;
    const everyRss = await peakGrowth(async () => {
      rows = (await runEngineQuery(every.query, () => catalog.openTable('items'))).rows;
    });
    console.log(
      `GROUP BY id (${ROWS.toLocaleString('en')} groups): ${(performance.now() - t0).toFixed(0)} ms, ${rows} rows answered (capped), peak RSS growth ${everyRss.toFixed(0)} MB`,
    );
    console.log(
      `Load average (1 min) during the run: ${loads.map((l) => l.toFixed(1)).join(' → ')}`,
    );
    direct.close();
    await catalog.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
