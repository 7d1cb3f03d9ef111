/**
 * Two builds of `serve` side by side (`npm run bench:server-ab -- BUILD_A BUILD_B`, each a built
 * `dist/cli` folder, say one copied from a checkout of main and one from a change). For each
 * search of `bench:server` (IVF_PQ k=10, BTREE `id = N`, FTS k=10 on BENCH_SEARCH_ROWS rows), both
 * servers and LanceDB in-process are called once a round, in an order shuffled each round, after
 * BENCH_AB_WARM calls to each server; the figures are each build's added time over in-process and
 * the median of B − A, over BENCH_AB_ROUNDS rounds.
 *
 * Why: a change to the search path moves it by tens of microseconds, and one `bench:server` run's
 * medians drift by ±0.3 ms from the next on this machine. Called round by round, both builds see
 * the same drift. What is left is the servers' own: a build against a copy of itself came out
 * 0.10 ms apart on IVF_PQ (0.00 ms on BTREE and FTS), so run each comparison in both orders. The
 * table is built by a third server: the one that built the indexes would carry that work's heap
 * into the comparison. Both serve `--workers 1` on one folder; nothing fails on wall time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { startListeningProcess, type ServerProcess } from '../support/server-process';
import { buildSearchedThroughServer } from './server-tables';
import { searchWorkloads } from './server-searches';
import { median } from './timing';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ROWS = env('BENCH_SEARCH_ROWS', 200_000);
const DIM = env('BENCH_DIM', 128);
const WARM = env('BENCH_AB_WARM', 1_000);
const ROUNDS = env('BENCH_AB_ROUNDS', 300);

function serve(build: string, root: string): Promise<ServerProcess> {
  const cli = join(resolve(build), 'cli.mjs');
  return startListeningProcess(build, [
    cli,
    'serve',
    ...['--host', '127.0.0.1', '--port', '0', '--root', root, '--workers', '1'],
  ]);
}

/** Fisher-Yates: which of the three goes first must not favour either build. */
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

async function main(): Promise<void> {
  const [buildA, buildB] = process.argv.slice(2);
  if (!buildA || !buildB)
    throw new Error('usage: bench:server-ab -- BUILD_A BUILD_B (dist/cli folders)');
  const root = mkdtempSync(join(tmpdir(), 'cs-bench-ab-'));
  const servers: ServerProcess[] = [];
  try {
    // Built by a server of its own (see above; against itself, a build differed by 0.12 ms for
    // BTREE when one of the two had built the indexes).
    const builder = await serve(buildA, root);
    try {
      await buildSearchedThroughServer(builder.url, ROWS, DIM);
    } finally {
      await builder.kill('SIGTERM');
    }
    servers.push(await serve(buildA, root), await serve(buildB, root));
    const open = async (uri: string, options?: Partial<lancedb.ConnectionOptions>) =>
      (await lancedb.connect(uri, options)).openTable('searched');
    const local = await open(root);
    const [a, b] = await Promise.all(
      servers.map((s) => open('db://bench', { apiKey: 'unused', hostOverride: s.url })),
    );
    const { searches } = await searchWorkloads(local, ROWS);
    console.log(
      `\nTwo builds of serve, interleaved (${new Date().toISOString()}, load ${loadavg()[0]!.toFixed(1)})`,
    );
    console.log(`A = ${buildA}, B = ${buildB}; ${ROUNDS} rounds after ${WARM} calls each\n`);
    console.log('| search | A added | B added | B − A (median of rounds) |');
    console.log('|---|---:|---:|---:|');
    // BENCH_AB_ONLY=BTREE (say) runs only the searches whose names start with it.
    const only = process.env.BENCH_AB_ONLY ?? '';
    for (const { name, call: search } of searches.filter((s) => s.name.startsWith(only))) {
      for (let i = 0; i < WARM; i++) for (const t of [a!, b!]) await search(t, i);
      const addedA: number[] = [];
      const addedB: number[] = [];
      const diff: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const took = new Map<lancedb.Table, number>();
        for (const t of shuffled([a!, b!, local])) {
          const started = performance.now();
          await search(t, round);
          took.set(t, performance.now() - started);
        }
        addedA.push(took.get(a!)! - took.get(local)!);
        addedB.push(took.get(b!)! - took.get(local)!);
        diff.push(took.get(b!)! - took.get(a!)!);
      }
      const ms = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(3)} ms`;
      console.log(
        `| ${name} | ${ms(median(addedA))} | ${ms(median(addedB))} | ${ms(median(diff))} |`,
      );
    }
  } finally {
    await Promise.all(servers.map((s) => s.kill('SIGTERM')));
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
