/**
 * What the primary of `serve --workers N` costs: the same small calls (GET /v1/whoami, POST
 * count_rows on a 1,000-row table) against `serve --workers 1` (one process, no proxy) and
 * `serve --workers 2` (the primary handing connections to two workers) on one folder, in pairs that
 * alternate which side goes first, one keep-alive connection per side. Prints the medians of
 * each side and the median of the pairwise differences, which is the latency the primary adds;
 * then the time each takes to print its listening line.
 *
 * Rounds: BENCH_WORKERS_ROUNDS (default 2000 per call, after 200 to warm up); starts:
 * BENCH_WORKERS_STARTS (default 5).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'undici';
import { connect } from '../../src-main/catalog';
import { sampleTable } from '../support/sample-data';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { median } from './timing';

const ROUNDS = Number(process.env.BENCH_WORKERS_ROUNDS ?? 2000);
const WARM_UP = 200;
const STARTS = Number(process.env.BENCH_WORKERS_STARTS ?? 5);

interface Call {
  name: string;
  send(client: Client): Promise<void>;
}

const CALLS: Call[] = [
  {
    name: 'GET /v1/whoami',
    send: async (client) => {
      const reply = await client.request({ method: 'GET', path: '/v1/whoami' });
      await reply.body.arrayBuffer();
      if (reply.statusCode !== 200) throw new Error(`whoami answered ${reply.statusCode}`);
    },
  },
  {
    name: 'POST count_rows',
    send: async (client) => {
      const reply = await client.request({
        method: 'POST',
        path: '/v1/table/t/count_rows',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      await reply.body.arrayBuffer();
      if (reply.statusCode !== 200) throw new Error(`count_rows answered ${reply.statusCode}`);
    },
  },
];

async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function pairedLatency(single: ServerProcess, proxied: ServerProcess): Promise<void> {
  const one = new Client(single.url, { pipelining: 1 });
  const two = new Client(proxied.url, { pipelining: 1 });
  for (const call of CALLS) {
    for (let i = 0; i < WARM_UP; i++) await Promise.all([call.send(one), call.send(two)]);
    const singleMs: number[] = [];
    const proxiedMs: number[] = [];
    const added: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      let a: number;
      let b: number;
      if (round % 2 === 0) {
        a = await timed(() => call.send(one));
        b = await timed(() => call.send(two));
      } else {
        b = await timed(() => call.send(two));
        a = await timed(() => call.send(one));
      }
      singleMs.push(a);
      proxiedMs.push(b);
      added.push(b - a);
    }
    console.log(
      `${call.name.padEnd(16)} --workers 1: ${median(singleMs).toFixed(3)} ms  ` +
        `--workers 2: ${median(proxiedMs).toFixed(3)} ms  ` +
        `added (median of ${ROUNDS} pairs): ${median(added).toFixed(3)} ms`,
    );
  }
  await Promise.all([one.close(), two.close()]);
}

async function startTimes(root: string, workers: number): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < STARTS; run++) {
    const started = performance.now();
    const server = await startServerProcess(['--root', root, '--workers', String(workers)]);
    times.push(performance.now() - started);
    await server.kill('SIGTERM');
  }
  return median(times);
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'cs-bench-workers-'));
  const engine = await connect(root);
  await engine.createTable('t', sampleTable(1_000, 16));
  await engine.close();
  const single = await startServerProcess(['--root', root, '--workers', '1']);
  const proxied = await startServerProcess(['--root', root, '--workers', '2']);
  try {
    console.log(`load average ${loadavg()[0]!.toFixed(2)} at the start`);
    await pairedLatency(single, proxied);
  } finally {
    await Promise.all([single.kill('SIGTERM'), proxied.kill('SIGTERM')]);
  }
  const [oneStart, twoStart] = [await startTimes(root, 1), await startTimes(root, 2)];
  console.log(
    `listening after (median of ${STARTS}): --workers 1 ${oneStart.toFixed(0)} ms, ` +
      `--workers 2 ${twoStart.toFixed(0)} ms`,
  );
  rmSync(root, { recursive: true, force: true });
}

await main();
