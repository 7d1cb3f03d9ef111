/**
 * Server benchmark: each workload through `catalog-studio serve` (a child process on loopback)
 * and through LanceDB in-process on the same folder, alternated call by call in one run, with
 * medians compared. Prints each figure with the goal of issue 15 beside it.
 *
 * Sizes: BENCH_SEARCH_ROWS (default 200000, with IVF_PQ, BTREE and FTS indexes), BENCH_FLAT_ROWS
 * (20000, searched without an index), BENCH_BULK_ROWS (1000000; bulk reads of 100k and of all),
 * BENCH_DIM (128), BENCH_REPS (100 per small workload), BENCH_LIST_TABLES (1000 root tables, in a
 * second folder, listed against reading that folder in-process).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { request } from 'undici';
import { connect } from '../../src-main/catalog';
import { arrow } from '../../src-main/catalog/arrow';
import { startServerProcess } from '../support/server-process';
import { mb, peakRssBytes, resetPeak, rssBytes } from '../support/process-memory';
import { compare, type Comparison } from './timing';
import { buildBenchTables, WORDS } from './server-tables';
import { postJson, queryTable, streamQuery } from './arrow-readers';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SIZES = {
  searched: env('BENCH_SEARCH_ROWS', 200_000),
  flat: env('BENCH_FLAT_ROWS', 20_000),
  bulk: env('BENCH_BULK_ROWS', 1_000_000),
  dim: env('BENCH_DIM', 128),
};
const REPS = env('BENCH_REPS', 100);
const LIST_TABLES = env('BENCH_LIST_TABLES', 1_000);
const tableName = (i: number) => `t${String(i).padStart(6, '0')}`;

interface Figure {
  name: string;
  value: string;
  goal: string;
  met: boolean;
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'cs-bench-server-'));
  const started = Date.now();
  const engine = await connect(root);
  await buildBenchTables(engine, SIZES);
  await engine.close();
  console.log(`tables built in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  const listRoot = mkdtempSync(join(tmpdir(), 'cs-bench-list-'));
  const lister = await lancedb.connectNamespace('dir', { root: listRoot });
  const one = arrow.tableFromArrays({ id: Int32Array.from([1]) });
  // One table made by LanceDB, then copied: a table folder holds only relative paths, so each
  // copy is a whole table, and 100,000 of them take a minute or two instead of twenty.
  const firstName = tableName(0);
  await lister.createTable(firstName, one);
  lister.close();
  for (let i = 1; i < LIST_TABLES; i++) {
    cpSync(join(listRoot, `${firstName}.lance`), join(listRoot, `${tableName(i)}.lance`), {
      recursive: true,
    });
  }
  const lanceLister = await lancedb.connectNamespace('dir', { root: listRoot });
  // Listings are kept only under folder times older than two seconds (the racy rule).
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  const listServer = await startServerProcess(['--root', listRoot]);

  const server = await startServerProcess(['--root', root]);
  const pid = server.child.pid!;
  const local = await lancedb.connectNamespace('dir', { root }, { readConsistencyInterval: 0 });
  const remote = await lancedb.connect('db://bench', {
    apiKey: 'unused',
    hostOverride: server.url,
  });
  const searched = await local.openTable('searched');
  const flat = await local.openTable('flat');
  const bulk = await local.openTable('bulk');
  const remoteBulk = await remote.openTable('bulk');
  const table = (name: string, route: string) => `${server.url}/v1/table/${name}/${route}`;
  const vector = new Array(SIZES.dim).fill(0.5);
  const pick = (round: number) => (round * 7919) % SIZES.searched;
  const word = (round: number) => `w${(round * 31) % WORDS}`;

  const comparisons: Comparison[] = [];
  const run = async (
    name: string,
    reps: number,
    viaServer: (round: number) => Promise<unknown>,
    inProcess: (round: number) => Promise<unknown>,
  ) => {
    await viaServer(0);
    await inProcess(0);
    const result = await compare(name, reps, viaServer, inProcess);
    comparisons.push(result);
    console.log(
      `${name}: server ${result.oursMs.toFixed(2)} ms, in-process ${result.lanceMs.toFixed(2)} ms`,
    );
    return result;
  };

  const perCall = [
    await run(
      'count_rows',
      REPS,
      () => postJson(table('searched', 'count_rows'), {}),
      () => searched.countRows(),
    ),
    await run(
      `vector k=10, flat, ${SIZES.flat.toLocaleString('en')} rows`,
      REPS,
      () => queryTable(table('flat', 'query'), { vector, k: 10, columns: ['id'] }),
      () => flat.vectorSearch(vector).limit(10).select(['id']).toArrow(),
    ),
    await run(
      `vector k=10, IVF_PQ, ${SIZES.searched.toLocaleString('en')} rows`,
      REPS,
      () => queryTable(table('searched', 'query'), { vector, k: 10, columns: ['id'] }),
      () => searched.vectorSearch(vector).limit(10).select(['id']).toArrow(),
    ),
    await run(
      'BTREE point (id = N)',
      REPS,
      (round) =>
        queryTable(table('searched', 'query'), {
          filter: `id = ${pick(round)}`,
          k: 10,
          columns: ['id'],
        }),
      (round) =>
        searched
          .query()
          .where(`id = ${pick(round)}`)
          .limit(10)
          .select(['id'])
          .toArrow(),
    ),
    await run(
      'FTS k=10',
      REPS,
      (round) =>
        queryTable(table('searched', 'query'), {
          full_text_query: { string_query: { query: word(round) } },
          k: 10,
          columns: ['id'],
        }),
      (round) => searched.search(word(round), 'fts').limit(10).select(['id']).toArrow(),
    ),
  ];

  const listThroughServer = async () => {
    const response = await request(`${listServer.url}/v1/table/?limit=${LIST_TABLES}`);
    const { tables } = (await response.body.json()) as { tables: string[] };
    if (tables.length !== LIST_TABLES) throw new Error(`listed ${tables.length}`);
  };
  const listReps = LIST_TABLES > 10_000 ? 15 : REPS;
  const listed = `list ${LIST_TABLES.toLocaleString('en')} root tables (LanceDB's route)`;
  // Two references: the bare directory read (the floor of any listing) and LanceDB's own
  // in-process listing of the same folder, which is what an app without a server would do.
  const listing = await run(`${listed} vs readdir`, listReps, listThroughServer, () =>
    readdir(listRoot),
  );
  const listingVsLance = await run(
    `${listed} vs LanceDB listTables`,
    listReps,
    listThroughServer,
    async () => {
      const { tables } = await lanceLister.listTables({ limit: LIST_TABLES });
      if (tables.length !== LIST_TABLES) throw new Error(`LanceDB listed ${tables.length}`);
    },
  );

  const bulkSizes = [100_000, SIZES.bulk].filter((n, i, all) => all.indexOf(n) === i);
  const streaming: Comparison[] = [];
  const lanceClient: Comparison[] = [];
  for (const rows of bulkSizes) {
    const reps = rows >= 1_000_000 ? 7 : 15;
    streaming.push(
      await run(
        `bulk read ${rows.toLocaleString('en')} rows, streaming client`,
        reps,
        () => streamQuery(table('bulk', 'query'), { k: rows }),
        () => bulk.query().limit(rows).toArrow(),
      ),
    );
    lanceClient.push(
      await run(
        `bulk read ${rows.toLocaleString('en')} rows, LanceDB remote client`,
        reps,
        () => remoteBulk.query().limit(rows).toArrow(),
        () => bulk.query().limit(rows).toArrow(),
      ),
    );
  }

  // Memory: the peak during one read of the whole bulk table, against the size of its answer;
  // then whether the resident size settles back after many reads.
  const replyBytes = SIZES.bulk * 24;
  const before = resetPeak(pid);
  await streamQuery(table('bulk', 'query'), { k: SIZES.bulk });
  const peakGrowth = peakRssBytes(pid) - before;
  const afterFirst = rssBytes(pid);
  for (let i = 0; i < 29; i++) await streamQuery(table('bulk', 'query'), { k: SIZES.bulk });
  const afterThirty = rssBytes(pid);

  const figures: Figure[] = [
    ...perCall.map((c) => {
      const added = c.oursMs - c.lanceMs;
      return {
        name: `${c.name}: added per call`,
        value: `+${added.toFixed(2)} ms`,
        goal: '≤ +1 ms',
        met: added <= 1,
      };
    }),
    { ...share(listing, 70), name: `${listing.name}: throughput` },
    { ...share(listingVsLance, 70), name: `${listingVsLance.name}: throughput` },
    ...streaming.map((c) => share(c, 80)),
    ...lanceClient.map((c) => share(c, 65)),
    {
      name: `server peak RSS growth, one ${mb(replyBytes)} MB read`,
      value: `${mb(peakGrowth)} MB (${(peakGrowth / replyBytes).toFixed(2)}× the reply)`,
      goal: '≤ 1.5× the reply',
      met: peakGrowth <= 1.5 * replyBytes,
    },
    {
      name: 'server RSS after 30 bulk reads vs after the first',
      value: `${mb(afterThirty)} MB vs ${mb(afterFirst)} MB (${(((afterThirty - afterFirst) / afterFirst) * 100).toFixed(1)}%)`,
      goal: 'within 10%',
      met: afterThirty <= afterFirst * 1.1,
    },
  ];
  console.log(`\nServer vs LanceDB in-process, ${new Date().toISOString()}`);
  console.log('\n| figure | measured | goal | met |\n|---|---:|---|---|');
  for (const f of figures)
    console.log(`| ${f.name} | ${f.value} | ${f.goal} | ${f.met ? 'yes' : 'no'} |`);

  remote.close();
  local.close();
  lanceLister.close();
  await server.kill('SIGTERM');
  await listServer.kill('SIGTERM');
  rmSync(root, { recursive: true, force: true });
  rmSync(listRoot, { recursive: true, force: true });
}

function share(c: Comparison, goalPercent: number): Figure {
  const percent = (c.lanceMs / c.oursMs) * 100;
  return {
    name: `${c.name}: throughput`,
    value: `${percent.toFixed(0)}% of in-process`,
    goal: `≥ ${goalPercent}%`,
    met: percent >= goalPercent,
  };
}

await main();
