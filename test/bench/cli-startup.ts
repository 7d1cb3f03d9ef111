/**
 * CLI startup benchmark: the time from spawning `node bin/catalog-studio.mjs serve --root DIR
 * --port 0 --workers 1` (a fresh, empty folder each run) to its first stdout line, `listening on
 * …`, which it prints once the server accepts connections. Each run then checks that the server answers and
 * stops it. Node's own startup (`node -e 0`) is measured alongside, and the load average printed:
 * on a busy machine every number here grows. Runs: BENCH_CLI_RUNS (default 9). Target: 300 ms.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { median } from './timing';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = join(ROOT, 'bin/catalog-studio.mjs');
const RUNS = Number(process.env.BENCH_CLI_RUNS ?? 9);
const TARGET_MS = 300;

async function serveOnce(root: string): Promise<number> {
  const started = performance.now();
  // One process (--workers 1): this measures what the command line loads before it listens;
  // test/bench/serve-workers.ts measures the default, which also waits for its workers.
  const child = spawn(
    process.execPath,
    [BIN, 'serve', '--root', root, '--port', '0', '--workers', '1'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
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
  if (list.status !== 200) throw new Error(`GET /v1/namespace/$/list answered ${list.status}`);
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
  const serveTimes: number[] = [];
  const nodeTimes: number[] = [];
  const load = loadavg()[0]!;
  try {
    await serveOnce(join(dir, 'warm-up'));
    for (let run = 0; run < RUNS; run++) {
      nodeTimes.push(nodeOnce());
      serveTimes.push(await serveOnce(join(dir, `run-${run}`)));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const show = (times: number[]) => times.map((t) => t.toFixed(0)).join(' ');
  const serveMedian = median(serveTimes);
  console.log(`CLI startup, ${RUNS} runs, ${cpus().length} cores, load average ${load.toFixed(2)}`);
  console.log(
    `serve --root DIR: median ${serveMedian.toFixed(0)} ms to listening (target ${TARGET_MS} ms: ${serveMedian <= TARGET_MS ? 'met' : 'not met'})`,
  );
  console.log(`  runs: ${show(serveTimes)}`);
  console.log(`node -e 0: median ${median(nodeTimes).toFixed(0)} ms  runs: ${show(nodeTimes)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
