/**
 * A finished import keeps its summary and nothing more. The attack: import a Parquet file whose
 * decoded columns take about 46 MiB, again and again, ending each job a different way (succeeded,
 * failed on a value, cancelled while running, cancelled while still queued), and watch the heap.
 * Each job used to keep its whole decoded source for as long as the job list remembered it.
 *
 * The imports run in a child process started with --expose-gc, so that every figure is taken
 * after a full collection, in a heap that no other test shares.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { writeParquet, Table as WasmTable } from 'parquet-wasm/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrow } from '../../../src-main/catalog/arrow';

const ROOT = resolve(__dirname, '../../..');
const ROWS = 2_000_000;
/** Three float64 columns: what the decoded source holds. */
const DECODED_MIB = (ROWS * 3 * 8) / 2 ** 20;
/** Well below one decoded source: a job that kept it would exceed this on its own. */
const ALLOWED_GROWTH_MIB = 12;

const src = (path: string) => pathToFileURL(join(ROOT, path)).href;

// Runs in the child: every import through the host, as the app makes it.
const CHILD = `
const { Host } = await import(${JSON.stringify(src('src-main/host/host.ts'))});
const { FileSecretStore } = await import(${JSON.stringify(src('src-main/host/secret-store.ts'))});
const { join } = await import('node:path');
const dir = process.env.IMPORT_DIR;
const file = join(dir, 'big.parquet');
const host = new Host({
  userDataDir: join(dir, 'data'),
  secrets: new FileSecretStore(join(dir, 'data', 's.json')),
});
const ok = async (name, input) => {
  const result = await host.call(name, input);
  if (!result.ok) throw new Error(name + ': ' + result.error.message);
  return result.value;
};
const waitJob = async (id) => {
  for (;;) {
    const job = (await ok('jobs:list', {})).find((j) => j.id === id);
    if (job && ['succeeded', 'failed', 'cancelled'].includes(job.state)) return job;
    await new Promise((r) => setTimeout(r, 20));
  }
};
const heapMiB = async () => {
  for (let i = 0; i < 4; i++) {
    globalThis.gc();
    await new Promise((r) => setTimeout(r, 20));
  }
  const m = process.memoryUsage();
  return (m.heapUsed + m.arrayBuffers) / 2 ** 20;
};
const { id: connectionId } = await ok('connections:open-folder', {
  path: join(dir, 'catalog'),
  create: true,
});
const start = (table, extra = {}) =>
  ok('imports:start', { connectionId, path: file, namespacePath: [], table, mode: 'create', ...extra });

// One import first, so that modules, WebAssembly memory and LanceDB's caches are in the baseline.
await waitJob((await start('warm_up')).id);
const base = await heapMiB();
const growth = {};
const states = {};

states.succeeded = (await waitJob((await start('done')).id)).state;
growth.succeeded = (await heapMiB()) - base;

const failing = await start('failing', { columns: [{ source: 'a', name: 'a', type: 'int32' }] });
states.failed = (await waitJob(failing.id)).state;
growth.failed = (await heapMiB()) - base;

// One import runs at a time: the second waits in the queue, and is cancelled there.
const running = await start('running');
const queued = await start('queued');
await ok('jobs:cancel', { connectionId, jobId: queued.id });
await ok('jobs:cancel', { connectionId, jobId: running.id });
states.queuedCancel = (await waitJob(queued.id)).state;
states.runningCancel = (await waitJob(running.id)).state;
growth.cancelled = (await heapMiB()) - base;

await host.close();
process.stdout.write(JSON.stringify({ base, growth, states }) + '\\n');
`;

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cs-import-memory-'));
  const columns = Object.fromEntries(
    ['a', 'b', 'c'].map((name, k) => [
      name,
      Float64Array.from({ length: ROWS }, (_, i) => i * (k + 0.5)),
    ]),
  );
  const table = arrow.tableFromArrays(columns);
  writeFileSync(
    join(dir, 'big.parquet'),
    writeParquet(WasmTable.fromIPCStream(arrow.tableToIPC(table, 'stream'))),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('finished import jobs', () => {
  it('keep no decoded source, whether they succeeded, failed or were cancelled', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', CHILD],
      { cwd: ROOT, env: { ...process.env, IMPORT_DIR: dir }, maxBuffer: 1 << 20 },
    );
    const result = JSON.parse(stdout.trim().split('\n').pop()!) as {
      base: number;
      growth: Record<'succeeded' | 'failed' | 'cancelled', number>;
      states: Record<string, string>;
    };
    expect(result.states).toMatchObject({
      succeeded: 'succeeded',
      failed: 'failed',
      queuedCancel: 'cancelled',
    });
    // Cancelled while running, or finished just before the cancel arrived: either way, ended.
    expect(['cancelled', 'succeeded']).toContain(result.states.runningCancel);
    // Four more jobs finished after the baseline: one kept source would be 46 MiB.
    for (const [state, mib] of Object.entries(result.growth)) {
      expect(
        mib,
        `heap growth after the ${state} job: ${mib.toFixed(1)} MiB, with a decoded source of ${DECODED_MIB.toFixed(0)} MiB`,
      ).toBeLessThan(ALLOWED_GROWTH_MIB);
    }
  });
});
