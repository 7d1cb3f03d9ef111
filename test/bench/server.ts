/**
 * Server benchmark (`npm run bench:server`): the workloads of shared/reference/perf-workloads.md
 * ("Server calls" and "Bulk reads"), through `catalog-studio serve` as a child process on
 * loopback and LanceDB's own remote client (`connect('db://…', {hostOverride})`), each against
 * the same call through LanceDB in-process on the same folder (`lancedb.connect(folder)`, handle
 * held), in the same run, paired or interleaved, medians. Measured twice: `serve` as users run it
 * (its default, a primary handing connections to one worker per core) and `serve --workers 1` (one
 * process). Nothing fails on wall time.
 *
 * - Server calls, BENCH_REPS (100) paired each: countRows, IVF_PQ k=10, BTREE `id = N`, FTS k=10
 *   on `searched` (BENCH_SEARCH_ROWS rows, default 200,000, created and indexed through the
 *   server), and a flat k=10 on BENCH_FLAT_ROWS (20,000) rows without an index. Figure: the
 *   median of the pairs' differences; beside it the handler's own time from the access log.
 *   The searches are measured twice on each server: right after its first calls, and in service
 *   (after BENCH_IN_SERVICE, 2,000, more calls of each). And once more through the floor
 *   (bare-server.ts: Node's HTTP server and LanceDB alone), which says what any server process
 *   adds on this machine, so that what `serve` adds beyond it is seen apart.
 * - Bulk reads of BENCH_BULK_ROWS (1,000,000) rows, narrow (id, x, s) and wide (plus a
 *   BENCH_DIM-d vector), BENCH_BULK_REPS (7) and BENCH_WIDE_REPS (5) rounds: throughput as a
 *   share of in-process; then, on a server just started, BENCH_RSS_READS (30) reads with the
 *   processes' peak RSS growth per read against the answer's Arrow size, and the RSS after the
 *   last read against after the first.
 * - The bulk reads once more through the floor, reading through LanceDB and replaying its answer
 *   from memory, beside LanceDB's scan alone: about the most any server can reach with LanceDB's remote
 *   client, which decodes nothing before an answer's last byte (server-floors.ts).
 * - Kept from before: a bulk read by a streaming client (undici and apache-arrow's reader, as
 *   our own `rest` back end reads), and listing BENCH_LIST_TABLES (1,000) root tables against
 *   `readdir` and LanceDB's own `listTables`.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { request } from 'undici';
import { connect } from '../../src-main/catalog';
import { arrow } from '../../src-main/catalog/arrow';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { mb } from '../support/process-memory';
import { waitReady } from '../support/readiness';
import {
  pairedCalls,
  serveCalls,
  WARM_UP_CALLS,
  type CallFigures,
  type CallWorkload,
} from './server-calls';
import { bulkMemory, bulkReads, type BulkFigures, type MemoryFigures } from './server-bulk';
import { buildBulkTables, buildSearchedThroughServer } from './server-tables';
import { searchWorkloads } from './server-searches';
import { processTree } from './serve-memory';
import { bulkFloor, connectRemote, floorCalls, type BulkFloor } from './server-floors';
import { streamQuery } from './arrow-readers';
import { compare, type Comparison } from './timing';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SIZES = {
  searched: env('BENCH_SEARCH_ROWS', 200_000),
  flat: env('BENCH_FLAT_ROWS', 20_000),
  bulk: env('BENCH_BULK_ROWS', 1_000_000),
  dim: env('BENCH_DIM', 128),
};
const REPS = env('BENCH_REPS', 100);
const BULK_REPS = env('BENCH_BULK_REPS', 7);
const WIDE_REPS = env('BENCH_WIDE_REPS', 5);
const RSS_READS = env('BENCH_RSS_READS', 30);
const LIST_TABLES = env('BENCH_LIST_TABLES', 1_000);
const IN_SERVICE = env('BENCH_IN_SERVICE', 2_000);
const NARROW = ['id', 'x', 's'];
const WIDE = ['id', 'x', 's', 'vector'];
const NARROW_LABEL = `narrow ${SIZES.bulk.toLocaleString('en')} × (id, x, s)`;
const WIDE_LABEL = `wide ${SIZES.bulk.toLocaleString('en')} × (id, x, s, vector[${SIZES.dim}])`;

interface Figure {
  name: string;
  value: string;
  goal: string;
  met: boolean;
}

const load = () => loadavg()[0]!.toFixed(1);
const ms = (value: number) => `${value.toFixed(2)} ms`;
const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(2)} ms`;

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'cs-bench-server-'));
  const started = Date.now();
  const engine = await connect(root);
  await buildBulkTables(engine, SIZES);
  await engine.close();
  const builder = await startServerProcess(['--root', root, '--workers', '1']);
  await buildSearchedThroughServer(builder.url, SIZES.searched, SIZES.dim);
  await builder.kill('SIGTERM');
  console.log(`tables built in ${((Date.now() - started) / 1000).toFixed(0)} s, load ${load()}`);

  const local = await lancedb.connect(root);
  const localTable = {
    searched: await local.openTable('searched'),
    flat: await local.openTable('flat'),
    narrow: await local.openTable('narrow'),
    wide: await local.openTable('wide'),
  };
  const { searches: indexed, vector } = await searchWorkloads(localTable.searched, SIZES.searched);
  const searches: CallWorkload[] = [
    { name: 'countRows()', route: 'count_rows', call: (t) => t.countRows() },
    ...indexed,
  ];
  const flatSearch: CallWorkload = {
    name: `flat (no index), ${SIZES.flat.toLocaleString('en')} rows: nearestTo(v).limit(10)`,
    route: 'query',
    call: (t, round) => t.query().nearestTo(vector(round)).limit(10).toArray(),
  };

  const modes = [
    { label: 'serve (default: workers behind a primary)', short: 'default', args: [] as string[] },
    { label: 'serve --workers 1', short: '--workers 1', args: ['--workers', '1'] },
  ];
  const report: string[] = [];
  const perCall: PerCall[] = [];
  let streaming: Comparison | undefined;
  for (const mode of modes) {
    const server = await startServerProcess(['--root', root, ...mode.args]);
    // The listening line comes with the first worker; the others start after it. Measured once
    // all are up (`/readyz`), as a load balancer would first send: a worker starting beside the
    // first calls took their CPU, and its own growth was counted as a read's.
    await waitReady(server.url);
    const workers = processTree(server.child.pid!).length - 1;
    const remote = await connectRemote(server);
    const remoteTable = {
      searched: await remote.openTable('searched'),
      flat: await remote.openTable('flat'),
      narrow: await remote.openTable('narrow'),
      wide: await remote.openTable('wide'),
    };
    const loadBefore = load();
    const calls: CallFigures[] = [];
    for (const workload of searches) {
      calls.push(
        await pairedCalls(
          workload,
          REPS,
          { process: server, table: remoteTable.searched },
          localTable.searched,
        ),
      );
    }
    const flat = await pairedCalls(
      flatSearch,
      REPS,
      { process: server, table: remoteTable.flat },
      localTable.flat,
    );
    const settled = await callsInService(
      searches,
      { process: server, table: remoteTable.searched },
      localTable.searched,
    );
    const bulk: BulkFigures[] = [
      await bulkReads(
        NARROW_LABEL,
        BULK_REPS,
        NARROW,
        { process: server, table: remoteTable.narrow },
        localTable.narrow,
      ),
      await bulkReads(
        WIDE_LABEL,
        WIDE_REPS,
        WIDE,
        { process: server, table: remoteTable.wide },
        localTable.wide,
      ),
    ];
    if (mode.args.length === 0) {
      streaming = await compare(
        'bulk read, streaming client',
        BULK_REPS,
        () => streamQuery(`${server.url}/v1/table/narrow/query`, { k: SIZES.bulk }),
        () => localTable.narrow.query().toArrow(),
      );
    }
    remote.close();
    await server.kill('SIGTERM');

    // Memory on servers just started, one per table, so that the first read is the first.
    const memory: MemoryFigures[] = [];
    for (const [name, columns] of [
      ['narrow', NARROW],
      ['wide', WIDE],
    ] as const) {
      const fresh = await startServerProcess(['--root', root, ...mode.args]);
      await waitReady(fresh.url);
      const client = await connectRemote(fresh);
      memory.push(
        await bulkMemory(name, RSS_READS, [...columns], fresh, await client.openTable(name)),
      );
      client.close();
      await fresh.kill('SIGTERM');
    }

    report.push(
      formatMode(
        `${mode.label}${workers > 0 ? `, ${workers} workers` : ''} (load ${loadBefore} → ${load()})`,
        calls,
        settled,
        flat,
        bulk,
        memory,
      ),
    );
    perCall.push({ label: mode.short, fresh: calls, settled });
  }
  const floor = await floorCalls(root, searches, REPS, localTable.searched, (server) =>
    callsInService(searches, server, localTable.searched),
  );
  perCall.push({ label: 'floor (bare-server.ts)', ...floor });
  const bulkFloors = [
    await bulkFloor(root, 'narrow', NARROW_LABEL, BULK_REPS, NARROW, localTable.narrow),
    await bulkFloor(root, 'wide', WIDE_LABEL, WIDE_REPS, WIDE, localTable.wide),
  ];

  const listing = await listingFigures();
  local.close();
  rmSync(root, { recursive: true, force: true });

  console.log(`\nServer vs LanceDB in-process, ${new Date().toISOString()}`);
  console.log(formatPerCall(perCall));
  for (const section of report) console.log(section);
  console.log(
    `\n### The floor (bare-server.ts), its own time from its log\n\n${splitTable([...floor.fresh, ...floor.settled])}`,
  );
  console.log(formatBulkFloors(bulkFloors));
  console.log('\n### Also measured (default serve)\n');
  console.log('| figure | measured | goal | met |\n|---|---:|---|---|');
  for (const f of [...(streaming ? [share(streaming, 80)] : []), ...listing]) {
    console.log(`| ${f.name} | ${f.value} | ${f.goal} | ${f.met ? 'yes' : 'no'} |`);
  }
}

/** One server's per-call figures: after WARM_UP calls, and in service (after IN_SERVICE more). */
interface PerCall {
  label: string;
  fresh: CallFigures[];
  settled: CallFigures[];
}

/** Measures `searches` in pairs on a server that has answered IN_SERVICE calls of each. */
async function callsInService(
  searches: CallWorkload[],
  server: { process: ServerProcess; table: lancedb.Table },
  local: lancedb.Table,
): Promise<CallFigures[]> {
  for (const workload of searches) await serveCalls(workload, IN_SERVICE, server.table);
  const figures: CallFigures[] = [];
  for (const workload of searches) figures.push(await pairedCalls(workload, REPS, server, local));
  return figures.map((f) => ({ ...f, name: `${f.name}, in service` }));
}

/** Added per call, fresh and in service, for every server side by side, against the goal. */
function formatPerCall(servers: PerCall[]): string {
  const lines = [
    `\n### Added per call over in-process (median of ${REPS} pairs): after ${WARM_UP_CALLS} calls / in service (after ${IN_SERVICE.toLocaleString('en')} more)\n`,
    `| call | ${servers.map((s) => s.label).join(' | ')} | goal |`,
    `|---|${servers.map(() => '---:|').join('')}---|`,
  ];
  servers[0]!.fresh.forEach((call, i) => {
    const cells = servers.map(
      (s) => `${signed(s.fresh[i]!.addedMs)} / ${signed(s.settled[i]!.addedMs)}`,
    );
    lines.push(`| ${call.name} | ${cells.join(' | ')} | ≤ +1 ms |`);
  });
  return lines.join('\n');
}

/** Each call's time split: the server's own (its log) and the rest (the wire, the client). */
function splitTable(calls: CallFigures[]): string {
  const lines = [
    '| call | in-process | server | added (median of pairs) | handler (access log) | handler − in-process | server − handler (wire, client) |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const c of calls) {
    const handler = c.handlerMs ?? NaN;
    lines.push(
      `| ${c.name} | ${ms(c.inProcessMs)} | ${ms(c.serverMs)} | ${signed(c.addedMs)} | ${ms(handler)} | ${signed(handler - c.inProcessMs)} | ${ms(c.serverMs - handler)} |`,
    );
  }
  return lines.join('\n');
}

function formatMode(
  title: string,
  calls: CallFigures[],
  settled: CallFigures[],
  flat: CallFigures,
  bulk: BulkFigures[],
  memory: MemoryFigures[],
): string {
  const lines = [`\n### ${title}\n`, splitTable([...calls, flat, ...settled])];
  const figures: Figure[] = [
    ...[...calls, flat, ...settled].map((c) => ({
      name: `${c.name}: added per call`,
      value: signed(c.addedMs),
      goal: '≤ +1 ms',
      met: c.addedMs <= 1,
    })),
    ...bulk.map((b) => ({
      name: `bulk read ${b.name}: throughput`,
      value: `${(b.share * 100).toFixed(0)}% of in-process (${b.serverMs.toFixed(0)} vs ${b.inProcessMs.toFixed(0)} ms; the server's own ${b.handlerMs.toFixed(0)} ms)`,
      goal: '≥ 80%',
      met: b.share >= 0.8,
    })),
    ...memory.flatMap((m) => [
      {
        name: `${m.name}: server peak RSS growth during a read, in service (largest of reads 2–${RSS_READS})`,
        value: `${mb(m.laterGrowth)} MB, ${(m.laterGrowth / m.replyBytes).toFixed(2)}× the ${mb(m.replyBytes)} MB reply`,
        goal: '≤ 2× the reply',
        met: m.laterGrowth <= 2 * m.replyBytes,
      },
      {
        name: `${m.name}: the same, first read after the start (the process's one-time growth too)`,
        value: `${mb(m.firstGrowth)} MB, ${(m.firstGrowth / m.replyBytes).toFixed(2)}× the reply`,
        goal: '≤ 2× the reply',
        met: m.firstGrowth <= 2 * m.replyBytes,
      },
      {
        name: `${m.name}: server RSS after ${RSS_READS} reads vs after the first`,
        value: `${mb(m.rssAfterLast)} vs ${mb(m.rssAfterFirst)} MB (${(((m.rssAfterLast - m.rssAfterFirst) / m.rssAfterFirst) * 100).toFixed(1)}%)`,
        goal: 'within 10%',
        met: m.rssAfterLast <= m.rssAfterFirst * 1.1,
      },
    ]),
  ];
  lines.push('', '| figure | measured | goal | met |', '|---|---:|---|---|');
  for (const f of figures)
    lines.push(`| ${f.name} | ${f.value} | ${f.goal} | ${f.met ? 'yes' : 'no'} |`);
  return lines.join('\n');
}

/**
 * Bulk reads through the floors, against in-process in the same rounds: the floor reading through
 * LanceDB (what any server that reads the table costs), the floor replaying its answer (the wire
 * and LanceDB's remote client alone), and LanceDB's scan alone in-process. A server's answer takes
 * at least the scan, and LanceDB's remote client decodes nothing before the answer's last byte: a
 * read through any server takes at least the scan plus what the client does after that byte (the
 * replay's time less the replaying server's own, which ends with the last byte sent). The last
 * column is in-process time over that sum: about the most any server can reach, even one whose
 * sending hid entirely behind its scan (an estimate: medians of separate rounds, and the bytes
 * still in the kernel's buffers at the replay's last write count as the client's).
 */
function formatBulkFloors(floors: BulkFloor[]): string {
  const lines = [
    '\n### Bulk reads through the floors (bare-server.ts), against in-process\n',
    '| read | in-process | floor, reading through LanceDB | floor, replaying from memory | LanceDB scan alone (in-process) | the client after the last byte | most any server can reach |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { scanned, replayed, scanAloneMs, scanBytes } of floors) {
    const cell = (b: BulkFigures) =>
      `${(b.share * 100).toFixed(0)}% (${b.serverMs.toFixed(0)} ms; its own ${b.handlerMs.toFixed(0)} ms)`;
    const clientAfterLastByte = replayed.serverMs - replayed.handlerMs;
    const most = replayed.inProcessMs / (scanAloneMs + clientAfterLastByte);
    lines.push(
      `| ${scanned.name} | ${scanned.inProcessMs.toFixed(0)} ms | ${cell(scanned)} | ${cell(replayed)} | ${scanAloneMs.toFixed(0)} ms for ${mb(scanBytes)} MB | ${clientAfterLastByte.toFixed(0)} ms | ${(most * 100).toFixed(0)}% |`,
    );
  }
  return lines.join('\n');
}

const tableName = (i: number) => `t${String(i).padStart(6, '0')}`;

/** Root listings through the server against `readdir` and LanceDB's own `listTables`. */
async function listingFigures(): Promise<Figure[]> {
  const listRoot = mkdtempSync(join(tmpdir(), 'cs-bench-list-'));
  const lister = await lancedb.connectNamespace('dir', { root: listRoot });
  // One table made by LanceDB, then copied: a table folder holds only relative paths, so each
  // copy is a whole table, and 100,000 of them take a minute or two instead of twenty.
  await lister.createTable(tableName(0), arrow.tableFromArrays({ id: Int32Array.from([1]) }));
  lister.close();
  for (let i = 1; i < LIST_TABLES; i++) {
    cpSync(join(listRoot, `${tableName(0)}.lance`), join(listRoot, `${tableName(i)}.lance`), {
      recursive: true,
    });
  }
  const lanceLister = await lancedb.connectNamespace('dir', { root: listRoot });
  // Listings are kept only under folder times older than two seconds (the racy rule).
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  const server = await startServerProcess(['--root', listRoot]);
  const listThroughServer = async () => {
    const response = await request(`${server.url}/v1/table/?limit=${LIST_TABLES}`);
    const { tables } = (await response.body.json()) as { tables: string[] };
    if (tables.length !== LIST_TABLES) throw new Error(`listed ${tables.length}`);
  };
  const reps = LIST_TABLES > 10_000 ? 15 : REPS;
  const listed = `list ${LIST_TABLES.toLocaleString('en')} root tables (LanceDB's route)`;
  const vsReaddir = await compare(`${listed} vs readdir`, reps, listThroughServer, () =>
    readdir(listRoot),
  );
  const vsLance = await compare(
    `${listed} vs LanceDB listTables`,
    reps,
    listThroughServer,
    async () => {
      const { tables } = await lanceLister.listTables({ limit: LIST_TABLES });
      if (tables.length !== LIST_TABLES) throw new Error(`LanceDB listed ${tables.length}`);
    },
  );
  lanceLister.close();
  await server.kill('SIGTERM');
  rmSync(listRoot, { recursive: true, force: true });
  return [share(vsReaddir, 70), share(vsLance, 70)];
}

function share(c: Comparison, goalPercent: number): Figure {
  const percent = (c.lanceMs / c.oursMs) * 100;
  return {
    name: `${c.name}: throughput`,
    value: `${percent.toFixed(0)}% of in-process (${c.oursMs.toFixed(2)} vs ${c.lanceMs.toFixed(2)} ms)`,
    goal: `≥ ${goalPercent}%`,
    met: percent >= goalPercent,
  };
}

await main();
