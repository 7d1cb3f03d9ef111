/**
 * CLI startup benchmark: the time from spawning `node bin/catalog-studio.mjs serve --root DIR
 * --port 0` (a fresh, empty folder each run) to its first stdout line, `listening on …`, which it
 * prints once the server accepts connections; each run then checks that the server answers and
 * stops it. Three sides, alternated in one run so that the machine's load falls on all alike:
 * serve as users run it (workers behind a primary, one per core, at least 2), serve
 * --workers 1 (what the command line loads before it listens), and the stack's floor
 * (serve-floor.mjs: node, LanceDB, a connection to the empty folder, Fastify listening). Goal:
 * serve within 1.5x the floor (issue 33). Node's own startup (`node -e 0`) and the load average
 * are printed: on a busy machine every number here grows. Runs: BENCH_CLI_RUNS (default 9).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { median } from './timing';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = join(ROOT, 'bin/catalog-studio.mjs');
const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 9);
const FLOOR = join(ROOT, 'test/bench/serve-floor.mjs');
const GOAL_RATIO = 1.5;

/** The arguments of each side after `node`, for a fresh folder. */
const SIDES = {
  serve: (root: string) => [BIN, 'serve', '--root', root, '--port', '0'],
  'serve --workers 1': (root: string) => [
    BIN,
    'serve',
    '--root',
    root,
    '--port',
    '0',
    '--workers',
    '1',
  ],
  floor: (root: string) => {
    mkdirSync(root, { recursive: true });
    return [FLOOR, root];
  },
} as const;
type Side = keyof typeof SIDES;

/** Milliseconds from spawn to the listening line; then one request answered, and a stop. */
async function startOnce(side: Side, root: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, SIDES[side](root), {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    void exited.then((code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
  const ms = performance.now() - started;
  if (stderr.includes('Building dist/cli')) throw new Error('dist/cli was rebuilt during a run');
  const url = line.replace(/^listening on /, '');
  const list = await fetch(`${url}/v1/namespace/$/list`);
  if (list.status !== 200)
    throw new Error(`${side}: GET /v1/namespace/$/list answered ${list.status}`);
  child.kill('SIGTERM');
  await exited;
  return ms;
}

function nodeOnce(): number {
  const started = performance.now();
  spawnSync(process.execPath, ['-e', '0']);
  return performance.now() - started;
}

async function main(): Promise<void> {
  // `npm run bench:cli` rebuilt dist/cli first if it was stale: that is not startup.
  const help = spawnSync(process.execPath, [BIN, 'help'], { cwd: ROOT, encoding: 'utf8' });
  if (help.status !== 0) throw new Error(`catalog-studio help failed: ${help.stderr}`);
  const dir = mkdtempSync(join(tmpdir(), 'cs-bench-cli-'));
  const sides = Object.keys(SIDES) as Side[];
  const times = new Map<Side, number[]>(sides.map((side) => [side, []]));
  const nodeTimes: number[] = [];
  const load = loadavg()[0]!;
  try {
    for (const side of sides) await startOnce(side, join(dir, `warm-up-${side}`));
    for (let run = 0; run < RUNS; run++) {
      nodeTimes.push(nodeOnce());
      for (const side of sides) {
        times
          .get(side)!
          .push(await startOnce(side, join(dir, `run-${run}-${sides.indexOf(side)}`)));
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const show = (values: number[]) => values.map((t) => t.toFixed(0)).join(' ');
  const floor = median(times.get('floor')!);
  console.log(`CLI startup, ${RUNS} runs, ${cpus().length} cores, load average ${load.toFixed(2)}`);
  for (const side of sides) {
    const ms = median(times.get(side)!);
    const ratio = ms / floor;
    const goal =
      side === 'floor'
        ? ''
        : `, ${ratio.toFixed(2)}x the floor (goal ${GOAL_RATIO}x: ${ratio <= GOAL_RATIO ? 'met' : 'not met'})`;
    console.log(`${side}: median ${ms.toFixed(0)} ms to listening${goal}`);
    console.log(`  runs: ${show(times.get(side)!)}`);
  }
  console.log(`node -e 0: median ${median(nodeTimes).toFixed(0)} ms  runs: ${show(nodeTimes)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
